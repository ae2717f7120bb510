import { expect } from 'chai';
import { deliverySettings } from '../../src/delivery/settings';
import { ConfigurationError } from '../../src/config';

describe('Delivery: settings from the environment (unit)', () => {
  it('has the documented defaults, and takes the values given', () => {
    expect(deliverySettings({})).to.deep.equal({ sweepIntervalMs: 30_000, pickupWorkingDays: 10, changesPageLimit: 1000, changesLeaseMs: 30_000, demoData: undefined });
    expect(
      deliverySettings({ DELIVERY_SWEEP_INTERVAL_MS: '500', DELIVERY_PICKUP_WORKING_DAYS: '5', DELIVERY_CHANGES_PAGE_LIMIT: '20', DELIVERY_CHANGES_LEASE_MS: '0', DELIVERY_DEMO_DATA: 'false' }),
    ).to.deep.equal({ sweepIntervalMs: 500, pickupWorkingDays: 5, changesPageLimit: 20, changesLeaseMs: 0, demoData: false });
  });

  it('refuses values that would make the service misbehave, naming the setting', () => {
    for (const [name, value] of [['DELIVERY_SWEEP_INTERVAL_MS', '0'], ['DELIVERY_PICKUP_WORKING_DAYS', '0'], ['DELIVERY_CHANGES_PAGE_LIMIT', '10001'], ['DELIVERY_CHANGES_PAGE_LIMIT', '1e3'], ['DELIVERY_DEMO_DATA', 'yes']]) {
      expect(() => deliverySettings({ [name]: value }), `${name}=${value}`).to.throw(ConfigurationError, new RegExp(`^${name} `));
    }
  });
});

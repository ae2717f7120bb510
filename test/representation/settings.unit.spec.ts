import { expect } from 'chai';
import { ConfigurationError } from '../../src/config';
import { representationSettings } from '../../src/representation/settings';

describe('Power of representation: settings from the environment (unit)', () => {
  it('the documented defaults, and the values given', () => {
    expect(representationSettings({})).to.deep.equal({ sweepIntervalMs: 5000, expiresSoonWithinMs: 7 * 86_400_000 });
    expect(representationSettings({ REPRESENTATION_SWEEP_INTERVAL_MS: '250', REPRESENTATION_EXPIRES_SOON_DAYS: '0' })).to.deep.equal({ sweepIntervalMs: 250, expiresSoonWithinMs: 0 });
  });

  it('refuses an interval that would make the sweep a busy loop, and a window that is not whole days', () => {
    expect(() => representationSettings({ REPRESENTATION_SWEEP_INTERVAL_MS: '0' })).to.throw(ConfigurationError, /REPRESENTATION_SWEEP_INTERVAL_MS must be an integer from 10/);
    expect(() => representationSettings({ REPRESENTATION_EXPIRES_SOON_DAYS: '1.5' })).to.throw(ConfigurationError, /REPRESENTATION_EXPIRES_SOON_DAYS must be an integer from 0 to 3650/);
  });
});

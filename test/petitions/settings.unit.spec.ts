import { expect } from 'chai';
import { ConfigurationError } from '../../src/config';
import { petitionsSettings } from '../../src/petitions/settings';

describe('Petitions: settings from the environment (unit)', () => {
  it('the documented defaults, and the values given', () => {
    expect(petitionsSettings({})).to.deep.equal({ sweepIntervalMs: 60_000, deadlineWarningDays: 3, demoData: undefined });
    expect(petitionsSettings({ PETITIONS_SWEEP_INTERVAL_MS: '500', PETITIONS_DEADLINE_WARNING_DAYS: '5', PETITIONS_DEMO_DATA: 'false' })).to.deep.equal({ sweepIntervalMs: 500, deadlineWarningDays: 5, demoData: false });
  });

  it('refuses values that would make the sweep a busy loop or the warning meaningless', () => {
    for (const env of [{ PETITIONS_SWEEP_INTERVAL_MS: '0' }, { PETITIONS_SWEEP_INTERVAL_MS: 'abc' }, { PETITIONS_DEADLINE_WARNING_DAYS: '0' }, { PETITIONS_DEADLINE_WARNING_DAYS: '31' }, { PETITIONS_DEMO_DATA: 'yes' }]) {
      expect(() => petitionsSettings(env), JSON.stringify(env)).to.throw(ConfigurationError, new RegExp(Object.keys(env)[0]));
    }
  });
});

import { expect } from 'chai';
import { ConfigurationError, durationSetting, integerSetting, loadConfig } from '../../src/config';

describe('Configuration settings (unit)', () => {
  it('reads integers written in decimal digits only', () => {
    expect(integerSetting({ PORT: '8443' }, 'PORT', 1)).to.equal(8443);
    expect(integerSetting({}, 'PORT', 1)).to.equal(1);
    for (const written of ['1e3', '0x10', ' 8443', '8443 ', '8443.0', '+5', 'abc', '99999999999999999999']) {
      expect(() => integerSetting({ PORT: written }, 'PORT', 1), written).to.throw(ConfigurationError, /PORT must be an integer/);
    }
  });

  it('takes no duration a Node timer cannot wait, so that no _MS setting fires at once or overflows a date', () => {
    expect(durationSetting({ X_MS: '2147483647' }, 'X_MS', 1)).to.equal(2 ** 31 - 1);
    expect(() => durationSetting({ X_MS: '2147483648' }, 'X_MS', 1)).to.throw(ConfigurationError, /from 0 to 2147483647/);
    for (const name of ['EXCHANGE_POLL_TIMEOUT_MS', 'EXCHANGE_INSTANCE_IDLE_EXPIRY_MS', 'EXCHANGE_LANE_LEASE_MS', 'EXCHANGE_BATCH_LINGER_MS']) {
      expect(() => loadConfig({ [name]: '9007199254740991' }), name).to.throw(ConfigurationError, new RegExp(name));
    }
  });
});

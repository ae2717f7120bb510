import { expect } from 'chai';
import { ConfigurationError, durationSetting, integerSetting, loadConfig } from '../src/config';

describe('loadConfig: settings from the environment (unit)', () => {
  it('takes the documented defaults and the values given', () => {
    const config = loadConfig({ PORT: '9443', EXCHANGE_GROUP_SHARDS: '4', LOG_LEVEL: 'warn' });
    expect(config).to.include({ port: 9443, logLevel: 'warn', publicUrl: 'https://localhost:9443' });
    expect(config.exchange).to.include({ groupShards: 4, batchSize: 100, pollTimeoutMs: 30_000 });
  });

  it('refuses a value it cannot run with, naming the variable', () => {
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigurationError) return error.message;
        throw error;
      }
      return 'accepted';
    };
    expect(refusal({ PORT: 'abc' })).to.match(/^PORT must be an integer from 0 to 65535/);
    expect(refusal({ PORT: '70000' })).to.match(/^PORT /);
    expect(refusal({ EXCHANGE_GROUP_SHARDS: '0' })).to.match(/^EXCHANGE_GROUP_SHARDS must be an integer from 1 up/);
    expect(refusal({ EXCHANGE_BATCH_SIZE: '1.5' })).to.match(/^EXCHANGE_BATCH_SIZE /);
    expect(refusal({ LOG_LEVEL: 'loud' })).to.match(/^LOG_LEVEL must be one of/);
    expect(refusal({ EXCHANGE_LANE_LEASE_MS: '1000' }), 'renewed every second, a shorter lease would keep lapsing').to.match(/^EXCHANGE_LANE_LEASE_MS must be an integer from 3000 to 2147483647/);
  });

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

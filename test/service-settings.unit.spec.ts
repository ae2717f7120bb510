import { expect } from 'chai';
import { bookingSettings } from '../src/booking/settings';
import { ConfigurationError } from '../src/config';
import { notificationSettings } from '../src/notification/settings';

/** The message of the ConfigurationError `read` throws, or 'accepted'. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof ConfigurationError) return error.message;
    throw error;
  }
  return 'accepted';
}

describe('Service settings from the environment (unit)', () => {
  it('booking: the documented defaults, and the values given', () => {
    expect(bookingSettings({})).to.deep.equal({ sweepIntervalMs: 1000, recoveryGraceMs: 60_000, demoData: undefined });
    expect(bookingSettings({ BOOKING_SWEEP_INTERVAL_MS: '250', BOOKING_RECOVERY_GRACE_MS: '5000', BOOKING_DEMO_DATA: 'false' })).to.deep.equal({
      sweepIntervalMs: 250,
      recoveryGraceMs: 5000,
      demoData: false,
    });
  });

  it('booking: refuses a sweep interval that would make the sweep a busy loop, and a misspelt switch', () => {
    // Number('abc') was NaN, and a timer of NaN or 0 ms fires at once, over and over
    expect(refusal(() => bookingSettings({ BOOKING_SWEEP_INTERVAL_MS: 'abc' }))).to.match(/^BOOKING_SWEEP_INTERVAL_MS must be an integer from 10 to 2147483647, got "abc"/);
    expect(refusal(() => bookingSettings({ BOOKING_SWEEP_INTERVAL_MS: '0' }))).to.match(/^BOOKING_SWEEP_INTERVAL_MS /);
    expect(refusal(() => bookingSettings({ BOOKING_SWEEP_INTERVAL_MS: '3000000000' }))).to.match(/^BOOKING_SWEEP_INTERVAL_MS /);
    expect(refusal(() => bookingSettings({ BOOKING_RECOVERY_GRACE_MS: '10' }))).to.match(/^BOOKING_RECOVERY_GRACE_MS must be an integer from 1000 to 2147483647/);
    expect(refusal(() => bookingSettings({ BOOKING_DEMO_DATA: 'no' }))).to.equal('BOOKING_DEMO_DATA must be one of true, false, got "no"');
  });

  it('notification: switches are true/false (on/off for the dispatcher), counts and timeouts at least 1', () => {
    const defaults = notificationSettings({});
    expect(defaults.smtp).to.include({ secure: false, rejectUnauthorized: true, port: 25, maxConnections: 5 });
    expect(defaults).to.include({ dispatcherEnabled: true, maxAttempts: 5, dispatchConcurrency: 32 });
    expect(notificationSettings({ NOTIFY_SMTP_SECURE: 'true', NOTIFY_DISPATCHER: 'off' })).to.deep.include({ dispatcherEnabled: false });
    expect(notificationSettings({ NOTIFY_SMTP_SECURE: 'true' }).smtp.secure).to.equal(true);

    // each of these used to be read as the default or as 0, silently
    expect(refusal(() => notificationSettings({ NOTIFY_SMTP_SECURE: 'yes' }))).to.equal('NOTIFY_SMTP_SECURE must be one of true, false, got "yes"');
    expect(refusal(() => notificationSettings({ NOTIFY_SMTP_TLS_REJECT_UNAUTHORIZED: '0' }))).to.match(/^NOTIFY_SMTP_TLS_REJECT_UNAUTHORIZED must be one of true, false/);
    expect(refusal(() => notificationSettings({ NOTIFY_DISPATCHER: 'of' }))).to.equal('NOTIFY_DISPATCHER must be one of on, off, got "of"');
    expect(refusal(() => notificationSettings({ NOTIFY_MAX_ATTEMPTS: '0' }))).to.match(/^NOTIFY_MAX_ATTEMPTS must be an integer from 1 up/);
    expect(refusal(() => notificationSettings({ NOTIFY_SMTP_PORT: '70000' }))).to.match(/^NOTIFY_SMTP_PORT must be an integer from 1 to 65535/);
    expect(refusal(() => notificationSettings({ NOTIFY_GATEWAY_TIMEOUT_MS: '0' }))).to.match(/^NOTIFY_GATEWAY_TIMEOUT_MS /);
    expect(refusal(() => notificationSettings({ NOTIFY_DISPATCH_CONCURRENCY: '0' }))).to.match(/^NOTIFY_DISPATCH_CONCURRENCY /);
  });
});

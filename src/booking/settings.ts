import { booleanSetting, durationSetting } from '../config';

/** The booking service's settings, read from the environment when the service starts (docs/booking.md). */
export type BookingSettings = {
  /** how often the scheduler looks for expired appointments and stalled requests */
  sweepIntervalMs: number;
  /** how long a request may stay undecided after it was received before the recovery abandons it */
  recoveryGraceMs: number;
  /** load the demo data on the first start; unset: only on the embedded profile */
  demoData?: boolean;
};

export function bookingSettings(env: NodeJS.ProcessEnv = process.env): BookingSettings {
  return {
    sweepIntervalMs: durationSetting(env, 'BOOKING_SWEEP_INTERVAL_MS', 1000, 10),
    recoveryGraceMs: durationSetting(env, 'BOOKING_RECOVERY_GRACE_MS', 60_000, 1000),
    demoData: env.BOOKING_DEMO_DATA ? booleanSetting(env, 'BOOKING_DEMO_DATA', false) : undefined,
  };
}

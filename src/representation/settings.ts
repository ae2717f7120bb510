import { durationSetting, integerSetting } from '../config';

/** The power-of-representation service's settings, read from the environment when it starts (docs/representation.md). */
export type RepresentationSettings = {
  /** how often the scheduler looks for powers that become valid, expire soon or expire */
  sweepIntervalMs: number;
  /** how long before its end a valid power "expires soon" (the event and the parties' notice) */
  expiresSoonWithinMs: number;
};

const DAY_MS = 86_400_000;

export function representationSettings(env: NodeJS.ProcessEnv = process.env): RepresentationSettings {
  return {
    sweepIntervalMs: durationSetting(env, 'REPRESENTATION_SWEEP_INTERVAL_MS', 5000, 10),
    expiresSoonWithinMs: integerSetting(env, 'REPRESENTATION_EXPIRES_SOON_DAYS', 7, 0, 3650) * DAY_MS,
  };
}

import { booleanSetting, durationSetting, integerSetting } from '../config';

/** The petition service's settings, read from the environment when the service starts (docs/petitions.md). */
export type PetitionsSettings = {
  /** how often the scheduler looks for answer deadlines that are near or passed */
  sweepIntervalMs: number;
  /** how many days before an answer's due date the responsible person is told it is near */
  deadlineWarningDays: number;
  /** load the demo petitions on the first start; unset: only on the embedded profile */
  demoData?: boolean;
};

export function petitionsSettings(env: NodeJS.ProcessEnv = process.env): PetitionsSettings {
  return {
    sweepIntervalMs: durationSetting(env, 'PETITIONS_SWEEP_INTERVAL_MS', 60_000, 100),
    deadlineWarningDays: integerSetting(env, 'PETITIONS_DEADLINE_WARNING_DAYS', 3, 1, 30),
    demoData: env.PETITIONS_DEMO_DATA ? booleanSetting(env, 'PETITIONS_DEMO_DATA', false) : undefined,
  };
}

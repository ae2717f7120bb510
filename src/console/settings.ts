import { durationSetting, integerSetting } from '../config';

/** The console's settings, read from the environment when it starts (docs/console.md). */
export type ConsoleSettings = {
  /** how often where every consumer group stands is sampled, for the lag chart */
  lagSampleMs: number;
  /** how many samples are kept (in memory: the chart starts anew at every start) */
  lagSamples: number;
};

export function consoleSettings(env: NodeJS.ProcessEnv = process.env): ConsoleSettings {
  return {
    lagSampleMs: durationSetting(env, 'CONSOLE_LAG_SAMPLE_MS', 10_000, 100),
    lagSamples: integerSetting(env, 'CONSOLE_LAG_SAMPLES', 360, 2, 100_000),
  };
}

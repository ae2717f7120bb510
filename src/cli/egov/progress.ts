import { Presets, SingleBar } from 'cli-progress';

/**
 * A progress bar with an ETA on stderr (stdout stays for data). cli-progress draws only on a terminal;
 * piped or in a test, the commands' summary lines are what is printed.
 */
export function progressBar(label: string, unit: string): SingleBar {
  return new SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} ${unit} | ETA {eta_formatted}`,
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 50,
    },
    Presets.shades_classic,
  );
}

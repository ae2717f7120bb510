import { loadConfig } from '../config';
import { replayProjections, ReplayRefused } from './replay-projections';

/**
 * `npm run replay -- [projection ...]`: rebuilds read models from the log (all projections, or the named
 * ones), printing progress. `npx egov replay` does the same with progress bars.
 */
const started = Date.now();
let lastPrinted = 0;
try {
  const { replayed, profile } = await replayProjections(loadConfig(), process.argv.slice(2), {
    advanced(projection, position, head) {
      if (Date.now() - lastPrinted > 500 || position >= head) {
        lastPrinted = Date.now();
        process.stderr.write(`\r${projection}: position ${position} of ${head} (${head ? Math.floor((100 * position) / head) : 100}%)   `);
      }
    },
    finished: (projection, applied) => process.stderr.write(`\n${projection}: ${applied} events applied\n`),
  });
  process.stderr.write(`replayed ${replayed} projection(s) from ${profile} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
} catch (error) {
  if (!(error instanceof ReplayRefused)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError, loadConfig } from '../config';
import { createLogger } from '../platform/logger';
import { ProjectionRunner } from '../platform/projections/projection-runner';
import { openStores } from '../platform/storage';
import { createServiceModules } from '../services';

/**
 * `npm run replay -- [projection ...]`: rebuilds read models from the log (all projections, or the named
 * ones), printing progress. It refuses to run while a platform process holds the same DATA_DIR.
 */
const config = loadConfig();
const projections = createServiceModules().flatMap((service) => service.projections);
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !projections.some((projection) => projection.name === name));
if (unknown.length > 0) {
  process.stderr.write(`unknown projection(s): ${unknown.join(', ')}\nknown: ${projections.map((p) => p.name).join(', ') || '(none)'}\n`);
  process.exit(2);
}
// opening the embedded stores would create them: a mistyped DATA_DIR would be "replayed" as an empty log
if (!config.eventStoreUrl && !existsSync(join(config.dataDir, 'events.sqlite'))) {
  process.stderr.write(`${config.dataDir} holds no event log (events.sqlite): nothing to replay (is DATA_DIR right?)\n`);
  process.exit(2);
}
const stores = await openStores(config).catch((error: unknown) => {
  if (!(error instanceof ConfigurationError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
});
const runner = new ProjectionRunner(stores.events, stores.documents, projections, createLogger('warn'));
const started = Date.now();
const chosen = projections.filter((projection) => requested.length === 0 || requested.includes(projection.name));
for (const projection of chosen) {
  let lastPrinted = 0;
  const applied = await runner.rebuild(projection.name, (position, head) => {
    if (Date.now() - lastPrinted > 500 || position >= head) {
      lastPrinted = Date.now();
      process.stderr.write(`\r${projection.name}: position ${position} of ${head} (${head ? Math.floor((100 * position) / head) : 100}%)   `);
    }
  });
  process.stderr.write(`\n${projection.name}: ${applied} events applied\n`);
}
process.stderr.write(`replayed ${chosen.length} projection(s) from ${stores.profile} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
await stores.close();

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigurationError, loadConfig } from '../config';
import { loadEventSchemas } from '../exchange/exchange-module';
import { apiDocuments } from '../platform-apis';
import { createServiceModules } from '../services';

/**
 * `npm run api-documents -- [directory]`: writes openapi.json and asyncapi.json, as the platform would serve
 * them with this environment (PUBLIC_URL, EVENT_SCHEMAS_DIR), without starting it: for generating clients.
 */
const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) {
  process.stderr.write('usage: npm run api-documents -- [directory]   (default: the current directory)\n');
  process.exit(2);
}
try {
  const config = loadConfig();
  const target = resolve(args[0] ?? '.');
  mkdirSync(target, { recursive: true });
  const documents = apiDocuments(createServiceModules(), loadEventSchemas(config), () => config.publicUrl);
  const openapi = documents.openapi();
  const asyncapi = documents.asyncapi();
  writeFileSync(join(target, 'openapi.json'), `${JSON.stringify(openapi, null, 2)}\n`);
  writeFileSync(join(target, 'asyncapi.json'), `${JSON.stringify(asyncapi, null, 2)}\n`);
  process.stderr.write(`wrote ${join(target, 'openapi.json')} (${Object.keys(openapi.paths).length} paths) and ${join(target, 'asyncapi.json')}\n`);
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  process.stderr.write(`configuration: ${error.message} (docs/configuration.md)\n`);
  process.exit(2);
}

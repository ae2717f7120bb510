import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { projectRoot } from '../platform/project-paths';
import { generateSdkTypes, SDK_TYPES_FILE } from '../platform/openapi/sdk-types';

/**
 * `npm run generate:sdk`: writes the SDK's types of the platform's HTTP APIs (src/sdk/generated/openapi.ts)
 * from the OpenAPI document built from the code, without starting the platform. `-- --check` writes
 * nothing and fails when the committed file is not what the code generates. A development tool: it needs
 * the development packages (openapi-typescript).
 */
const args = process.argv.slice(2);
if (args.length > 1 || (args[0] !== undefined && args[0] !== '--check')) {
  process.stderr.write('usage: npm run generate:sdk [-- --check]\n');
  process.exit(2);
}
const file = relative(projectRoot, SDK_TYPES_FILE);
const generated = await generateSdkTypes();
let committed: string | undefined;
try {
  committed = readFileSync(SDK_TYPES_FILE, 'utf8');
} catch {
  committed = undefined;
}
if (args[0] === '--check') {
  if (committed !== generated) {
    process.stderr.write(`${file} is not what the OpenAPI document generates: run npm run generate:sdk and commit it\n`);
    process.exit(1);
  }
  process.stderr.write(`${file} is up to date\n`);
} else if (committed === generated) {
  process.stderr.write(`${file} is up to date\n`);
} else {
  mkdirSync(dirname(SDK_TYPES_FILE), { recursive: true });
  writeFileSync(SDK_TYPES_FILE, generated);
  process.stderr.write(`wrote ${file} (${generated.split('\n').length} lines)\n`);
}

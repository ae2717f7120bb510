import { join } from 'node:path';
// a development package: only `npm run generate:sdk` and the test of the generated file load this module
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { platformApis } from '../../platform-apis';
import { createServiceModules } from '../../services';
import { projectRoot, readProjectJson } from '../project-paths';
import { buildOpenApi } from './openapi-document';

/** Where the SDK's generated types of the platform's HTTP APIs are committed (a .ts, so that tsc emits its declarations into dist/). */
export const SDK_TYPES_FILE = join(projectRoot, 'src/sdk/generated/openapi.ts');

/**
 * The SDK's types of every operation of the platform's OpenAPI document, as `openapi-typescript` writes them
 * (`paths`, `components`, `operations`), for `openapi-fetch`. The document is the one `npm run api-documents`
 * writes, built from the code; its servers and version, which vary by environment, do not enter the types.
 */
export async function generateSdkTypes(): Promise<string> {
  const version = readProjectJson<{ version: string }>('package.json').version;
  const document = buildOpenApi({ apis: platformApis(createServiceModules()), publicUrl: 'https://localhost:8443', version });
  const nodes = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { silent: true });
  const header = COMMENT_HEADER.replace(' */', ' * Generated from the platform\'s OpenAPI document: regenerate with `npm run generate:sdk`.\n */');
  return `${header}${astToString(nodes)}`;
}

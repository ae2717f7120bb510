import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expect } from 'chai';
import { buildOpenApi } from '../../src/platform/openapi/openapi-document';
import { generateSdkTypes, SDK_TYPES_FILE } from '../../src/platform/openapi/sdk-types';
import { platformApis } from '../../src/platform-apis';
import { projectRoot } from '../../src/platform/project-paths';
import { createServiceModules } from '../../src/services';

/** The SDK's committed types of the APIs are what the OpenAPI document of the code generates: they cannot drift from the API. */
describe('SDK: the generated API types', function () {
  this.timeout(60_000);

  it('are what npm run generate:sdk writes from the current OpenAPI document', async () => {
    const generated = await generateSdkTypes();
    const committed = readFileSync(SDK_TYPES_FILE, 'utf8');
    if (committed === generated) return;
    const [fresh, old] = [generated.split('\n'), committed.split('\n')];
    const line = fresh.findIndex((text, index) => text !== old[index]);
    expect.fail(
      `${relative(projectRoot, SDK_TYPES_FILE)} is not what the OpenAPI document generates (first difference at line ${line + 1}: ` +
        `committed ${JSON.stringify(old[line] ?? '(end of file)')}, generated ${JSON.stringify(fresh[line] ?? '(end of file)')}): run npm run generate:sdk and commit it`,
    );
  });

  it('describe every path of the document, and only its paths', () => {
    const document = buildOpenApi({ apis: platformApis(createServiceModules()), publicUrl: 'https://localhost:8443', version: 'test' });
    const source = readFileSync(SDK_TYPES_FILE, 'utf8');
    const paths = source.slice(source.indexOf('export interface paths {'), source.indexOf('\nexport type webhooks'));
    const typed = [...paths.matchAll(/^ {4}"([^"]+)": \{$/gm)].map((match) => match[1]);
    expect(typed).to.deep.equal(Object.keys(document.paths));
  });
});

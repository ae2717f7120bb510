import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { projectRoot } from '../../src/platform/project-paths';
import { TestPlatform } from '../support/test-platform';

/** The SDK as an integrator gets it: compiled to JavaScript by its own tsconfig (npm run build:sdk), loaded by plain Node. */
describe('SDK: the compiled package (e2e over mTLS)', function () {
  this.timeout(120_000);
  // under the repository, so that the compiled files find the dependencies in its node_modules
  const outDir = join(projectRoot, '.tmp', 'sdk-package-test');
  let platform: TestPlatform;

  before(async () => {
    execFileSync(process.execPath, [join(projectRoot, 'node_modules/typescript/bin/tsc'), '-p', join(projectRoot, 'src/sdk/tsconfig.json'), '--outDir', outDir]);
    platform = await TestPlatform.start();
  });
  after(async () => {
    rmSync(outDir, { recursive: true, force: true });
    await platform.stop();
  });

  it('declares its entry point and types where the build writes them', () => {
    const manifest = JSON.parse(readFileSync(join(projectRoot, 'src/sdk/package.json'), 'utf8'));
    expect(manifest.exports['.']).to.deep.equal({ types: './dist/index.d.ts', default: './dist/index.js' });
    expect(readFileSync(join(outDir, 'index.d.ts'), 'utf8')).to.contain('EgovClient');
  });

  for (const [what, flag, script] of [
    ['import', '--input-type=module', `const { EgovClient } = await import(process.argv[1]);`],
    ['require', '--input-type=commonjs', `const { EgovClient } = require(process.argv[1]); (async () => {`],
  ] as const) {
    // asynchronously: the platform under test runs in this process
    it(`produces with plain Node loading the JavaScript by ${what}`, async () => {
      const { pki } = platform;
      const body =
        `${script} const client = new EgovClient({ url: process.argv[2], ca: ${JSON.stringify(pki.caCert)}, ` +
        `cert: ${JSON.stringify(pki.clientCert('demo-producer'))}, key: ${JSON.stringify(pki.clientKey('demo-producer'))} });` +
        `const event = await client.produce({ source: 'urn:demo:producer', type: 'demo.order.created', data: { orderId: 1 } });` +
        `console.log(event.id); await client.close();${what === 'require' ? '})();' : ''}`;
      const run = await promisify(execFile)(process.execPath, [flag, '-e', body, join(outDir, 'index.js'), platform.baseUrl], { encoding: 'utf8' });
      expect(run.stdout.trim()).to.match(/^[0-9a-f-]{36}$/);
    });
  }

  it('calls the typed API client with plain Node, refusals as the typed problem', async () => {
    const { pki } = platform;
    const files = { ca: pki.caCert, cert: pki.clientCert('demo-producer'), key: pki.clientKey('demo-producer') };
    const body =
      `const { createApiClient, unwrap } = await import(process.argv[1]); const api = createApiClient({ url: process.argv[2], ...${JSON.stringify(files)} });` +
      `const settings = await unwrap(api.GET('/ce/tools/my-settings'));` +
      `const refused = await api.GET('/api/Notification/{id}', { params: { path: { id: 'x' } } });` +
      `console.log(settings.client, refused.response.status, refused.error.status); await api.close();`;
    const run = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', body, join(outDir, 'index.js'), platform.baseUrl], { encoding: 'utf8' });
    expect(run.stdout.trim()).to.equal('demo-producer 403 403');
  });

  it('gives an integrator\'s TypeScript (NodeNext) the typed paths from the declarations it ships', async () => {
    const file = join(outDir, 'integrator.ts');
    writeFileSync(
      file,
      [
        `import { createApiClient, unwrap, type ApiSchemas } from './index.js';`,
        `const api = createApiClient({ url: 'https://localhost:8443', ca: 'ca.crt', cert: 'client.crt', key: 'client.key' });`,
        `export const notification = async (id: string) => (await unwrap(api.GET('/api/Notification/{id}', { params: { path: { id } } }))).Status;`,
        `export const problem = async (): Promise<ApiSchemas['PlatformProblem'] | undefined> => (await api.GET('/ce/tools/my-settings')).error;`,
        `// @ts-expect-error: not a path of the document`,
        `export const nowhere = () => api.GET('/api/v1/nowhere');`,
        `// @ts-expect-error: the path parameter is id`,
        `export const misnamed = () => api.GET('/api/Notification/{id}', { params: { path: { notificationId: 'x' } } });`,
        '',
      ].join('\n'),
    );
    const tsc = join(projectRoot, 'node_modules/typescript/bin/tsc');
    const flags = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'ES2022', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--types', 'node', file];
    const run = await promisify(execFile)(process.execPath, [tsc, ...flags], { encoding: 'utf8' }).catch((error: { stdout: string }) => error);
    expect(run.stdout).to.equal('');
  });
});

import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, rmSync } from 'node:fs';
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
});

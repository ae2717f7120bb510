import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { createCertificate } from '../../src/platform/identity/pki';
import { egovEnv, runEgov } from '../support/egov-cli';
import { producedBy } from '../support/sdk-clients';
import { TestPlatform, demoEvent } from '../support/test-platform';

describe('CLI: npx egov produce, consume, tail, history (e2e over mTLS)', function () {
  this.timeout(60_000);
  let platform: TestPlatform;
  let env: Record<string, string>;
  let file: (name: string, text: string) => string;

  before(async () => {
    platform = await TestPlatform.start();
    env = egovEnv(platform);
    file = (name, text) => {
      const path = join(platform.dataDir, name);
      writeFileSync(path, text);
      return path;
    };
  });
  after(() => platform.stop());

  const storedIds = async () => (await producedBy(platform, 'demo-producer')).map((stored) => stored.event.id);
  const lines = (text: string) => text.split('\n').filter((line) => line !== '');

  it('produces one event from flags, with the only source demo-producer may use', async () => {
    const run = await runEgov(['produce', '--type', 'demo.order.created', '--id', 'cli-1', '--data', '{"orderId":1}'], env);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stderr).to.equal('produced demo.order.created cli-1 from urn:demo:producer\n');
    expect(await storedIds()).to.include('cli-1');
  });

  it('produces a JSON Lines file in batches, the flags filling what its events leave out, with a summary', async () => {
    const events = Array.from({ length: 5 }, (_, index) => ({ id: `cli-batch-${index}`, data: { orderId: index } }));
    const path = file('orders.jsonl', `${events.map((event) => JSON.stringify(event)).join('\n')}\n\n`);
    const run = await runEgov(['produce', path, '--type', 'demo.order.created', '--batch-size', '2'], env);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stderr).to.match(/^produced 5 events in 3 request\(s\), [\d.]+ s \(\d+ events\/s\)\n$/);
    expect(await storedIds()).to.include.members(events.map((event) => event.id));
    const again = await runEgov(['produce', path, '--type', 'demo.order.created'], env);
    expect(again.code, again.stderr).to.equal(0);
    expect((await storedIds()).filter((id) => id.startsWith('cli-batch-'))).to.have.length(5);
  });

  it('produces the events of a .json file and of standard input', async () => {
    const single = await runEgov(['produce', file('one.json', JSON.stringify(demoEvent({ id: 'cli-json' }), null, 2))], env);
    expect(single.code, single.stderr).to.equal(0);
    const piped = await runEgov(['produce', '-'], env, `${JSON.stringify(demoEvent({ id: 'cli-stdin' }))}\n`);
    expect(piped.code, piped.stderr).to.equal(0);
    expect(await storedIds()).to.include.members(['cli-json', 'cli-stdin']);
  });

  it('consumes what waits as JSON Lines, confirming it: a second consume of the group prints nothing', async () => {
    await runEgov(['produce', '--type', 'demo.order.created', '--id', 'cli-consume-1', '--data', '{"orderId":1}'], env);
    const first = await runEgov(['consume', '--group', 'cli', '--idle', '1'], env);
    expect(first.code, first.stderr).to.equal(0);
    const printed = lines(first.stdout).map((line) => JSON.parse(line));
    expect(printed.map((event) => event.id)).to.include('cli-consume-1');
    expect(printed[0]).to.include.keys('specversion', 'source', 'type', 'data', 'offset');
    const second = await runEgov(['consume', '--group', 'cli', '--idle', '1', '--long-polling'], env);
    expect(second.code, second.stderr).to.equal(0);
    expect(second.stdout).to.equal('');
  });

  it('prints only the types asked for, and stops after --count events', async () => {
    await runEgov(['produce', file('mixed.jsonl', [demoEvent(), demoEvent({ type: 'demo.other', id: 'cli-other' }), demoEvent({ type: 'demo.other' })].map((e) => JSON.stringify(e)).join('\n'))], env);
    const run = await runEgov(['consume', '--group', 'filtered', '--type', 'demo.oth*', '--count', '1', '--long-polling'], env);
    expect(run.code, run.stderr).to.equal(0);
    expect(lines(run.stdout).map((line) => JSON.parse(line).id)).to.deep.equal(['cli-other']);
  });

  it('tails a group: waits through the quiet that ends consume, and prints the events as they come', async () => {
    expect((await runEgov(['consume', '--group', 'tailing', '--idle', '1'], env)).code).to.equal(0);
    const tail = runEgov(['tail', '--group', 'tailing', '--count', '1'], env);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await runEgov(['produce', '--type', 'demo.order.created', '--id', 'cli-tailed', '--data', '{"orderId":9}'], env);
    const run = await tail;
    expect(run.code, run.stderr).to.equal(0);
    expect(lines(run.stdout).map((line) => JSON.parse(line).id)).to.deep.equal(['cli-tailed']);
  });

  it("prints an aggregate's history with who caused each event, as a table or as JSON Lines", async () => {
    const table = await runEgov(['history', 'exchange-demo-producer'], env);
    expect(table.code, table.stderr).to.equal(0);
    expect(lines(table.stdout)[0]).to.match(/^ {3}0 {2}\S+Z {2}demo-producer +demo\.order\.created {2}cli-1$/);
    const json = await runEgov(['history', 'exchange-demo-producer', '--json', '--page-size', '2'], env);
    const entries = lines(json.stdout).map((line) => JSON.parse(line));
    expect(entries.length).to.equal(lines(table.stdout).length);
    expect(entries[0]).to.include({ causedBy: 'demo-producer', revision: 0 });
  });

  describe('bad input: one line on stderr and a non-zero exit code', () => {
    const refusals: [string, () => string[], number, RegExp][] = [
      ['a missing file', () => ['produce', '/no/such/events.jsonl'], 2, /^egov: \/no\/such\/events\.jsonl does not exist$/],
      ['a bad line in JSON Lines', () => ['produce', file('bad.jsonl', '{"type":"demo.order.created","data":{"orderId":1}}\n{"type": oops}\n')], 2, /^egov: .*bad\.jsonl line 2: not JSON \(/],
      ['bad JSON in --data', () => ['produce', '--type', 'demo.order.created', '--data', '{orderId:1}'], 2, /^egov: --data is not JSON \(/],
      ['an unknown option', () => ['consume', '--grup', 'x'], 2, /^error: unknown option '--grup'/],
      ['a certificate file that is missing', () => ['produce', '--type', 'x', '--cert', '/no/cert.pem'], 2, /^egov: client certificate file \/no\/cert\.pem does not exist$/],
      ['a key of another certificate', () => ['consume', '--key', platform.pki.clientKey('demo-producer')], 2, /^egov: .*demo-producer\.key is not the key of the certificate .*demo-consumer\.crt$/],
      ['a client the exchange does not know', () => ['consume', '--client', 'demo-operator'], 1, /^egov: 401 Unauthorized: client demo-operator is registered neither/],
      ['an event off its schema', () => ['produce', '--type', 'demo.order.created', '--data', '{}'], 1, /^egov: 422 Unprocessable Content: .*orderId/],
      ['an unreachable platform', () => ['produce', '--type', 'x', '--url', 'https://localhost:1'], 1, /^egov: cannot reach https:\/\/localhost:1: connection refused \(is the platform running\?\)$/],
    ];
    for (const [what, args, exitCode, message] of refusals) {
      it(`${what}: exit ${exitCode}`, async () => {
        const run = await runEgov(args(), env);
        expect(run.code, run.stderr).to.equal(exitCode);
        expect(lines(run.stderr)[0]).to.match(message);
        if (!what.includes('option')) expect(lines(run.stderr)).to.have.length(1);
      });
    }

    it('a certificate from another CA: the platform refuses it, exit 1', async () => {
      const otherCa = createCertificate({ commonName: 'another CA', isCa: true });
      const stranger = createCertificate({ commonName: 'demo-producer', issuer: otherCa, usage: 'client' });
      const args = ['produce', '--type', 'demo.order.created', '--data', '{"orderId":1}', '--cert', file('stranger.crt', stranger.certPem), '--key', file('stranger.key', stranger.keyPem)];
      const run = await runEgov(args, env);
      expect(run.code).to.equal(1);
      expect(lines(run.stderr)).to.have.length(1);
      expect(run.stderr).to.match(/^egov: (401 Unauthorized|.*refused the TLS handshake)/);
    });

    it('nothing of a file with a bad line is produced', async () => {
      const path = file('half-bad.jsonl', `${JSON.stringify(demoEvent({ id: 'never-sent' }))}\nnot json\n`);
      expect((await runEgov(['produce', path], env)).code).to.equal(2);
      expect(await storedIds()).to.not.include('never-sent');
    });

    it('nothing of a file is produced when one of its events is of another CloudEvents version: checked before the first batch, exit 2', async () => {
      const path = file('other-version.jsonl', [demoEvent({ id: 'before-v2' }), demoEvent({ id: 'v2', specversion: '2.0' })].map((event) => JSON.stringify(event)).join('\n'));
      const run = await runEgov(['produce', path, '--batch-size', '1'], env);
      expect(run.code, run.stderr).to.equal(2);
      expect(lines(run.stderr)).to.deep.equal(['egov: invalid event urn:demo:producer v2: specversion must be "1.0" (the exchange takes CloudEvents 1.0), not "2.0"']);
      expect(await storedIds()).to.not.include('before-v2');
    });
  });
});

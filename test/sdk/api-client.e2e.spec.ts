import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ConnectionError, createApiClient, EgovClient, ProblemError, unwrap, type ApiClient } from '../../src/sdk/index';
import { projectRoot } from '../../src/platform/project-paths';
import { sdkClient } from '../support/sdk-clients';
import { ServerProcess } from '../support/server-process';
import { TestPlatform } from '../support/test-platform';

const notification = (overrides: Record<string, unknown> = {}) => ({
  Subject: { Ro: 'Aviz', En: 'Notice' },
  Body: { Ro: '<p>Aviz de plată.</p>', En: '<p>Payment notice.</p>' },
  BodyShort: { Ro: 'Aviz de plată.' },
  Priority: 'Medium' as const,
  Recipients: [{ Value: 'citizen@example.md', Type: 'Email' as const }],
  ...overrides,
});

/** The typed client generated from the OpenAPI document, against the real platform over mutual TLS. */
describe('SDK: the typed API client (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let institution: EgovClient;
  let api: ApiClient;

  before(async () => {
    platform = await TestPlatform.start();
    institution = sdkClient(platform, 'demo-institution');
    api = institution.api;
  });
  after(async () => {
    await institution.close();
    await platform.stop();
  });

  it('sends a notification and reads it back, the answers typed as the document describes them', async () => {
    const sent = await api.POST('/api/Notification', { body: notification() });
    expect(sent.error, JSON.stringify(sent.error)).to.equal(undefined);
    expect(sent.response.status).to.equal(200);
    const id: string = sent.data!;
    expect(id).to.match(/^[0-9a-f-]{36}$/);

    const { data, error } = await api.GET('/api/Notification/{id}', { params: { path: { id } } });
    expect(error).to.equal(undefined);
    expect(data?.Id).to.equal(id);
    expect(data?.Recipients.map((recipient) => recipient.Value)).to.deep.equal(['citizen@example.md']);
    expect((await unwrap(api.GET('/api/Notification/{id}', { params: { path: { id } } }))).Id).to.equal(id);
  });

  it('registers events in the event log and searches them by time range with typed query parameters', async () => {
    const registered = await unwrap(
      api.POST('/register', {
        body: [
          { event_time: '2024-06-01T08:00:00.000Z', event_type: 'Demo.Typed.Client', legal_basis: 'Law 133/2011', subject: 'case-1' },
          { event_time: '2024-06-01T08:05:00.000Z', event_type: 'Demo.Typed.Client', legal_basis: 'Law 133/2011', subject: 'case-2' },
        ],
      }),
    );
    expect(registered.UID).to.match(/^[0-9a-f-]{36}$/);

    const page = await unwrap(
      api.GET('/query', {
        params: { query: { legal_basis: 'Law 133/2011 art. 5', event_time_from: '2024-06-01T08:00:00Z', event_time_to: '2024-06-01T09:00:00Z', filter: 'event_type=Demo.Typed.Client' } },
      }),
    );
    expect(page.result.map((entry) => entry.subject)).to.deep.equal(['case-1', 'case-2']);
    expect(page.pagination['record-count']).to.equal(2);
  });

  it('answers a refusal as the typed problem (error), and unwrap() throws it as the SDK\'s ProblemError', async () => {
    const invalid = await api.POST('/api/Notification', { body: notification({ Recipients: [{ Value: '123', Type: 'IDNP' }] }) });
    expect(invalid.data).to.equal(undefined);
    expect(invalid.response.status).to.equal(400);
    expect(invalid.response.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(invalid.error?.status).to.equal(400);
    expect(invalid.error?.errors).to.have.property('Recipients.0.Value');

    const producer = sdkClient(platform, 'demo-producer');
    try {
      const search = () => producer.api.GET('/query', { params: { query: { legal_basis: 'x', event_time_from: '2024-06-01T08:00:00Z', event_time_to: '2024-06-01T09:00:00Z' } } });
      const forbidden = await search();
      expect(forbidden.response.status).to.equal(403);
      expect(forbidden.error).to.include({ status: 403 });
      expect(forbidden.error?.traceId).to.be.a('string');
      const thrown = await unwrap(search()).catch((error: unknown) => error);
      expect(thrown).to.be.instanceOf(ProblemError).with.property('status', 403);
      expect((thrown as ProblemError).transient).to.equal(false);
      expect((thrown as ProblemError).problem.traceId).to.be.a('string');
      expect((thrown as Error).message).to.match(/^403 /);
    } finally {
      await producer.close();
    }
  });

  it('takes path parameters and answers without a body (201 then 204) on the exchange', async () => {
    const consumer = sdkClient(platform, 'demo-consumer');
    try {
      const created = await consumer.api.POST('/ce/consumers', { params: { query: { group: 'typed-client' } } });
      expect(created.response.status).to.equal(201);
      const { bridge, group, instance } = created.data!;
      expect(group).to.equal('typed-client');
      const deleted = await consumer.api.DELETE('/{bridge}/ce/consumers/{group}/instances/{instance}', { params: { path: { bridge, group, instance } } });
      expect(deleted.response.status).to.equal(204);
      expect(deleted.error).to.equal(undefined);
      expect(await unwrap(deleted)).to.equal(undefined);
      const again = await consumer.api.DELETE('/{bridge}/ce/consumers/{group}/instances/{instance}', { params: { path: { bridge, group, instance } } });
      expect(again.response.status).to.equal(404);
    } finally {
      await consumer.close();
    }
  });

  it('createApiClient() opens a connection of its own from the PEM files; an unreachable platform throws ConnectionError', async () => {
    const { pki } = platform;
    const files = { ca: pki.caCert, cert: pki.clientCert('demo-institution'), key: pki.clientKey('demo-institution') };
    const own = createApiClient({ url: platform.baseUrl, ...files });
    try {
      expect(await unwrap(own.GET('/ce/tools/my-settings'))).to.include({ client: 'demo-institution' });
    } finally {
      await own.close();
    }
    const nowhere = createApiClient({ url: `https://localhost:${await ServerProcess.freePort()}`, ...files });
    try {
      const error = await nowhere.GET('/ce/tools/my-settings').catch((caught: unknown) => caught);
      expect(error).to.be.instanceOf(ConnectionError);
      expect((error as ConnectionError).message).to.match(/^cannot reach https:\/\/localhost:\d+: connection refused/);
    } finally {
      await nowhere.close();
    }
  });

  it('type-checks calls against the document: a wrong path, parameter or body does not compile', async function () {
    this.timeout(120_000);
    // the file's @ts-expect-error lines fail the compile if the calls they mark were accepted
    const file = join(projectRoot, 'test/sdk/api-client-types.check.ts');
    const tsc = join(projectRoot, 'node_modules/typescript/bin/tsc');
    const flags = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'ES2022', '--module', 'ESNext', '--moduleResolution', 'Bundler', '--types', 'node', file];
    const run = await promisify(execFile)(process.execPath, [tsc, ...flags], { encoding: 'utf8' }).catch((error: { stdout: string }) => error);
    expect(run.stdout).to.equal('');
  });
});

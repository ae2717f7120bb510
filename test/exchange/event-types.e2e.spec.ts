import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigurationError } from '../../src/config';
import { schemasDir } from '../../src/platform/project-paths';
import { STRUCTURED, TestPlatform, demoEvent } from '../support/test-platform';

const ORDER_SCHEMA = JSON.parse(readFileSync(join(schemasDir, 'events', 'demo.order.created.json'), 'utf8'));

describe('Exchange: the payload schemas of event types (e2e over mTLS)', () => {
  describe('GET /ce/tools/event-types and .../schema', () => {
    let platform: TestPlatform;
    before(async () => {
      platform = await TestPlatform.start({
        extraClients: [{ id: 'other-producer', certificate: { commonName: 'other-producer' }, exchange: { produce: { sources: ['urn:other'], types: ['other.*'] } } }],
      });
    });
    after(() => platform.stop());

    it('lists the types with a schema that the caller may produce or consume, and what it may do with each', async () => {
      const producer = await platform.client('demo-producer').get('/ce/tools/event-types');
      expect(producer.status).to.equal(200);
      expect(producer.json()).to.deep.equal({
        types: [{ type: 'demo.order.created', produce: true, consume: false, schema: '/ce/tools/event-types/demo.order.created/schema' }],
      });
      const consumer = await platform.client('demo-consumer').get('/ce/tools/event-types');
      expect(consumer.json().types[0]).to.include({ type: 'demo.order.created', produce: false, consume: true });
      expect((await platform.client('other-producer').get('/ce/tools/event-types')).json()).to.deep.equal({ types: [] });
    });

    it('gives a type\'s schema as the exchange applies it (application/schema+json)', async () => {
      const response = await platform.client('demo-producer').get('/ce/tools/event-types/demo.order.created/schema');
      expect(response.status).to.equal(200);
      expect(response.headers['content-type']).to.match(/^application\/schema\+json/);
      expect(response.json()).to.deep.equal(ORDER_SCHEMA);
    });

    it('answers 404 with problem details for a type without a schema, and for one the caller may not see', async () => {
      for (const [client, type] of [['demo-producer', 'demo.no.schema'], ['other-producer', 'demo.order.created']]) {
        const response = await platform.client(client).get(`/ce/tools/event-types/${type}/schema`);
        expect(response.status, `${client} ${type}`).to.equal(404);
        expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
        expect(response.json().detail).to.equal(`no payload schema for event type ${type} among the types you may produce or consume`);
      }
    });

    it('refuses a caller without a certificate (400), as every exchange endpoint does', async () => {
      expect((await platform.anonymous().get('/ce/tools/event-types')).status).to.equal(400);
    });
  });

  describe('EVENT_SCHEMAS_DIR', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'egov-schemas-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('takes the operator\'s schemas instead of the project\'s', async () => {
      writeFileSync(
        join(dir, 'demo.invoice.issued.json'),
        JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['invoiceNo'] }),
      );
      const platform = await TestPlatform.start({ env: { EVENT_SCHEMAS_DIR: dir } });
      try {
        const producer = platform.client('demo-producer');
        const produce = (event: object) => producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(event) });
        const refused = await produce(demoEvent({ type: 'demo.invoice.issued', data: { total: 1 } }));
        expect(refused.status).to.equal(422);
        expect(refused.json().errors.data[0]).to.contain('invoiceNo');
        expect((await produce(demoEvent({ type: 'demo.invoice.issued', data: { invoiceNo: 'F-1' } }))).status).to.equal(202);
        // the project's schema of demo.order.created is not in that directory: its events are not checked
        expect((await produce(demoEvent({ data: { no: 'orderId' } }))).status).to.equal(202);
        expect((await producer.get('/ce/tools/event-types')).json().types.map((entry: { type: string }) => entry.type)).to.deep.equal(['demo.invoice.issued']);
      } finally {
        await platform.stop();
      }
    });

    it('does not start with a schema file that is not JSON or not a schema, naming the file', async () => {
      for (const [file, text] of [['demo.broken.json', '{ not json'], ['demo.wrong.json', '{"type": "no-such-type"}']]) {
        writeFileSync(join(dir, file), text);
        const started = await TestPlatform.start({ env: { EVENT_SCHEMAS_DIR: dir } }).then(
          (platform) => platform.stop().then(() => null),
          (error: unknown) => error,
        );
        expect(started, file).to.be.instanceOf(ConfigurationError);
        expect((started as Error).message).to.contain(join(dir, file));
        rmSync(join(dir, file));
      }
    });

    it('does not start when the directory it names is missing', async () => {
      const missing = join(dir, 'missing');
      const started = await TestPlatform.start({ env: { EVENT_SCHEMAS_DIR: missing } }).then(
        (platform) => platform.stop().then(() => null),
        (error: unknown) => error,
      );
      expect(started).to.be.instanceOf(ConfigurationError);
      expect((started as Error).message).to.equal(`EVENT_SCHEMAS_DIR ${missing} does not exist`);
    });
  });
});

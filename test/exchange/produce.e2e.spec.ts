import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { connect, type TLSSocket } from 'node:tls';
import { expect } from 'chai';
import { HTTP, CloudEvent } from 'cloudevents';
import type { HttpsClient } from '../support/https-client';
import { BATCH, STRUCTURED, TestPlatform, demoEvent } from '../support/test-platform';

const conformance = (file: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/cloudevents-json/${file}`, import.meta.url), 'utf8')).tests as {
    name?: string;
    event?: Record<string, unknown>;
    batch?: unknown[];
  }[];

/** Valid conformance events made to fit the exchange's own rules: demo-producer's source and type, JSON data. */
function fitToProducer(event: Record<string, unknown>, index: number) {
  const fitted: Record<string, unknown> = { ...event, source: 'urn:demo:producer', type: 'demo.conformance', id: `${event.id}-${index}-${Date.now()}` };
  if (typeof fitted.datacontenttype === 'string' && !/json/.test(fitted.datacontenttype)) {
    fitted.datacontenttype = 'application/json';
    if (typeof fitted.data === 'string') fitted.data = { text: fitted.data };
  }
  return fitted;
}

/**
 * A TLS connection to the platform with the client's certificate, speaking HTTP/1.1, for requests an HTTP
 * client library would not send as the test needs (and nock, loaded by other specs, wraps every one).
 */
async function rawConnection(platform: TestPlatform, client: HttpsClient, protocol = 'http/1.1'): Promise<TLSSocket> {
  const socket = connect({ host: 'localhost', port: platform.platform.port, ...client.credentials, servername: 'localhost', ALPNProtocols: [protocol] });
  await once(socket, 'secureConnect');
  return socket;
}

describe('Exchange: producing events (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let producer: HttpsClient;

  before(async () => {
    platform = await TestPlatform.start({ exchange: { maxRequestBytes: 64 * 1024 } });
    producer = platform.client('demo-producer');
  });
  after(() => platform.stop());

  const storedEvents = async () => (await platform.platform.stores.events.readAll({ after: 0, limit: 100_000, filter: { kinds: ['standard'] } })).filter((e) => e.producer === 'demo-producer');

  describe('POST /ce/produce/event (structured)', () => {
    it('answers 202 once the event is in the log, with time defaulted to now', async () => {
      const event = demoEvent();
      const response = await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(event) });
      expect(response.status).to.equal(202);
      const stored = (await storedEvents()).find((e) => e.event.id === event.id);
      expect(stored?.event).to.include({ source: event.source, type: event.type, datacontenttype: 'application/json' });
      expect(Date.parse(stored!.event.time)).to.be.closeTo(Date.now(), 10_000);
    });

    it('accepts events sent by the cloudevents SDK in structured mode', async () => {
      const message = HTTP.structured(new CloudEvent({ source: 'urn:demo:producer', type: 'demo.sdk', data: { hello: 'world' } }));
      const response = await producer.post('/ce/produce/event', { headers: message.headers as Record<string, string>, body: String(message.body) });
      expect(response.status).to.equal(202);
    });

    it('stores a retried event once and accepts the retry', async () => {
      const event = demoEvent();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(event) })).status).to.equal(202);
      }
      expect((await storedEvents()).filter((e) => e.event.id === event.id)).to.have.length(1);
    });

    it('takes a retry without time, or with its attributes in another order, as the same event', async () => {
      const event = demoEvent({ time: undefined });
      expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(event) })).status).to.equal(202);
      const reordered = Object.fromEntries(Object.entries(event).reverse());
      expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(reordered) })).status).to.equal(202);
      expect((await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify([event]) })).status).to.equal(202);
      expect((await storedEvents()).filter((e) => e.event.id === event.id)).to.have.length(1);
    });

    it('reads an event back as its JSON says, however the producer wrote it, and takes it written otherwise as a retry', async () => {
      const complete = { time: new Date().toISOString(), datacontenttype: 'application/json' };
      const event = demoEvent({ ...complete, subject: 'café "quoted"', data: { orderId: 7, note: 'line\nbreak', big: 1e21 } });
      const pretty = `\n${JSON.stringify(event, null, 2).replace('café', 'caf\\u00e9')}\n`;
      expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: pretty })).status).to.equal(202);
      expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(event) })).status).to.equal(202);
      const stored = (await storedEvents()).filter((e) => e.event.id === event.id);
      expect(stored).to.have.length(1);
      expect(stored[0].event).to.deep.equal(JSON.parse(pretty));

      const withNull = demoEvent({ ...complete, subject: null });
      expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(withNull) })).status).to.equal(202);
      const storedWithNull = (await storedEvents()).find((e) => e.event.id === withNull.id);
      expect(storedWithNull?.event).to.not.have.property('subject');

      // a member named twice: the last one counts, as when the event was checked
      const repeated = demoEvent(complete);
      const body = JSON.stringify(repeated).replace('{', `{"id":"${repeated.id}-first",`);
      expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body })).status).to.equal(202);
      const ids = (await storedEvents()).map((e) => e.event.id);
      expect(ids).to.include(repeated.id).and.not.include(`${repeated.id}-first`);
    });

    it('reads a batch back as its JSON says, however the producer wrote it, and takes it written otherwise as a retry', async () => {
      const complete = { time: new Date().toISOString(), datacontenttype: 'application/json' };
      const batch = [0, 1, 2].map((n) => demoEvent({ ...complete, subject: `café ${n}`, data: { orderId: n, note: 'tab\there' } }));
      const pretty = `\r\n ${JSON.stringify(batch, null, 2).replaceAll('café', 'caf\\u00e9')}\n\t`;
      expect((await producer.post('/ce/produce/events', { headers: BATCH, body: pretty })).status).to.equal(202);
      expect((await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(batch) })).status).to.equal(202);
      const ids = batch.map((event) => event.id);
      const stored = (await storedEvents()).filter((e) => ids.includes(e.event.id));
      expect(stored.map((e) => e.event)).to.deep.equal(JSON.parse(pretty));

      // one event of the batch gets a default time: the batch is stored as the platform's JSON of its events
      const mixed = [demoEvent(complete), demoEvent({ ...complete, time: undefined })];
      expect((await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(mixed, null, 1) })).status).to.equal(202);
      const storedMixed = (await storedEvents()).filter((e) => mixed.some((event) => event.id === e.event.id));
      expect(storedMixed.map((e) => e.event)).to.have.length(2);
      expect(storedMixed[0].event).to.deep.equal(mixed[0]);
      expect(storedMixed[1].event.time).to.be.a('string');
    });

    it('refuses a different event under a used source and id with 409', async () => {
      const event = demoEvent();
      await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(event) });
      const response = await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify({ ...event, data: { orderId: 999_999 } }) });
      expect(response.status).to.equal(409);
      expect(response.headers['content-type']).to.match(/application\/problem\+json/);
    });

    it('refuses malformed JSON, a wrong Content-Type, non-JSON data and a future time with 400', async () => {
      const cases = [
        { headers: STRUCTURED, body: '{"specversion":' },
        { headers: { 'content-type': 'application/json' }, body: JSON.stringify(demoEvent()) },
        { headers: STRUCTURED, body: JSON.stringify(demoEvent({ datacontenttype: 'text/plain', data: 'text' })) },
        { headers: STRUCTURED, body: JSON.stringify(demoEvent({ data: undefined, data_base64: 'aGVsbG8=' })) },
        { headers: STRUCTURED, body: JSON.stringify(demoEvent({ time: new Date(Date.now() + 3_600_000).toISOString() })) },
        { headers: STRUCTURED, body: JSON.stringify(demoEvent({ time: '2999-12-31T23:59:60Z' })) }, // a leap second, still in the future
        { headers: STRUCTURED, body: JSON.stringify(demoEvent({ partitionkey: 7 })) },
        // attributes a raw-mode consumer could not read as headers (8,192 bytes percent-encoded)
        { headers: STRUCTURED, body: JSON.stringify(demoEvent({ subject: 's'.repeat(8200) })) },
        { headers: STRUCTURED, body: JSON.stringify(demoEvent({ subject: 'ü'.repeat(1400) })) },
        // characters the CloudEvents type system does not allow in a string
        { headers: STRUCTURED, body: JSON.stringify(demoEvent({ subject: 'an unpaired \ud800 surrogate' })) },
        { headers: STRUCTURED, body: JSON.stringify(demoEvent({ id: 'line\nbreak' })) },
        // data nested past what JSON.stringify can walk: it would fail on storing, or on every delivery
        { headers: STRUCTURED, body: JSON.stringify(demoEvent({ type: 'demo.deep', data: 0 })).replace('"data":0', `"data":${'['.repeat(20_000)}${']'.repeat(20_000)}`) },
        { headers: STRUCTURED, body: JSON.stringify(demoEvent({ type: 'demo.deep', data: 0, time: new Date().toISOString() })).replace('"data":0', `"data":${'['.repeat(20_000)}${']'.repeat(20_000)}`) },
      ];
      for (const request of cases) {
        const response = await producer.post('/ce/produce/event', request);
        expect(response.status, request.body.slice(0, 300)).to.equal(400);
        expect(response.json()).to.include({ status: 400, title: 'Bad Request' });
      }
      expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent({ subject: 'ü'.repeat(1200) })) })).status).to.equal(202);
    });

    it('refuses with 400 numbers JSON parsing would change, instead of storing and delivering them altered', async () => {
      const withData = (data: string) => JSON.stringify(demoEvent({ type: 'demo.numbers', data: 0 })).replace('"data":0', `"data":${data}`);
      const requests = [
        { path: '/ce/produce/event', headers: STRUCTURED, body: withData('{"account":12345678901234567890}') },
        { path: '/ce/produce/event', headers: STRUCTURED, body: withData('1e400') },
        { path: '/ce/produce/events', headers: BATCH, body: `[${JSON.stringify(demoEvent())},${withData('[0.1000000000000000055511151231257827]')}]` },
        {
          path: '/ce/produce/raw',
          headers: { 'content-type': 'application/json', 'ce-specversion': '1.0', 'ce-id': `n-${Date.now()}`, 'ce-source': 'urn:demo:producer', 'ce-type': 'demo.raw' },
          body: '{"account":12345678901234567890}',
        },
      ];
      const before = (await storedEvents()).length;
      for (const { path, ...request } of requests) {
        const response = await producer.post(path, request);
        expect(response.status, request.body.slice(0, 200)).to.equal(400);
        expect(JSON.stringify(response.json())).to.match(/12345678901234567890|1e400|0\.1000000000000000055511151231257827/).and.match(/as strings/);
      }
      expect((await storedEvents()).length).to.equal(before);
      // the same values as strings, and numbers a double holds however written, are stored as sent
      const exact = demoEvent({ type: 'demo.numbers', data: 0 });
      const response = await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(exact).replace('"data":0', '"data":{"account":"12345678901234567890","n":1E2,"m":9007199254740991}') });
      expect(response.status, response.text).to.equal(202);
      expect((await storedEvents()).find((e) => e.event.id === exact.id)?.event.data).to.deep.equal({ account: '12345678901234567890', n: 100, m: 9007199254740991 });
    });

    it('refuses with 400 data holding a string that is not Unicode (an escaped lone surrogate), in every mode, and takes a proper pair', async () => {
      const structured = (data: string) => producer.post('/ce/produce/event', { headers: STRUCTURED, body: `{"specversion":"1.0","id":"u-${Math.random()}","source":"urn:demo:producer","type":"demo.unicode","data":{"name":${data}}}` });
      const lone = await structured('"a\\ud800b"');
      expect(lone.status, lone.text).to.equal(400);
      expect(lone.json().errors.event[0]).to.match(/not Unicode text/);
      expect((await structured('"\\udc00"')).status).to.equal(400);
      expect((await structured('"\\ud83d\\ude00"')).status).to.equal(202);
      // an escaped backslash before u is text, not an escape
      expect((await structured('"\\\\ud800"')).status).to.equal(202);
      const batch = await producer.post('/ce/produce/events', { headers: BATCH, body: `[${JSON.stringify(demoEvent())},{"specversion":"1.0","id":"u-b","source":"urn:demo:producer","type":"demo.unicode","data":{"\\ud800":1}}]` });
      expect(batch.status).to.equal(400);
      expect(batch.json().errors).to.have.keys('[1]');
      const raw = await producer.post('/ce/produce/raw', {
        headers: { 'content-type': 'application/json', 'ce-specversion': '1.0', 'ce-id': 'u-raw', 'ce-source': 'urn:demo:producer', 'ce-type': 'demo.unicode' },
        body: '{"name":"\\ud800"}',
      });
      expect(raw.status).to.equal(400);
    });

    it('refuses a payload that does not fit the schema of its type with 422', async () => {
      const response = await producer.post('/ce/produce/event', {
        headers: STRUCTURED,
        body: JSON.stringify(demoEvent({ type: 'demo.order.created', data: { orderId: 'not a number' } })),
      });
      expect(response.status).to.equal(422);
      expect(response.json().errors.data.join()).to.match(/orderId/);
    });

    it('refuses a request above the configured limit with 413', async () => {
      const response = await producer.post('/ce/produce/event', {
        headers: STRUCTURED,
        body: JSON.stringify(demoEvent({ data: { blob: 'x'.repeat(70 * 1024) } })),
      });
      expect(response.status).to.equal(413);
    });
  });

  describe('conformance cases over HTTP', () => {
    for (const [index, test] of conformance('invalid-events.json').entries()) {
      it(`refuses invalid event #${index} with 400`, async () => {
        const response = await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(test.event) });
        expect(response.status).to.equal(400);
      });
    }
    for (const [index, test] of conformance('valid-events.json').entries()) {
      it(`accepts valid event "${test.name ?? index}" fitted to the producer`, async () => {
        const response = await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(fitToProducer(test.event!, index)) });
        expect(response.status, response.text).to.equal(202);
      });
    }
    for (const [index, test] of conformance('invalid-batches.json').entries()) {
      it(`refuses invalid batch #${index} with 400`, async () => {
        const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(test.batch) });
        expect(response.status).to.equal(400);
      });
    }
    for (const [index, test] of conformance('valid-batches.json').entries()) {
      it(`accepts valid batch "${test.name ?? index}" fitted to the producer`, async () => {
        const batch = (test.batch as Record<string, unknown>[]).map((event) => ({ ...fitToProducer(event, index), id: `${event.id}-batch-${index}` }));
        const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(batch) });
        expect(response.status, response.text).to.equal(202);
      });
    }
  });

  describe('POST /ce/produce/events (batch)', () => {
    it('stores every event of a batch', async () => {
      const batch = [demoEvent(), demoEvent(), demoEvent()];
      expect((await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(batch) })).status).to.equal(202);
      const ids = new Set((await storedEvents()).map((e) => e.event.id));
      for (const event of batch) expect(ids.has(event.id)).to.equal(true);
    });

    it('stores nothing when one event is invalid, and names it', async () => {
      const batch = [demoEvent(), { ...demoEvent(), specversion: '0.3' }, demoEvent()];
      const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(batch) });
      expect(response.status).to.equal(400);
      expect(response.json().errors).to.have.key('[1]');
      const ids = new Set((await storedEvents()).map((e) => e.event.id));
      expect(ids.has(batch[0].id as string)).to.equal(false);
    });

    it('names the events of a batch by index, a batch of one included', async () => {
      const invalid = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify([{ ...demoEvent(), id: '' }]) });
      expect(invalid.status).to.equal(400);
      expect(invalid.json().errors).to.have.key('[0]');
      const offSchema = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify([demoEvent({ type: 'demo.order.created', data: {} })]) });
      expect(offSchema.status).to.equal(422);
      expect(offSchema.json().errors).to.have.key('[0]');
      const notAllowed = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify([demoEvent({ type: 'other.type' })]) });
      expect(notAllowed.status).to.equal(401);
      expect(notAllowed.json().detail).to.match(/^event \[0\]: /);
    });

    it('stores nothing when one event is not authorized (401)', async () => {
      const batch = [demoEvent(), demoEvent({ type: 'other.type' })];
      const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(batch) });
      expect(response.status).to.equal(401);
      const ids = new Set((await storedEvents()).map((e) => e.event.id));
      expect(ids.has(batch[0].id as string)).to.equal(false);
    });

    it('stores nothing when one event conflicts with a stored one (409)', async () => {
      const used = demoEvent();
      await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(used) });
      const fresh = demoEvent();
      const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify([fresh, { ...used, data: { orderId: 999_999 } }]) });
      expect(response.status).to.equal(409);
      expect(response.json().errors).to.have.key('[1]');
      const ids = new Set((await storedEvents()).map((e) => e.event.id));
      expect(ids.has(fresh.id as string)).to.equal(false);
    });

    it('refuses a body that is not an array with 400', async () => {
      const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(demoEvent()) });
      expect(response.status).to.equal(400);
    });
  });

  describe('POST /ce/produce/raw (binary)', () => {
    const rawHeaders = (id: string, contentType: string, extra: Record<string, string> = {}) => ({
      'content-type': contentType,
      'ce-specversion': '1.0',
      'ce-id': id,
      'ce-source': 'urn:demo:producer',
      'ce-type': 'demo.raw',
      ...extra,
    });

    it('stores JSON, text and binary payloads', async () => {
      const cases = [
        { contentType: 'application/json', body: '{"a":1}', expect: { data: { a: 1 } } },
        { contentType: 'text/plain', body: 'hello', expect: { data: 'hello' } },
        { contentType: 'application/octet-stream', body: Buffer.from([0, 1, 2, 255]), expect: { data_base64: 'AAEC/w==' } },
      ];
      for (const [index, testCase] of cases.entries()) {
        const id = `raw-${Date.now()}-${index}`;
        const response = await producer.post('/ce/produce/raw', {
          headers: rawHeaders(id, testCase.contentType, { 'ce-partitionkey': 'p1', 'ce-subject': 'caf%C3%A9' }),
          body: testCase.body,
        });
        expect(response.status, response.text).to.equal(202);
        const stored = (await storedEvents()).find((e) => e.event.id === id)!;
        expect(stored.event).to.deep.include({ ...testCase.expect, partitionkey: 'p1', subject: 'café' });
      }
    });

    it('accepts what the cloudevents SDK sends in binary mode', async () => {
      const message = HTTP.binary(new CloudEvent({ source: 'urn:demo:producer', type: 'demo.sdk.binary', data: { n: 1 } }));
      const response = await producer.post('/ce/produce/raw', { headers: message.headers as Record<string, string>, body: JSON.stringify(message.body) });
      expect(response.status, response.text).to.equal(202);
    });

    it('refuses missing ce- headers, an unsupported Content-Type and invalid JSON with 400', async () => {
      const missing = rawHeaders('r1', 'application/json') as Record<string, string>;
      delete missing['ce-type'];
      expect((await producer.post('/ce/produce/raw', { headers: missing, body: '{}' })).status).to.equal(400);
      expect((await producer.post('/ce/produce/raw', { headers: rawHeaders('r4', 'application/json'), body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` })).status).to.equal(400);
      // a control character, percent-encoded as the HTTP binding does
      expect((await producer.post('/ce/produce/raw', { headers: { ...rawHeaders('r0', 'application/json'), 'ce-subject': 'a%00b' }, body: '{}' })).status).to.equal(400);
      expect((await producer.post('/ce/produce/raw', { headers: rawHeaders('r2', 'application/xml'), body: '<a/>' })).status).to.equal(400);
      expect((await producer.post('/ce/produce/raw', { headers: rawHeaders('r3', 'application/json'), body: '{' })).status).to.equal(400);
    });

    it('refuses with 400 text that is not UTF-8 or declares another charset, and compressed bodies, instead of storing them altered', async () => {
      const latin1 = Buffer.from('caf\xe9 \xff', 'latin1');
      const cases = [
        { headers: rawHeaders('t1', 'text/plain; charset=iso-8859-1'), body: latin1, detail: /charset iso-8859-1 is not supported/ },
        { headers: rawHeaders('t2', 'text/plain'), body: latin1, detail: /not UTF-8 text/ },
        { headers: rawHeaders('t3', 'application/json'), body: Buffer.from('"caf\xe9"', 'latin1'), detail: /not UTF-8 text/ },
        { headers: { ...rawHeaders('t4', 'text/plain'), 'content-encoding': 'gzip' }, body: gzipSync('hello'), detail: /Content-Encoding gzip is not supported/ },
      ];
      for (const { detail, ...request } of cases) {
        const response = await producer.post('/ce/produce/raw', request);
        expect(response.status, String(detail)).to.equal(400);
        expect(response.json().detail + JSON.stringify(response.json().errors)).to.match(detail);
      }
      const structured = await producer.post('/ce/produce/event', { headers: STRUCTURED, body: Buffer.from(`{"specversion":"1.0","id":"t5","source":"urn:demo:producer","type":"demo.raw","data":"caf\xe9"}`, 'latin1') });
      expect(structured.status).to.equal(400);
      expect(structured.json().detail).to.match(/not UTF-8/);
      expect((await storedEvents()).some((e) => /^t[1-5]$/.test(e.event.id))).to.equal(false);
      // UTF-8 declared, or ASCII, is taken
      expect((await producer.post('/ce/produce/raw', { headers: rawHeaders(`t6-${Date.now()}`, 'text/plain; charset=UTF-8'), body: Buffer.from('café') })).status).to.equal(202);
    });
  });

  it('serves a client that offers only http/1.0 in ALPN (curl --http1.0)', async () => {
    const event = demoEvent();
    const body = JSON.stringify(event);
    const socket = await rawConnection(platform, producer, 'http/1.0');
    expect(socket.alpnProtocol).to.equal('http/1.0');
    socket.write(`POST /ce/produce/event HTTP/1.0\r\nhost: localhost\r\ncontent-type: ${STRUCTURED['content-type']}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).to.match(/^HTTP\/1\.1 202 /);
    expect((await storedEvents()).map((e) => e.event.id)).to.include(event.id);
  });

  describe('requests the HTTP parser cannot read', () => {
    /**
     * Sends bytes over a TLS connection with the producer's certificate and returns the response's head
     * and body once the server closes. A raw socket, because these requests are refused before any route
     * sees them.
     */
    async function sendRaw(bytes: string): Promise<{ head: string; body: string }> {
      const socket = await rawConnection(platform, producer);
      socket.write(bytes);
      const chunks: Buffer[] = [];
      for await (const chunk of socket) chunks.push(chunk as Buffer);
      const [head, body] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      return { head, body };
    }

    it('answers 431 with problem details to ce- headers over the header size limit, and stores nothing', async () => {
      const id = `raw-oversized-${Date.now()}`;
      const headers = ['content-type: application/json', 'content-length: 2', 'ce-specversion: 1.0', `ce-id: ${id}`, 'ce-source: urn:demo:producer', 'ce-type: demo.raw'];
      const { head, body } = await sendRaw(`POST /ce/produce/raw HTTP/1.1\r\nhost: localhost\r\n${headers.join('\r\n')}\r\nce-subject: ${'s'.repeat(20_000)}\r\n\r\n{}`);
      expect(head).to.match(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      expect(head.toLowerCase()).to.include('content-type: application/problem+json').and.include('connection: close');
      expect(JSON.parse(body)).to.include({ status: 431, title: 'Request Header Fields Too Large' });
      expect(JSON.parse(body).detail).to.match(/headers .*are larger than \d+ bytes/);
      expect((await storedEvents()).some((e) => e.event.id === id)).to.equal(false);
    });

    it('refuses a ce- header given twice, and raw bytes beyond ASCII in one, with 400, and stores nothing', async () => {
      const id = `raw-twice-${Date.now()}`;
      const headers = ['connection: close', 'content-type: application/json', 'content-length: 2', 'ce-specversion: 1.0', 'ce-source: urn:demo:producer'];
      const twice = await sendRaw(`POST /ce/produce/raw HTTP/1.1\r\nhost: localhost\r\n${[...headers, `ce-id: ${id}`, 'ce-type: demo.raw', 'ce-type: demo.other'].join('\r\n')}\r\n\r\n{}`);
      expect(twice.head).to.match(/^HTTP\/1\.1 400 /);
      expect(twice.body).to.include('ce-type is given 2 times');
      // é as UTF-8 bytes, which HTTP reads as two Latin-1 characters
      const unencoded = await sendRaw(`POST /ce/produce/raw HTTP/1.1\r\nhost: localhost\r\n${[...headers, `ce-id: ${id}-café`, 'ce-type: demo.raw'].join('\r\n')}\r\n\r\n{}`);
      expect(unencoded.head).to.match(/^HTTP\/1\.1 400 /);
      expect(unencoded.body).to.include('ce-id holds bytes outside printable ASCII');
      expect((await storedEvents()).some((e) => e.event.id.startsWith(id))).to.equal(false);
    });

    it('answers 400 with problem details to bytes that are not HTTP/1.1, then closes the connection', async () => {
      const { head, body } = await sendRaw('NOT HTTP AT ALL\r\n\r\n');
      expect(head).to.match(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(head.toLowerCase()).to.include('content-type: application/problem+json').and.include('connection: close');
      expect(JSON.parse(body)).to.include({ status: 400, detail: 'the request is not valid HTTP/1.1' });
    });
  });

  describe('identity and rights', () => {
    it('answers 400 to a caller without a client certificate', async () => {
      const response = await platform.anonymous().post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent()) });
      expect(response.status).to.equal(400);
      expect(response.json().detail).to.match(/client certificate is required/);
    });

    it('answers 401 to a certificate from another CA, even with a registered name', async () => {
      const response = await platform.stranger('untrusted').post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent()) });
      expect(response.status).to.equal(401);
    });

    it('refuses a certificate from our CA with a registered name and an RSA key under 2048 bits', async () => {
      const refused = await platform
        .stranger('weak-key')
        .post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent()) })
        .then((response) => response.status, (error: Error) => error.message);
      expect(refused).to.satisfy((outcome: number | string) => outcome === 401 || /alert|handshake|socket hang up|ECONNRESET/i.test(String(outcome)));
    });

    it('refuses to renegotiate a TLS 1.2 connection: its client is the one its handshake named', async () => {
      const socket = connect({ host: 'localhost', port: platform.platform.port, ...producer.credentials, servername: 'localhost', maxVersion: 'TLSv1.2', ALPNProtocols: ['http/1.1'] });
      socket.on('error', () => undefined);
      await once(socket, 'secureConnect');
      const outcome = await new Promise<string>((resolve) => {
        socket.once('close', () => resolve('closed'));
        socket.renegotiate({ rejectUnauthorized: true }, (error) => resolve(error ? 'refused' : 'renegotiated'));
      });
      socket.destroy();
      expect(outcome).to.not.equal('renegotiated');
    });

    it('answers 401 to a trusted certificate that is not in the registry', async () => {
      const response = await platform.stranger('unregistered').post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent()) });
      expect(response.status).to.equal(401);
    });

    it('answers 401 to a source or type the producer may not use, and to a consumer-only client', async () => {
      expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent({ source: 'urn:other' })) })).status).to.equal(401);
      expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent({ type: 'md.gov.x' })) })).status).to.equal(401);
      const consumer = platform.client('demo-consumer');
      expect((await consumer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent()) })).status).to.equal(401);
    });

    it('answers 404 with problem details on an unknown path', async () => {
      const response = await producer.get('/ce/nothing-here');
      expect(response.status).to.equal(404);
      expect(response.json()).to.include({ status: 404 });
    });

    it('answers 405 with Allow: POST to another method on a produce path (issue 32)', async () => {
      for (const path of ['/ce/produce/event', '/ce/produce/events', '/ce/produce/raw', '/ce/tools/produce/event']) {
        for (const method of ['GET', 'PUT', 'DELETE']) {
          const response = await producer.request(method, path);
          expect(response.status, `${method} ${path}`).to.equal(405);
          expect(response.headers.allow).to.equal('POST');
          expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
          expect(response.json()).to.include({ status: 405, title: 'Method Not Allowed' });
        }
      }
      // an unknown client gets the same: the method is wrong whoever asks
      expect((await platform.anonymous().get('/ce/produce/event')).status).to.equal(405);
    });
  });
});

describe('Exchange: producing beyond the backlog (e2e over mTLS)', () => {
  const LIMIT = 100;
  let platform: TestPlatform;
  let producer: HttpsClient;
  before(async () => {
    platform = await TestPlatform.start({ exchange: { maxPendingBytes: LIMIT } });
    producer = platform.client('demo-producer');
  });
  after(() => platform.stop());

  const send = (event: Record<string, unknown>) => producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(event) });
  const stored = async () => (await platform.platform.stores.events.readAll({ after: 0, limit: 1000, filter: { kinds: ['standard'] } })).map((e) => e.event.id);
  const largeEvent = () => demoEvent({ type: 'demo.backlog', data: { note: 'n'.repeat(3 * LIMIT) } });

  /**
   * A produce request over its own connection whose body comes in two parts: what `sent` says with the
   * head, the rest when `finish` is called. Resolves once Node has handed the request to the produce
   * handler: it answers 100 Continue then, in the same turn as it passes on the body bytes read with the head.
   */
  async function startUpload(body: string, sent: number) {
    const socket = await rawConnection(platform, producer);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const head = `POST /ce/produce/event HTTP/1.1\r\nhost: localhost\r\ncontent-type: ${STRUCTURED['content-type']}\r\ncontent-length: ${body.length}\r\nexpect: 100-continue\r\n\r\n`;
    socket.write(head + body.slice(0, sent));
    await once(socket, 'data');
    expect(received).to.match(/^HTTP\/1\.1 100 Continue\r\n/);
    return {
      /** sends the rest and returns the status line of the final answer */
      async finish(): Promise<string> {
        socket.write(body.slice(sent));
        while (!/\r\n\r\nHTTP\/1\.1 \d{3} /.test(received)) await once(socket, 'data');
        socket.end();
        return received.split('\r\n\r\n')[1].split('\r\n')[0];
      },
      async abandon() {
        socket.destroy();
        await once(socket, 'close');
      },
    };
  }

  it('answers 503 with Retry-After while the requests held pass the limit, stores nothing of the refused one, and takes requests again once they are answered', async () => {
    const uploading = largeEvent();
    const upload = await startUpload(JSON.stringify(uploading), 2 * LIMIT);

    const refused = demoEvent();
    const response = await send(refused);
    expect(response.status).to.equal(503);
    expect(response.headers['retry-after']).to.equal('1');
    expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
    expect(response.json()).to.include({ status: 503, title: 'Service Unavailable', instance: '/ce/produce/event' });
    expect(response.json().traceId).to.be.a('string');

    expect(await upload.finish()).to.equal('HTTP/1.1 202 Accepted');
    const later = demoEvent();
    expect((await send(later)).status).to.equal(202);
    expect(await stored()).to.include.members([uploading.id, later.id]).and.not.include(refused.id);
  });

  it('counts the bytes that arrived, not those a request announces: a slow upload does not hold back the others', async () => {
    const uploading = largeEvent();
    const upload = await startUpload(JSON.stringify(uploading), 20);
    const meanwhile = demoEvent();
    expect((await send(meanwhile)).status).to.equal(202);
    expect(await upload.finish()).to.equal('HTTP/1.1 202 Accepted');
    expect(await stored()).to.include.members([meanwhile.id, uploading.id]);
  });

  it('gives back what a request held when its producer goes away before its body is complete', async () => {
    const upload = await startUpload(JSON.stringify(largeEvent()), 2 * LIMIT);
    await upload.abandon();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 202; attempt += 1) {
      status = (await send(demoEvent())).status;
      if (status !== 202) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).to.equal(202);
  });
});

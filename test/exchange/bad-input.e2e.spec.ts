import { expect } from 'chai';
import type WebSocket from 'ws';
import { expectNoServerError, seededRandom, type Random } from '../support/generated-input';
import type { HttpResponse, HttpsClient } from '../support/https-client';
import { bodyOf } from '../support/service-fuzz';
import { TestPlatform } from '../support/test-platform';

/**
 * Generated bad input against every exchange endpoint: events with attributes deleted, retyped or made
 * up, broken JSON, wrong media types, odd query values, unknown instances, WebSocket messages of every
 * wrong kind. Whatever arrives, the answer
 * is a 2xx or a 4xx with a problem body, never a 5xx; a refused request stores nothing, and every stored
 * event is a complete CloudEvent. Seeded: FUZZ_SEED=<n> repeats a run, FUZZ_REQUESTS=<n> makes it longer.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1000);

const ATTRIBUTES = ['specversion', 'id', 'source', 'type', 'time', 'datacontenttype', 'dataschema', 'subject', 'data', 'data_base64'] as const;
const EXTENSIONS = ['partitionkey', 'traceparent', 'Upper', 'with-dash', 'x'.repeat(21), 'ext1', '', 'über'];
const VALUES: unknown[] = [
  null, 0, -1, 1.5, 2 ** 60, true, false, [], {}, [1, 'a'], { nested: { deep: [1, {}] } },
  '', ' ', 'a', 'x'.repeat(3000), '\u0000', '\ud800', 'Chișinău', '1.0', '0.3', '1.1',
  'urn:demo:producer', 'urn:other:source', 'not a uri %%', 'demo.fuzz', 'other.type', 'demo.',
  '2026-11-24T10:00:00Z', '2026-11-24T10:00:00.123456789+02:00', '2026-02-30T00:00:00Z', '9999-12-31T23:59:59Z',
  '2026-11-24 10:00:00', '2026-11-24T10:00:60Z', '+275760-09-13T00:00:00Z', '0000-01-01T00:00:00Z',
  'application/json', 'text/plain', 'application/xml', 'application/json; charset=utf-8', 'aGVsbG8=', '!!notbase64', 'https://schema.example/x',
  // as data: just past and just within the nesting the exchange takes (63 levels inside the event)
  JSON.parse('['.repeat(64) + ']'.repeat(64)), JSON.parse('['.repeat(63) + ']'.repeat(63)),
];
const HEADER_VALUES = ['', ' ', 'a', '1.0', '0.3', 'urn:demo:producer', 'urn:other', 'demo.fuzz', 'other.type', '2026-11-24T10:00:00Z', 'yesterday', 'x'.repeat(500), 'Chi%C8%99in%C4%83u', '%ZZ', 'application/json', 'text/plain'];
const QUERY_VALUES = ['true', 'false', '', 'TRUE', '1', '0', 'yes', 'maybe', '-1', '1e3', '1.5', '00001', '99999999999999999', 'abc', '%00'];
const GROUPS = ['~default', 'g1', 'fuzz.group', '', 'a'.repeat(101), 'bad/slash', 'space here', '..', 'ünï'];

let serial = 0;
function validEvent(idPrefix: string): Record<string, unknown> {
  serial += 1;
  return { specversion: '1.0', id: `${idPrefix}-${serial}`, source: 'urn:demo:producer', type: 'demo.fuzz', datacontenttype: 'application/json', data: { n: serial } };
}

/** A valid event with one to three things changed; `idKept` tells whether its unique id survived. */
function mutatedEvent(random: Random, idPrefix: string): { event: Record<string, unknown>; idKept: boolean } {
  const event = validEvent(idPrefix);
  const id = event.id;
  for (let i = 0, changes = 1 + random.int(3); i < changes; i += 1) {
    const operation = random.int(3);
    if (operation === 0) delete event[random.pick(ATTRIBUTES)];
    else if (operation === 1) event[random.pick(ATTRIBUTES)] = random.pick(VALUES);
    else event[random.pick(EXTENSIONS)] = random.pick(VALUES);
  }
  return { event, idKept: event.id === id };
}

/**
 * The value's body as the services' generator writes it (cut short, junk after it, bytes that are not
 * UTF-8, other JSON, a BOM). `idsKnown`: the body is the value's own JSON, or no JSON at all (then nothing
 * of it can be stored), so the request's answer tells what became of the value's ids.
 */
function sent(random: Random, value: unknown): { body: string | Buffer; idsKnown: boolean } {
  const { body, broken } = bodyOf(random, value);
  return { body, idsKnown: broken || body === JSON.stringify(value) };
}

function contentType(random: Random, right: string): Record<string, string> {
  if (random.chance(0.8)) return { 'content-type': random.chance(0.2) ? `${right}; charset=utf-8` : right };
  return random.chance(0.5) ? {} : { 'content-type': random.pick(['application/json', 'text/plain', 'application/cloudevents+json', 'application/cloudevents-batch+json', 'garbage']) };
}

function query(random: Random, names: string[]): string {
  const parts = names.filter(() => random.chance(0.5)).map((name) => `${name}=${encodeURIComponent(random.pick(QUERY_VALUES))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

describe('Exchange: generated bad input never gets a 5xx (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let producer: HttpsClient;
  let consumer: HttpsClient;

  before(async () => {
    platform = await TestPlatform.start({ exchange: { maxRequestBytes: 16 * 1024, pollTimeoutMs: 50, batchLingerMs: 5 } });
    producer = platform.client('demo-producer');
    consumer = platform.client('demo-consumer');
  });
  after(() => platform.stop());

  it(`answers ${REQUESTS} generated requests with 2xx or a 4xx problem, stores only whole valid requests (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const seen: string[] = [];
    const refusedIds = new Set<string>();
    const acceptedIds = new Set<string>();
    const instances: string[] = [];

    const check = (what: string, response: HttpResponse) => {
      seen.push(`${response.status} ${what}`);
      return expectNoServerError(what, response);
    };
    const record = (response: HttpResponse, ids: string[]) => {
      for (const id of ids) (response.status === 202 ? acceptedIds : refusedIds).add(id);
    };

    const requests: (() => Promise<void>)[] = [
      async () => {
        const { event, idKept } = mutatedEvent(random, 'one');
        const { body, idsKnown } = sent(random, event);
        const response = check('produce/event', await producer.post('/ce/produce/event', { headers: contentType(random, 'application/cloudevents+json'), body }));
        if (idKept && idsKnown) record(response, [String(event.id)]);
      },
      async () => {
        const events = Array.from({ length: random.int(4) }, () => (random.chance(0.6) ? { event: validEvent('batch'), idKept: true } : mutatedEvent(random, 'batch')));
        const sendsEvents = random.chance(0.9);
        const value = sendsEvents ? events.map((item) => item.event) : random.pick(VALUES);
        const { body, idsKnown } = sent(random, value);
        const response = check('produce/events', await producer.post('/ce/produce/events', { headers: contentType(random, 'application/cloudevents-batch+json'), body }));
        if (sendsEvents && idsKnown) record(response, events.filter((item) => item.idKept).map((item) => String(item.event.id)));
      },
      async () => {
        serial += 1;
        const id = `raw-${serial}`;
        const headers: Record<string, string> = { 'ce-specversion': '1.0', 'ce-id': id, 'ce-source': 'urn:demo:producer', 'ce-type': 'demo.fuzz', 'content-type': 'application/json' };
        const names = ['ce-specversion', 'ce-id', 'ce-source', 'ce-type', 'ce-time', 'content-type', 'ce-partitionkey', 'ce-Upper'];
        for (let i = 0, changes = 1 + random.int(3); i < changes; i += 1) {
          const name = random.pick(names);
          if (random.chance(0.3)) delete headers[name];
          else headers[name] = random.pick(HEADER_VALUES);
        }
        const response = check('produce/raw', await producer.post('/ce/produce/raw', { headers, body: bodyOf(random, { n: serial }).body }));
        if (headers['ce-id'] === id) record(response, [id]);
      },
      async () => {
        const group = random.pick(GROUPS);
        const path = `/ce/consumers${query(random, ['events', 'test', 'dead'])}${random.chance(0.7) ? `${random.chance(0.5) ? '&' : '?'}group=${encodeURIComponent(group)}` : ''}`;
        const response = check(`POST ${path}`, await consumer.post(path.replace('/ce/consumers&', '/ce/consumers?')));
        if (response.status === 201) instances.push(new URL(response.json().baseUri).pathname);
      },
      async () => {
        const base = instances.length && random.chance(0.8) ? random.pick(instances) : `/test-bridge/ce/consumers/${encodeURIComponent(random.pick(GROUPS))}/instances/${random.pick(['nope', '00000000-0000-0000-0000-000000000000', '%2e%2e'])}`;
        const operation = random.int(6);
        if (operation < 3) {
          const path = `${base}/${['raw', 'event', 'events'][operation]}${query(random, ['confirm'])}`;
          check(`GET ${path}`, await consumer.get(path));
        } else if (operation === 3) {
          const path = `${base}/confirm${random.chance(0.8) ? `?offset=${encodeURIComponent(random.pick(QUERY_VALUES))}` : ''}`;
          check(`POST ${path}`, await consumer.post(path));
        } else if (operation === 4) {
          const { event } = mutatedEvent(random, 'dead');
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          for (const [name, value] of Object.entries(event)) if (typeof value === 'string' && name !== 'data' && /^[a-z0-9-]+$/i.test(name) && !/[^\x20-\x7e]/.test(value)) headers[`ce-${name}`] = value;
          check(`POST ${base}/dead`, await consumer.post(`${base}/dead`, { headers, body: bodyOf(random, event.data ?? null).body }));
        } else {
          check(`DELETE ${base}`, await consumer.delete(base));
          instances.splice(instances.indexOf(base), 1);
        }
      },
    ];

    for (let i = 0; i < REQUESTS; i += 1) await random.pick(requests)();

    // the run exercised both sides of the rules, not only refusals
    const statuses = new Set(seen.map((line) => line.split(' ')[0]));
    expect([...statuses]).to.include.members(['202', '400', '201', '204', '404']);
    expect(acceptedIds.size).to.be.above(20);
    expect(refusedIds.size).to.be.above(20);

    const stored = await platform.platform.stores.events.readAll({ after: 0, limit: 1_000_000, filter: {} });
    const storedIds = new Set(stored.map((entry) => String(entry.event.id)));
    for (const id of acceptedIds) expect(storedIds.has(id), `accepted ${id} is stored`).to.equal(true);
    // an id both refused and accepted can happen (a batch refused, then the same id sent alone); only the
    // ones never accepted must be absent
    for (const id of refusedIds) if (!acceptedIds.has(id)) expect(storedIds.has(id), `refused ${id} is not stored`).to.equal(false);
    for (const { event } of stored) {
      expect(event.specversion).to.equal('1.0');
      for (const attribute of ['id', 'source', 'type', 'time'] as const) expect(event[attribute], attribute).to.be.a('string').and.not.empty;
    }
  });

  it(`acts on generated WebSocket messages or closes with 1003/1007/1008, never 1011, and keeps serving (seed ${SEED})`, async () => {
    const random = seededRandom(SEED + 1);
    const produced = await producer.post('/ce/produce/events', { headers: { 'content-type': 'application/cloudevents-batch+json' }, body: JSON.stringify([validEvent('ws'), validEvent('ws'), validEvent('ws')]) });
    expect(produced.status, produced.text).to.equal(202);
    const closeCodes: number[] = [];
    let refusedUpgrades = 0;
    for (let connection = 0; connection < REQUESTS / 20; connection += 1) {
      const path = `/ce/consume/ws${query(random, ['events', 'test', 'dead', 'group'])}`;
      let socket: WebSocket;
      try {
        socket = await consumer.websocket(path);
      } catch (error) {
        const refusal = error as { status?: number; contentType?: string };
        expect(refusal.status, `${path}: ${String(error)}`).to.be.within(400, 499);
        expect(String(refusal.contentType)).to.match(/^application\/problem\+json/);
        refusedUpgrades += 1;
        continue;
      }
      let lastOffset = '1';
      socket.on('message', (data: Buffer) => (lastOffset = String(JSON.parse(data.toString()).offset)));
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      for (let i = 0, count = 1 + random.int(4); i < count && socket.readyState === socket.OPEN; i += 1) {
        const message = random.pick([
          () => `confirm:${lastOffset}`,
          () => `confirm:${random.pick(QUERY_VALUES)}`,
          () => `dead:${JSON.stringify({ ...mutatedEvent(random, 'dead').event, id: `ws-dead-${connection}-${i}` })}`,
          () => `dead:${JSON.stringify(random.pick(VALUES))}`,
          () => `dead:${JSON.stringify(validEvent('dead')).slice(0, 30)}`,
          () => random.pick(['', 'hello', 'CONFIRM:1', 'confirm', 'dead:', `confirm:${'9'.repeat(40)}`]),
          () => Buffer.from([0xff, 0x00, 0xfe]),
        ])();
        socket.send(message);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const code = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(0), 100))]);
      if (code === 0) socket.close(1000);
      else closeCodes.push(code);
      if (code !== 0) expect([1003, 1007, 1008], `connection ${connection} closed with ${code}`).to.include(code);
    }
    expect(closeCodes).to.include.members([1007, 1008]);
    expect(refusedUpgrades).to.be.above(0);
    // still serving: a new consumer of a new group gets the events
    const socket = await consumer.websocket('/ce/consume/ws?group=after-the-noise');
    const first = await new Promise<{ id: string }>((resolve) => socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()))));
    expect(first.id).to.be.a('string');
    socket.close(1000);
  });
});

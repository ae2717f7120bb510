import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { LANES } from '../../src/exchange/lane-leases';
import { BATCH, STRUCTURED, TestPlatform, demoEvent } from '../support/test-platform';

/** The instance base URL's path (the Location header is absolute; the port changes across restarts). */
async function createInstance(client: HttpsClient, query: Record<string, string | boolean> = {}): Promise<string> {
  const response = await client.post('/ce/consumers', { query });
  expect(response.status, response.text).to.equal(201);
  return new URL(response.headers.location as string).pathname;
}

async function readAll(client: HttpsClient, instance: string): Promise<any[]> {
  const events: any[] = [];
  for (;;) {
    const response = await client.get(`${instance}/events`);
    if (response.status === 204) return events;
    expect(response.status).to.equal(200);
    events.push(...response.json());
  }
}

describe('Exchange: consuming over long polling (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let producer: HttpsClient;
  let consumer: HttpsClient;

  const produce = async (...events: object[]) => {
    const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(events) });
    expect(response.status, response.text).to.equal(202);
  };

  beforeEach(async () => {
    platform = await TestPlatform.start({ exchange: { pollTimeoutMs: 300, batchLingerMs: 10, instanceIdleExpiryMs: 60_000 } });
    producer = platform.client('demo-producer');
    consumer = platform.client('demo-consumer');
  });
  afterEach(() => platform.stop());

  describe('POST /ce/consumers', () => {
    it('answers 201 with an absolute Location naming bridge, group and instance', async () => {
      const response = await consumer.post('/ce/consumers', { query: { group: 'billing' } });
      expect(response.status).to.equal(201);
      expect(response.headers.location).to.match(new RegExp(`^https://localhost:\\d+/test-bridge/ce/consumers/billing/instances/[0-9a-f]{24}$`));
      expect(response.json()).to.include({ group: 'billing', bridge: 'test-bridge', baseUri: response.headers.location });
    });

    it('refuses bad parameters with 400 and a producer-only client with 401', async () => {
      expect((await consumer.post('/ce/consumers', { query: { events: 'maybe' } })).status).to.equal(400);
      expect((await consumer.post('/ce/consumers', { query: { group: 'has space' } })).status).to.equal(400);
      // dot segments, which clients remove from the instance URL
      expect((await consumer.post('/ce/consumers', { query: { group: '.' } })).status).to.equal(400);
      expect((await consumer.post('/ce/consumers', { query: { group: '..' } })).status).to.equal(400);
      expect((await consumer.post('/ce/consumers', { query: { group: '...' } })).status).to.equal(201);
      const repeated = await consumer.post('/ce/consumers?events=true&events=false');
      expect(repeated.status).to.equal(400);
      expect(repeated.json().errors).to.deep.equal({ events: ['is given more than once'] });
      expect((await consumer.post('/ce/consumers', { query: { events: false, test: false, dead: false } })).status).to.equal(400);
      // the parameters are lower case: a misspelt one would otherwise be dropped and the instance read standard events
      const misspelt = await consumer.post('/ce/consumers', { query: { Events: false } });
      expect(misspelt.status).to.equal(400);
      expect(misspelt.json().errors).to.deep.equal({ Events: ['is not a parameter of a consumer'] });
      expect((await producer.post('/ce/consumers')).status).to.equal(401);
      expect((await platform.anonymous().post('/ce/consumers')).status).to.equal(400);
    });
  });

  describe('reading', () => {
    it('GET events returns a batch with increasing offsets, in log order', async () => {
      const instance = await createInstance(consumer);
      const sent = [demoEvent(), demoEvent(), demoEvent()];
      await produce(...sent);
      const response = await consumer.get(`${instance}/events`);
      expect(response.status).to.equal(200);
      expect(response.headers['content-type']).to.match(/application\/cloudevents-batch\+json/);
      const received = response.json();
      expect(received.map((e: any) => e.id)).to.deep.equal(sent.map((e) => e.id));
      expect(received.map((e: any) => e.offset)).to.deep.equal(['1', '2', '3']);
      expect(received[0]).to.include.keys('specversion', 'source', 'type', 'time', 'data');
    });

    it('HEAD on a read hands nothing out and confirms nothing (404)', async () => {
      const instance = await createInstance(consumer);
      const sent = demoEvent();
      await produce(sent);
      for (const read of ['raw', 'event', 'events']) {
        const head = await consumer.request('HEAD', `${instance}/${read}`, { query: { confirm: 'true' } });
        expect(head.status, read).to.equal(404);
      }
      const response = await consumer.get(`${instance}/event`);
      expect(response.json()).to.include({ id: sent.id, offset: '1' });
    });

    it('GET event returns one structured event; GET raw returns the payload with ce- headers', async () => {
      const instance = await createInstance(consumer);
      await produce(demoEvent({ subject: 'order/1', partitionkey: 'order-1' }), demoEvent({ subject: 's ü "%"', data: { orderId: 42 } }));
      const one = await consumer.get(`${instance}/event`);
      expect(one.status).to.equal(200);
      expect(one.headers['content-type']).to.match(/application\/cloudevents\+json/);
      expect(one.json()).to.include({ subject: 'order/1', partitionkey: 'order-1', offset: '1' });
      const raw = await consumer.get(`${instance}/raw`);
      expect(raw.status).to.equal(200);
      expect(raw.headers['content-type']).to.match(/application\/json/);
      expect(raw.json()).to.deep.equal({ orderId: 42 });
      expect(raw.headers).to.include({ 'ce-specversion': '1.0', 'ce-source': 'urn:demo:producer', 'ce-type': 'demo.order.created', 'ce-offset': '2' });
      // the HTTP binding's percent-encoding: space, '"', '%' and all beyond printable ASCII
      expect(raw.headers['ce-subject']).to.equal('s%20%C3%BC%20%22%25%22');
    });

    it('GET raw answers the stored datacontenttype exactly, with no charset added (issue 32)', async () => {
      const instance = await createInstance(consumer);
      const rawProduce = (contentType: string, body: string | Buffer) =>
        producer.post('/ce/produce/raw', {
          headers: { 'content-type': contentType, 'ce-specversion': '1.0', 'ce-id': `raw-${Math.random()}`, 'ce-source': 'urn:demo:producer', 'ce-type': 'demo.note' },
          body,
        });
      expect((await rawProduce('text/plain', 'hello')).status).to.equal(202);
      expect((await rawProduce('application/octet-stream', Buffer.from([0, 1, 2]))).status).to.equal(202);
      await produce(demoEvent({ datacontenttype: 'application/vnd.demo+json', data: { orderId: 7 } }), demoEvent());
      const contentTypes: string[] = [];
      for (let read = 0; read < 4; read += 1) {
        const raw = await consumer.get(`${instance}/raw`);
        expect(raw.status, raw.text).to.equal(200);
        contentTypes.push(raw.headers['content-type'] as string);
      }
      expect(contentTypes).to.deep.equal(['text/plain', 'application/octet-stream', 'application/vnd.demo+json', 'application/json']);
    });

    it('GET raw sends an unpaired surrogate in an attribute (an event a service appended) as U+FFFD, not a 500', async () => {
      const instance = await createInstance(consumer);
      await platform.platform.stores.events.append('exchange-demo-producer', [
        { producer: 'demo-producer', event: { ...demoEvent({ subject: 'broken \ud800 name' }), specversion: '1.0', time: new Date().toISOString() } },
      ]);
      const raw = await consumer.get(`${instance}/raw`);
      expect(raw.status, raw.text).to.equal(200);
      expect(raw.headers['ce-subject']).to.equal('broken%20%EF%BF%BD%20name');
    });

    it('answers 204 when nothing arrives before the poll timeout, and wakes as soon as an event arrives', async () => {
      const instance = await createInstance(consumer);
      expect((await consumer.get(`${instance}/event`)).status).to.equal(204);
      const waiting = consumer.get(`${instance}/event`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await produce(demoEvent());
      expect((await waiting).status).to.equal(200);
    });

    it('delivers only the types the consumer may consume', async () => {
      const institution = platform.client('demo-institution');
      const institutionInstance = await createInstance(institution);
      const consumerInstance = await createInstance(consumer);
      await produce(demoEvent());
      await platform.platform.stores.events.append('booking-appointment-1', [
        {
          producer: 'booking',
          event: { specversion: '1.0', id: 'b-1', source: 'urn:md:gov:booking', type: 'md.gov.booking.appointment.requested.v1', time: new Date().toISOString(), data: {} },
        },
      ]);
      expect((await readAll(institution, institutionInstance)).map((e) => e.type)).to.have.members(['demo.order.created', 'md.gov.booking.appointment.requested.v1']);
      expect((await readAll(consumer, consumerInstance)).map((e) => e.type)).to.deep.equal(['demo.order.created']);
      // groups start where their client was registered: the auditor (registered last) sees no earlier registry events
      const auditor = platform.client('demo-auditor');
      const auditorSees = await readAll(auditor, await createInstance(auditor));
      expect(auditorSees.map((e) => e.type)).to.have.members(['demo.order.created', 'md.gov.booking.appointment.requested.v1']);
    });
  });

  describe('confirming', () => {
    it('confirm?offset acknowledges up to that offset; the rest return to the group when the instance is deleted', async () => {
      const first = await createInstance(consumer);
      await produce(demoEvent(), demoEvent(), demoEvent());
      const received = (await consumer.get(`${first}/events`)).json();
      expect((await consumer.post(`${first}/confirm`, { query: { offset: '2' } })).status).to.equal(204);
      expect((await consumer.delete(first)).status).to.equal(204);
      const second = await createInstance(consumer);
      const redelivered = await readAll(consumer, second);
      expect(redelivered.map((e) => e.id)).to.deep.equal([received[2].id]);
      expect(redelivered[0].offset).to.equal('1');
    });

    it('confirm without offset acknowledges all read; confirm=true on a read does the same', async () => {
      const first = await createInstance(consumer);
      await produce(demoEvent(), demoEvent());
      await consumer.get(`${first}/event`);
      await consumer.get(`${first}/event?confirm=true`);
      await consumer.post(`${first}/confirm`);
      await consumer.delete(first);
      expect(await readAll(consumer, await createInstance(consumer))).to.be.empty;
    });

    it('refuses a malformed offset with 400', async () => {
      const instance = await createInstance(consumer);
      expect((await consumer.post(`${instance}/confirm`, { query: { offset: 'abc' } })).status).to.equal(400);
      expect((await consumer.post(`${instance}/confirm`, { query: { offset: '-1' } })).status).to.equal(400);
      expect((await consumer.post(`${instance}/confirm`, { query: { offset: '03' } })).status).to.equal(400);
      expect((await consumer.post(`${instance}/confirm`, { query: { offset: ' 3 ' } })).status).to.equal(204);
    });

    it('refuses an empty offset or confirm with 400 instead of taking it as absent (which would acknowledge everything read)', async () => {
      const instance = await createInstance(consumer);
      await produce(demoEvent(), demoEvent());
      expect((await consumer.get(`${instance}/event`)).status).to.equal(200);
      const empty = await consumer.post(`${instance}/confirm?offset=`);
      expect(empty.status).to.equal(400);
      expect(empty.json().detail).to.match(/offset is empty/);
      expect((await consumer.get(`${instance}/event?confirm=`)).status).to.equal(400);
      expect((await consumer.post('/ce/consumers?group=')).status).to.equal(400);
      await consumer.delete(instance);
      expect(await readAll(consumer, await createInstance(consumer))).to.have.length(2);
    });
  });

  describe('groups and instances', () => {
    it('gives every event to every group, and to one instance within a group', async () => {
      const a1 = await createInstance(consumer, { group: 'a' });
      const a2 = await createInstance(consumer, { group: 'a' });
      const b1 = await createInstance(consumer, { group: 'b' });
      const sent = Array.from({ length: 6 }, () => demoEvent());
      await produce(...sent);
      const fromA1 = (await consumer.get(`${a1}/events`)).json().slice(0, 3);
      await consumer.delete(a1);
      const fromA2 = await readAll(consumer, a2);
      const fromB = await readAll(consumer, b1);
      expect(fromB.map((e) => e.id)).to.deep.equal(sent.map((e) => e.id));
      const groupA = new Set([...fromA1, ...fromA2].map((e) => e.id));
      expect(groupA.size).to.equal(6);
    });

    it('keeps one partition key in order on one instance until its events are confirmed', async () => {
      const a = await createInstance(consumer, { group: 'ordered' });
      const b = await createInstance(consumer, { group: 'ordered' });
      const keyed = [1, 2, 3].map((n) => demoEvent({ partitionkey: 'citizen-7', data: { orderId: n } }));
      await produce(keyed[0]);
      const firstRead = (await consumer.get(`${a}/event`)).json();
      expect(firstRead.id).to.equal(keyed[0].id);
      await produce(keyed[1], keyed[2], demoEvent({ partitionkey: 'citizen-8' }));
      const atB = await readAll(consumer, b);
      expect(atB.map((e) => e.partitionkey)).to.deep.equal(['citizen-8']);
      const atA = await readAll(consumer, a);
      expect(atA.map((e) => e.id)).to.deep.equal([keyed[1].id, keyed[2].id]);
    });

    it('answers 404 for an unknown instance, another bridge, or another client’s instance', async () => {
      const instance = await createInstance(consumer);
      expect((await consumer.get(instance.replace(/instances\/\w+/, 'instances/ffff') + '/events')).status).to.equal(404);
      expect((await consumer.get(instance.replace('/test-bridge/', '/other-bridge/') + '/events')).status).to.equal(404);
      expect((await platform.client('demo-institution').get(`${instance}/events`)).status).to.equal(404);
      await consumer.delete(instance);
      expect((await consumer.get(`${instance}/events`)).status).to.equal(404);
      expect((await consumer.delete(instance)).status).to.equal(404);
    });
  });

  describe('dead and test events', () => {
    /** The instance's dead endpoint in raw mode: the event's identity in ce-* headers, the data as the body. */
    const reportDead = (instance: string, event: { id: string; source: string; type: string }, attributes: Record<string, string>, data: unknown) =>
      consumer.post(`${instance}/dead`, {
        headers: { 'content-type': 'application/json', 'ce-specversion': '1.0', 'ce-id': event.id, 'ce-source': event.source, 'ce-type': event.type, ...attributes },
        body: JSON.stringify(data),
      });

    it('stores a reported dead event for the client and delivers it to its dead=true instances only', async () => {
      const instance = await createInstance(consumer);
      await produce(demoEvent());
      const [event] = (await consumer.get(`${instance}/events`)).json();
      const response = await reportDead(instance, event, { 'ce-failure': 'handler crashed' }, { ...event.data, note: 'kept for later' });
      expect(response.status, response.text).to.equal(202);
      const dead = await createInstance(consumer, { events: false, test: false, dead: true });
      const received = await readAll(consumer, dead);
      expect(received).to.have.length(1);
      expect(received[0]).to.include({ id: event.id, failure: 'handler crashed' });
      expect(received[0].data).to.deep.include({ note: 'kept for later' });
      expect(await readAll(consumer, await createInstance(consumer, { group: 'fresh' }))).to.have.length(1); // the original only
    });

    it('keeps each different report of one event, and the same report sent twice once', async () => {
      const instance = await createInstance(consumer);
      await produce(demoEvent());
      const [event] = (await consumer.get(`${instance}/events`)).json();
      for (const failure of ['timeout', 'timeout', 'handler crashed']) {
        expect((await reportDead(instance, event, { 'ce-time': event.time, 'ce-failure': failure }, event.data)).status).to.equal(202);
      }
      const received = await readAll(consumer, await createInstance(consumer, { events: false, test: false, dead: true }));
      expect(received.map((dead: { failure: string }) => dead.failure)).to.deep.equal(['timeout', 'handler crashed']);
    });

    it('delivers test events only to the producing client’s own test=true instances', async () => {
      const institution = platform.client('demo-institution');
      const withTests = await createInstance(consumer, { group: 't1' });
      const withoutTests = await createInstance(consumer, { group: 't2', test: false });
      const institutionInstance = await createInstance(institution);
      const response = await consumer.post('/ce/tools/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent({ source: 'urn:my:test', type: 'demo.test' })) });
      expect(response.status, response.text).to.equal(202);
      expect((await readAll(consumer, withTests)).map((e) => e.type)).to.deep.equal(['demo.test']);
      expect(await readAll(consumer, withoutTests)).to.be.empty;
      expect(await readAll(institution, institutionInstance)).to.be.empty;
      expect((await consumer.post('/ce/tools/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent({ type: 'x.not.mine' })) })).status).to.equal(401);
    });

    it('GET /ce/tools/my-settings describes the caller', async () => {
      const response = await consumer.get('/ce/tools/my-settings');
      expect(response.status).to.equal(200);
      expect(response.json()).to.deep.include({ client: 'demo-consumer', consume: { types: ['demo.*'] }, produce: null });
      expect(response.json().limits).to.include({ pollTimeoutMs: 300, maxInstancesPerClient: 50 });
      expect(response.json().limits.rateLimit).to.deep.equal({ perSecond: 2000, burst: 10000 });
      expect(response.json().tools).to.deep.equal({ groups: '/ce/tools/my-groups', eventTypes: '/ce/tools/event-types' });
    });

    it('GET /ce/tools/my-groups tells where each of the caller\'s groups stands, while it reads and after its instance is gone', async () => {
      const none = await consumer.get('/ce/tools/my-groups');
      expect(none.status).to.equal(200);
      expect(none.json()).to.deep.include({ client: 'demo-consumer', groups: [], instancesHere: [] });

      const instance = await createInstance(consumer, { group: 'billing', test: false, dead: true });
      await produce(demoEvent(), demoEvent(), demoEvent());
      const first = (await consumer.get(`${instance}/event`)).json();
      expect((await consumer.get(`${instance}/event`)).status).to.equal(200);
      expect((await consumer.post(`${instance}/confirm`, { query: { offset: first.offset } })).status).to.equal(204);

      const reading = (await consumer.get('/ce/tools/my-groups')).json();
      const head = Number(reading.logHead);
      expect(reading.groups.map((group: { kind: string }) => group.kind)).to.deep.equal(['standard', 'dead']);
      const [events, dead] = reading.groups;
      // the first of the three is confirmed; the second is handed out and unconfirmed, the third not handed out yet
      expect(events).to.deep.equal({
        group: 'billing',
        kind: 'standard',
        confirmedUpTo: String(head - 2),
        waiting: { events: 2, exact: true },
        shards: [{ shard: 0, confirmedUpTo: String(head - 2), servedBy: reading.bridge }],
      });
      expect(dead.waiting).to.deep.equal({ events: 0, exact: true });
      expect(reading.instancesHere).to.have.length(1);
      expect(reading.instancesHere[0]).to.include({ group: 'billing', transport: 'http', unconfirmed: 1 });
      expect(reading.instancesHere[0].reads).to.deep.equal(['standard', 'dead']);
      expect(Date.parse(reading.instancesHere[0].expiresAt)).to.be.greaterThan(Date.now());

      expect((await consumer.delete(instance)).status).to.equal(204);
      const left = (await consumer.get('/ce/tools/my-groups')).json();
      expect(left.instancesHere).to.deep.equal([]);
      expect(left.groups[0]).to.deep.include({ confirmedUpTo: String(head - 2), waiting: { events: 2, exact: true } });
      expect(left.groups[0].shards[0].servedBy).to.equal(null);
      // another client's groups are not shown
      expect((await producer.get('/ce/tools/my-groups')).json().groups).to.deep.equal([]);
    });

    it('refuses a registered client that is neither producer nor consumer with 401, the tools included', async () => {
      await platform.stop();
      platform = await TestPlatform.start({ extraClients: [{ id: 'mail-only', certificate: { commonName: 'mail-only' }, rights: { notification: ['notifications'] } }] });
      const mailOnly = platform.client('mail-only');
      for (const response of [await mailOnly.get('/ce/tools/my-settings'), await mailOnly.post('/ce/consumers')]) {
        expect(response.status).to.equal(401);
        expect(response.json().detail).to.match(/neither as a producer nor as a consumer/);
      }
    });
  });

  describe('a long poll cut short', () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const restartWith = async (exchange: Record<string, number>) => {
      await platform.stop();
      platform = await TestPlatform.start({ exchange });
      producer = platform.client('demo-producer');
      consumer = platform.client('demo-consumer');
    };

    it('gives the events of a read its client left back to the group, so a later confirm does not acknowledge them unseen', async () => {
      await restartWith({ pollTimeoutMs: 5000, batchLingerMs: 2000, instanceIdleExpiryMs: 60_000 });
      const instance = await createInstance(consumer);
      const leaving = new AbortController();
      const abandoned = consumer.get(`${instance}/events`, { signal: leaving.signal }).then(
        () => 'answered',
        () => 'left',
      );
      const [first, second, third] = [demoEvent(), demoEvent(), demoEvent()];
      await produce(first, second);
      await sleep(300); // the read has taken them and lingers for more
      leaving.abort();
      expect(await abandoned).to.equal('left');
      await sleep(200);
      await produce(third);
      const next = (await consumer.get(`${instance}/events`)).json() as { id: string; offset: string }[];
      expect(next.map((event) => event.id)).to.have.members([first.id, second.id, third.id]);
      expect((await consumer.post(`${instance}/confirm`, { query: { offset: next[next.length - 1].offset } })).status).to.equal(204);
      await consumer.delete(instance);
      expect(await readAll(consumer, await createInstance(consumer))).to.be.empty;
    });

    it('ends a waiting read with 404 when its instance is deleted, not at the poll timeout', async () => {
      await restartWith({ pollTimeoutMs: 30_000, instanceIdleExpiryMs: 60_000 });
      const instance = await createInstance(consumer, { group: 'alone' });
      const waiting = consumer.get(`${instance}/events`);
      await sleep(200);
      expect((await consumer.delete(instance)).status).to.equal(204);
      const answer = await waiting;
      expect(answer.status).to.equal(404);
      expect(answer.json().detail).to.match(/deleted or expired while it was read/);
    });

    it('does not expire an instance while a read waits on it', async () => {
      await restartWith({ pollTimeoutMs: 1500, instanceIdleExpiryMs: 400 });
      const instance = await createInstance(consumer);
      expect((await consumer.get(`${instance}/events`)).status).to.equal(204);
      expect((await consumer.get(`${instance}/event`)).status).to.equal(204);
    });
  });

  describe('lifetime', () => {
    it('deletes an instance nobody polls for the expiry time and returns its events to the group', async () => {
      await platform.stop();
      platform = await TestPlatform.start({ exchange: { pollTimeoutMs: 100, instanceIdleExpiryMs: 400 } });
      producer = platform.client('demo-producer');
      consumer = platform.client('demo-consumer');
      const idle = await createInstance(consumer);
      await produce(demoEvent());
      expect((await consumer.get(`${idle}/event`)).status).to.equal(200);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect((await consumer.get(`${idle}/event`)).status).to.equal(404);
      expect(await readAll(consumer, await createInstance(consumer))).to.have.length(1);
    });

    it('keeps instances, confirmed positions and events across a restart', async () => {
      const instance = await createInstance(consumer);
      await produce(demoEvent(), demoEvent());
      expect((await consumer.get(`${instance}/event`)).json().offset).to.equal('1');
      const second = (await consumer.get(`${instance}/event`)).json();
      expect(second.offset).to.equal('2');
      await consumer.post(`${instance}/confirm`, { query: { offset: '1' } });
      await new Promise((resolve) => setTimeout(resolve, 1100)); // lane watermarks are saved every second
      await platform.restart();
      consumer = platform.client('demo-consumer');
      const afterRestart = await readAll(consumer, instance);
      expect(afterRestart.map((e) => e.id)).to.deep.equal([second.id]);
    });

    it('hands out greater offsets after a restart, so a confirm sent before it acknowledges nothing after it', async () => {
      const instance = await createInstance(consumer);
      await produce(demoEvent(), demoEvent());
      const before = (await consumer.get(`${instance}/events`)).json();
      expect(before.map((event: { offset: string }) => event.offset)).to.deep.equal(['1', '2']);
      await platform.restart();
      consumer = platform.client('demo-consumer');
      const after = (await consumer.get(`${instance}/events`)).json();
      expect(after.map((event: { id: string }) => event.id)).to.deep.equal(before.map((event: { id: string }) => event.id));
      for (const { offset } of after) expect(Number(offset)).to.be.greaterThan(2);
      expect((await consumer.post(`${instance}/confirm`, { query: { offset: '2' } })).status).to.equal(204); // late, from before
      expect((await consumer.delete(instance)).status).to.equal(204);
      expect(await readAll(consumer, await createInstance(consumer))).to.have.length(2); // both went back to the group
    });
  });
});

describe('Exchange: a consumer group split into shards on one bridge (EXCHANGE_GROUP_SHARDS=4, e2e over mTLS)', () => {
  let platform: TestPlatform;

  beforeEach(async () => {
    platform = await TestPlatform.start({ env: { EXCHANGE_GROUP_SHARDS: '4' }, exchange: { pollTimeoutMs: 300, batchLingerMs: 10 } });
  });
  afterEach(() => platform.stop());

  it('serves the whole group from this bridge: every event once, one key in order, across two instances', async () => {
    expect(platform.config.exchange.groupShards).to.equal(4);
    const producer = platform.client('demo-producer');
    const consumer = platform.client('demo-consumer');
    const first = await createInstance(consumer, { group: 'sharded' });
    const second = await createInstance(consumer, { group: 'sharded' });
    const produced = Array.from({ length: 30 }, (_, n) => demoEvent({ partitionkey: `citizen-${n % 5}`, data: { orderId: n } }));
    const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(produced) });
    expect(response.status, response.text).to.equal(202);

    const received = [...(await readAll(consumer, first)), ...(await readAll(consumer, second))];
    expect(received.map((event) => event.id).sort()).to.deep.equal(produced.map((event) => event.id).sort());
    for (let key = 0; key < 5; key += 1) {
      const orders = received.filter((event) => event.partitionkey === `citizen-${key}`).map((event) => event.data.orderId);
      expect(orders).to.deep.equal([...orders].sort((a, b) => a - b));
    }
    const lanes = await platform.platform.stores.documents.collection(LANES).find({ group: 'sharded', kind: 'standard' });
    expect(lanes.map((lane) => [lane.shard, lane.bridge]).sort()).to.deep.equal([0, 1, 2, 3].map((shard) => [shard, 'test-bridge']));
  });
});

describe('Exchange: a long-polling instance that does not confirm (EXCHANGE_POLL_MAX_UNCONFIRMED=3, e2e over mTLS)', () => {
  let platform: TestPlatform;

  beforeEach(async () => {
    platform = await TestPlatform.start({ env: { EXCHANGE_POLL_MAX_UNCONFIRMED: '3' }, exchange: { pollTimeoutMs: 300, batchLingerMs: 10 } });
  });
  afterEach(() => platform.stop());

  it('is handed nothing more once it holds that many unconfirmed events, and reads on after a confirm', async () => {
    expect(platform.config.exchange.pollMaxUnconfirmed).to.equal(3);
    const producer = platform.client('demo-producer');
    const consumer = platform.client('demo-consumer');
    const instance = await createInstance(consumer);
    const produced = Array.from({ length: 5 }, () => demoEvent());
    expect((await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(produced) })).status).to.equal(202);

    const first = await consumer.get(`${instance}/events`);
    expect(first.json().map((event: { offset: string }) => event.offset)).to.deep.equal(['1', '2', '3']);
    expect((await consumer.get(`${instance}/event`)).status, 'holding 3 unconfirmed').to.equal(204);

    // a confirm sent while a read waits lets that read go on
    const waiting = consumer.get(`${instance}/raw`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await consumer.post(`${instance}/confirm`, { query: { offset: '1' } })).status).to.equal(204);
    const raw = await waiting;
    expect(raw.status).to.equal(200);
    expect(raw.headers['ce-id']).to.equal(produced[3].id);

    const rest = await consumer.get(`${instance}/events`, { query: { confirm: true } });
    expect(rest.json().map((event: { id: string }) => event.id)).to.deep.equal([produced[4].id]);
  });
});

import { readFileSync } from 'node:fs';
import { connect } from 'node:tls';
import { expect } from 'chai';
import { CHANGES_PAGE_SERVED, CHANGES_PAGE_WRITTEN } from '../../src/delivery/changes-cursor/events';
import { toChangesCursorStreamId } from '../../src/delivery/changes-cursor/stream';
import { DELIVERY_SOURCE } from '../../src/delivery/service';
import { TestPlatform } from '../support/test-platform';
import { actors, orderIn, PLATFORM_PATH, SERVICE, type Actors } from './delivery-test-kit';

/** A second delivery platform for the same service (a second MDelivery environment): a cursor of its own. */
const SECOND_PLATFORM = { id: 'second-delivery-platform', idno: '1000000000079', certificate: { commonName: 'second-delivery-platform' }, rights: { delivery: ['platform:*'] } };

type Entry = { serviceID: string; orderID: string; status: string };
const key = (entry: Entry) => `${entry.orderID} ${entry.status}`;

describe('Delivery: the changes feed, each change once per caller (e2e over mTLS)', function () {
  this.timeout(180_000);
  let platform: TestPlatform;
  let a: Actors;

  beforeEach(async () => {
    platform = await TestPlatform.start({ extraClients: [SECOND_PLATFORM] });
    a = actors(platform);
  });
  afterEach(() => platform.stop());

  /** n orders Paid, then reported Processing: n changes of the provider's, in that order */
  const processing = async (n: number): Promise<Entry[]> => {
    const entries: Entry[] = [];
    for (let i = 0; i < n; i += 1) {
      const orderID = await orderIn(a, 'Paid');
      expect((await a.report(orderID, 'Processing')).status).to.equal(201);
      entries.push({ serviceID: SERVICE, orderID, status: 'Processing' });
    }
    return entries;
  };

  it('answers the changes since the previous request, and each caller has a cursor of its own', async () => {
    const second = platform.client('second-delivery-platform');
    const first = await processing(3);
    expect(await a.changes()).to.deep.equal(first);
    const later = await processing(2);
    expect(await a.changes()).to.deep.equal(later);
    expect(await a.changes()).to.deep.equal([]);
    expect(await a.changes(second)).to.deep.equal([...first, ...later]);
    expect(await a.changes(second)).to.deep.equal([]);
  });

  it('neither loses nor repeats a change across a restart', async () => {
    const before = await processing(3);
    expect(await a.changes()).to.deep.equal(before);
    const during = await processing(2);
    await platform.restart();
    a = actors(platform);
    const after = await processing(1);
    expect(await a.changes()).to.deep.equal([...during, ...after]);
    await platform.restart();
    a = actors(platform);
    expect(await a.changes()).to.deep.equal([]);
  });

  it('serves again, after a restart, a page its process recorded but never wrote (it ended in between)', async () => {
    const first = await processing(2);
    expect(await a.changes()).to.deep.equal(first);
    const pending = await processing(2);
    // what a process that ended right after recording the page leaves in the log
    const stream = toChangesCursorStreamId('demo-delivery-platform', SERVICE);
    const history = await platform.platform.stores.events.readStream(stream);
    const written = history.filter((stored) => stored.event.type === CHANGES_PAGE_WRITTEN).at(-1)!.event.data as { servedUpTo: number };
    const head = await platform.platform.stores.events.headPosition();
    await platform.platform.stores.events.append(stream, [{
      producer: 'demo-delivery-platform',
      event: {
        specversion: '1.0', id: `crashed-${head}`, source: DELIVERY_SOURCE, type: CHANGES_PAGE_SERVED, time: new Date().toISOString(), subject: stream, partitionkey: stream,
        data: { clientId: 'demo-delivery-platform', serviceID: SERVICE, acknowledgedUpTo: written.servedUpTo, servedUpTo: head, count: 2, bridge: platform.config.bridgeId, servedAt: new Date().toISOString() },
      },
    }], { expectedRevision: history.at(-1)!.revision });
    await platform.restart();
    a = actors(platform);
    expect(await a.changes()).to.deep.equal(pending);
    expect(await a.changes()).to.deep.equal([]);
  });

  it('answers HEAD with 405 and gives its changes to the next GET: a HEAD carries no body to deliver them', async () => {
    const changes = await processing(2);
    const head = await a.deliveryPlatform.request('HEAD', `${PLATFORM_PATH}/delivery/changes`);
    expect(head.status).to.equal(405);
    expect(head.headers.allow).to.equal('GET');
    expect(await a.changes()).to.deep.equal(changes);
  });

  it('serves again a page whose response was cut: the caller left before it was written', async () => {
    const changes = await processing(3);
    for (let cut = 0; cut < 3; cut += 1) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port: platform.platform.port, servername: 'localhost', ca: readFileSync(platform.pki.caCert), cert: readFileSync(platform.pki.clientCert('demo-delivery-platform')), key: readFileSync(platform.pki.clientKey('demo-delivery-platform')) }, () => {
          socket.write(`GET ${PLATFORM_PATH}/delivery/changes HTTP/1.1\r\nHost: localhost\r\n\r\n`, () => {
            socket.destroy();
            resolve();
          });
        });
        socket.on('error', reject);
      });
    }
    // the next request waits for the cut ones' outcome, then gets what they did not deliver
    expect(await a.changes()).to.deep.equal(changes);
    expect(await a.changes()).to.deep.equal([]);
    // the first cut request got as far as recording its page (the caller left while it was sent); a later one may
    // have found its caller gone while it waited for its turn, and recorded nothing; no cut page was written
    const cursor = (await platform.platform.stores.events.readStream(toChangesCursorStreamId('demo-delivery-platform', SERVICE))).map((stored) => stored.event);
    const firstWritten = cursor.findIndex((event) => event.type === CHANGES_PAGE_WRITTEN);
    const servedBefore = cursor.slice(0, firstWritten).map((event) => {
      const { acknowledgedUpTo, count } = event.data as { acknowledgedUpTo: number; count: number };
      return `${event.type === CHANGES_PAGE_SERVED ? 'served' : event.type} ${acknowledgedUpTo} ${count}`;
    });
    expect(servedBefore.length, 'at least one cut page, then the one written').to.be.within(2, 4);
    expect(servedBefore).to.deep.equal(Array(servedBefore.length).fill('served 0 3'));
  });

  it('gives each change to exactly one of many concurrent requests of a caller, while changes keep coming', async () => {
    const reported: Entry[] = [];
    const received: Entry[] = [];
    const reporting = (async () => {
      for (let batch = 0; batch < 4; batch += 1) reported.push(...(await processing(3)));
    })();
    let reportingDone = false;
    void reporting.then(() => (reportingDone = true));
    while (!reportingDone) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => a.changes()));
      for (const answer of answers) received.push(...answer);
    }
    await reporting;
    received.push(...(await a.changes()));
    expect(received.map(key), 'no change twice').to.have.lengthOf(new Set(received.map(key)).size);
    expect(received.map(key).sort()).to.deep.equal(reported.map(key).sort());
  });

  it('answers at most DELIVERY_CHANGES_PAGE_LIMIT changes at once; the next request has the rest', async () => {
    await platform.stop();
    process.env.DELIVERY_CHANGES_PAGE_LIMIT = '2';
    try {
      platform = await TestPlatform.start();
      a = actors(platform);
      const changes = await processing(5);
      expect(await a.changes()).to.deep.equal(changes.slice(0, 2));
      expect(await a.changes()).to.deep.equal(changes.slice(2, 4));
      expect(await a.changes()).to.deep.equal(changes.slice(4));
      expect(await a.changes()).to.deep.equal([]);
    } finally {
      delete process.env.DELIVERY_CHANGES_PAGE_LIMIT;
    }
  });
});

import { expect } from 'chai';
import { DeadLetter, type EgovClient, type EventHandler, type ConsumerOptions, type LongPollConsumer, type WebSocketConsumer } from '../../src/sdk/index';
import { ServerProcess } from '../support/server-process';
import { eventually, recordingHandler, sdkClient } from '../support/sdk-clients';
import { TestPlatform, demoEvent } from '../support/test-platform';

type Consumer = WebSocketConsumer | LongPollConsumer;
const transports: { name: string; open: (client: EgovClient, handler: EventHandler, options: ConsumerOptions) => Consumer }[] = [
  { name: 'WebSocket', open: (client, handler, options) => client.consumeOverWebSocket(handler, options) },
  { name: 'long polling', open: (client, handler, options) => client.consumeByLongPolling(handler, options) },
];
const quickRetries = { retry: { attempts: 3, delayMs: 10 }, reconnect: { initialMs: 100, maxMs: 500 } };

for (const transport of transports) {
  describe(`SDK: consuming over ${transport.name} (e2e over mTLS)`, () => {
    let platform: TestPlatform;
    let producer: EgovClient;
    let consumerClient: EgovClient;
    let consumers: Consumer[] = [];
    let produced: string[] = [];

    const produce = async (count: number) => {
      const events = Array.from({ length: count }, () => demoEvent());
      await producer.produceBatch(events);
      produced.push(...events.map((event) => event.id));
      return events.map((event) => event.id);
    };
    const consume = async (handler: EventHandler, options: ConsumerOptions = {}) => {
      const consumer = transport.open(consumerClient, handler, { ...quickRetries, ...options });
      consumers.push(consumer);
      await consumer.start();
      return consumer;
    };
    /** what the exchange says is still waiting for the group: unconfirmed or not handed out yet */
    const waitingFor = async (group: string, kind = 'standard') => {
      const status = await consumerClient.http.getJson<{ groups: { group: string; kind: string; waiting: { events: number } }[] }>('/ce/tools/my-groups');
      return status.groups.find((entry) => entry.group === group && entry.kind === kind)?.waiting.events ?? 0;
    };

    beforeEach(async () => {
      produced = [];
      // a fixed port, so that a restarted platform is where the consumer reconnects
      platform = await TestPlatform.start({ env: { PORT: String(await ServerProcess.freePort()) }, exchange: { pollTimeoutMs: 300 } });
      producer = sdkClient(platform, 'demo-producer');
      consumerClient = sdkClient(platform, 'demo-consumer');
    });
    afterEach(async () => {
      for (const consumer of consumers) await consumer.stop();
      consumers = [];
      await producer.close();
      await consumerClient.close();
      await platform.stop();
    });

    it('hands each event to the handler in order and confirms it after the handler returns', async () => {
      const { handler, handled } = recordingHandler();
      const consumer = await consume(handler, { group: 'orders' });
      const confirmed: string[] = [];
      consumer.on('confirmed', (offset) => confirmed.push(offset));
      const ids = await produce(4);
      await eventually('four events are handled and confirmed', async () => handled.length === 4 && (await waitingFor('orders')) === 0);
      expect(handled).to.deep.equal(ids);
      expect(confirmed).to.have.length(4);
    });

    it('calls the handler again after it throws, and reports the event dead when it gives up', async () => {
      const [flaky, poison] = [demoEvent(), demoEvent()];
      const { handler, handled, calls } = recordingHandler((event, attempt) => {
        if (event.id === flaky.id && attempt < 2) return new Error('database busy');
        if (event.id === poison.id) return new DeadLetter('order unknown here');
        return undefined;
      });
      const consumer = await consume(handler, { group: 'retries' });
      const dead: string[] = [];
      consumer.on('dead', (_offset, reason) => dead.push(reason));
      await producer.produceBatch([flaky, poison]);
      await eventually('both events are confirmed', async () => handled.length === 1 && dead.length === 1 && (await waitingFor('retries')) === 0);
      expect(calls.get(flaky.id)).to.equal(2);
      expect(calls.get(poison.id)).to.equal(1);
      expect(dead).to.deep.equal(['order unknown here']);

      const reports = recordingHandler();
      await consume(reports.handler, { group: 'dead-reader', dead: true, events: false, test: false });
      await eventually('the dead report is read back', () => reports.handled.length === 1);
      expect(reports.handled).to.deep.equal([poison.id]);
    });

    it('goes on after the platform restarts, without losing an event or handing a confirmed one again', async () => {
      const { handler, handled, calls } = recordingHandler();
      const consumer = await consume(handler, { group: 'restart' });
      const reconnects: Error[] = [];
      consumer.on('disconnected', (error) => reconnects.push(error));
      await produce(5);
      await eventually('the first five are handled and confirmed', async () => handled.length === 5 && (await waitingFor('restart')) === 0);

      await platform.restart();
      await produce(5);
      await eventually('the next five are handled', () => handled.length >= 10);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(handled).to.deep.equal(produced);
      expect([...calls.values()].every((count) => count === 1)).to.equal(true);
      expect(reconnects.length).to.be.greaterThan(0);
    });

    it('stops after the event being handled, confirming it, so that the group goes on after it', async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const { handler: record, handled } = recordingHandler();
      const consumer = await consume(async (event, context) => {
        if (handled.length === 0) await released;
        return record(event, context);
      }, { group: 'stopping' });
      await produce(3);
      await eventually('the first event is being handled', () => consumers.length > 0 && handled.length === 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const stopped = consumer.stop();
      release();
      await stopped;
      expect(handled).to.have.length(1);

      const next = recordingHandler();
      await consume(next.handler, { group: 'stopping' });
      await eventually('the other two come to the next consumer', () => next.handled.length === 2);
      expect(next.handled).to.deep.equal(produced.slice(1));
    });
  });
}

describe('SDK: a consumer whose certificate is refused', () => {
  it('fails for good, with the platform problem, instead of reconnecting', async () => {
    const platform = await TestPlatform.start();
    const client = sdkClient(platform, 'demo-operator');
    try {
      for (const consumer of [client.consumeOverWebSocket(() => undefined), client.consumeByLongPolling(() => undefined)]) {
        const error = await consumer.start().catch((caught: unknown) => caught);
        expect((error as Error).message).to.match(/^401 /);
        await consumer.finished.then(
          () => expect.fail('finished should reject'),
          (failure: Error) => expect(failure).to.equal(error),
        );
      }
    } finally {
      await client.close();
      await platform.stop();
    }
  });
});

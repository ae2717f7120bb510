import { expect } from 'chai';
import type { EventStore, LogFilter, NewEvent, StoredEvent } from '../../../src/platform/event-store/event-store';
import { createLogger } from '../../../src/platform/logger';
import { LogReactor } from '../../../src/platform/processes/log-reactor';
import { freshEmbeddedStores } from '../../support/embedded-stores';

const WANTED = 'test.reactor.wanted';
const OTHER = 'test.reactor.other';
const FOLLOWS = { streamPrefix: 'followed-', types: [WANTED] };

function event(id: string, type: string): NewEvent {
  return { producer: 'test', event: { specversion: '1.0', id, source: 'urn:test', type, time: '2026-11-23T10:00:00.000Z' } };
}

describe('LogReactor: reading the log from its checkpoint (integration, embedded stores)', () => {
  // registered first, so it runs after the stores' own afterEach has not yet closed them
  let reactor: LogReactor | undefined;
  afterEach(async () => reactor?.stop());
  const stores = freshEmbeddedStores('egov-reactor-');

  /** The embedded log, recording the `after` of every readAll with a filter: where each pass starts reading. */
  function readsFrom(events: EventStore): { store: EventStore; afters: number[] } {
    const afters: number[] = [];
    const store: EventStore = {
      ...events,
      readAll: (query: { after: number; limit: number; filter?: LogFilter }) => {
        afters.push(query.after);
        return events.readAll(query);
      },
    };
    return { store, afters };
  }

  it('handles the events it wants in log order, and starts its next pass at the head it had read, not at its last event', async () => {
    await stores.events.append('followed-a', [event('1', WANTED), event('2', OTHER), event('3', OTHER)]);
    const { store, afters } = readsFrom(stores.events);
    const handled: StoredEvent[] = [];
    reactor = new LogReactor('test-reactor', { events: store, documents: stores.documents, logger: createLogger('silent') }, FOLLOWS, async (stored) => {
      handled.push(stored);
    });
    await reactor.start();
    await reactor.idle();
    expect(handled.map((stored) => stored.event.id)).to.deep.equal(['1']);

    // events it does not want: its next pass must not read positions 2 and 3 again
    await stores.events.append('followed-a', [event('4', OTHER)]);
    await new Promise((resolve) => setImmediate(resolve));
    await reactor.idle();
    await stores.events.append('followed-b', [event('5', WANTED)]);
    await new Promise((resolve) => setImmediate(resolve));
    await reactor.idle();

    expect(handled.map((stored) => stored.event.id)).to.deep.equal(['1', '5']);
    expect(afters[0]).to.equal(0);
    // each pass after the first starts at the head the one before it had seen (3, then 4)
    expect(afters.slice(1)).to.deep.equal([3, 4]);
  });

  it('handles only the events the platform appended to the streams it follows, not those of its type a client put elsewhere', async () => {
    await stores.events.append('exchange-someone', [event('produced', WANTED)]);
    await stores.events.append('exchange-test-someone', [{ ...event('tested', WANTED), kind: 'test' }]);
    await stores.events.append('followed-dead', [{ ...event('reported', WANTED), kind: 'dead' }]);
    await stores.events.append('followed-a', [event('own', WANTED)]);
    const handled: string[] = [];
    reactor = new LogReactor('test-reactor', { events: stores.events, documents: stores.documents, logger: createLogger('silent') }, FOLLOWS, async (stored) => {
      handled.push(stored.event.id);
    });
    await reactor.start();
    await reactor.idle();
    expect(handled).to.deep.equal(['own']);
  });
});

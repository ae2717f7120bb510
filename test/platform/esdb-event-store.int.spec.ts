import { openEventStoreDbEventStore } from '../../src/platform/event-store/esdb-event-store';
import { eventStoreContract } from './event-store.contract';

// Runs only where EventStoreDB is reachable (docker compose up eventstore); registers nothing otherwise.
const url = process.env.EVENTSTORE_URL;
if (url) {
  eventStoreContract('EventStoreDB', () => openEventStoreDbEventStore(url));
}

import type { Projection } from '../../src/platform/projections/projection';
import { EVENTS_REGISTERED, type EventsRegistered } from '../../src/eventlog/registration/events';
import { EVENTLOG_STREAMS } from '../../src/eventlog/service';
import { parseEventTime } from '../../src/eventlog/registration/event-time';
import { searchTermsOf, toIndexedValue } from '../../src/eventlog/registration/log-event-rules';

export const LOG_ENTRIES = 'eventlog_entries';

/** One document per logged event; indexes serve the search by UID and by owner and time range. */
export type LogEntryDocument = {
  _id: string;
  uid: string;
  owner: string;
  /** event_time as a UTC instant, so ranges compare as text */
  eventTime: string;
  /** where the registration stands in the log, and the entry's place in it: registration order */
  position: number;
  entry: number;
  registeredAt: string;
  signed: boolean;
  kid?: string;
  fields: Record<string, unknown>;
  /** what a search filter matches: `name=value` for every scalar (searchTermsOf) */
  terms: string[];
};

export const logEntriesProjection: Projection = {
  name: 'eventlog-entries',
  // 2: terms, so a filter finds a field inside a list of objects in the embedded store too
  // 3: position and entry, so events at one time are found in registration order
  // 4: built from the service's own streams only (a test event or dead report of its types was applied as its own)
  version: 4,
  streamPrefix: EVENTLOG_STREAMS,
  eventTypes: [EVENTS_REGISTERED],
  collections: [LOG_ENTRIES],
  indexes: [
    { collection: LOG_ENTRIES, keys: { uid: 1 } },
    { collection: LOG_ENTRIES, keys: { owner: 1, eventTime: 1, position: 1, entry: 1 } },
  ],
  async apply(stored, session) {
    const { uid, clientId, registeredAt, entries, signatures } = stored.event.data as EventsRegistered['data'];
    const collection = session.collection<LogEntryDocument>(LOG_ENTRIES);
    for (const [index, entry] of entries.entries()) {
      const signature = entry.signature === undefined ? undefined : signatures[entry.signature];
      const document: LogEntryDocument = {
        _id: `${uid}:${index}`,
        uid,
        owner: clientId,
        eventTime: parseEventTime(String(entry.fields.event_time)) ?? registeredAt,
        position: stored.position,
        entry: index,
        registeredAt,
        signed: signature !== undefined,
        ...(signature ? { kid: signature.kid } : {}),
        fields: toIndexedValue(entry.fields) as Record<string, unknown>,
        terms: searchTermsOf(entry.fields),
      };
      await collection.replaceOne({ _id: document._id }, document, { upsert: true });
    }
  },
};

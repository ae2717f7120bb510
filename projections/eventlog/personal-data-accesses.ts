import type { Projection } from '../../src/platform/projections/projection';
import { EVENTS_REGISTERED, type EventsRegistered } from '../../src/eventlog/registration/events';
import { EVENTLOG_STREAMS } from '../../src/eventlog/service';
import { parseEventTime } from '../../src/eventlog/registration/event-time';
import { isPersonalDataType, subjectKeyOf, subjectValuesOf, toIndexedValue } from '../../src/eventlog/registration/log-event-rules';

export const PERSONAL_DATA_ACCESSES = 'eventlog_personal_data';

/** The seed's special index: the fields of a <Prefix>.PersonalData.<Action> event. */
export const PERSONAL_DATA_FIELDS = [
  'event_time',
  'event_type',
  'event_correlation',
  'legal_entity',
  'legal_basis',
  'legal_reason',
  'user',
  'user_address',
  'subject',
  'subject_type',
  'subject_name',
  'object',
  'object_type',
] as const;

/** One document per (event, data subject): a multi-valued subject is found under each of its values. */
export type PersonalDataAccessDocument = {
  _id: string;
  uid: string;
  owner: string;
  subject: string;
  eventTime: string;
  /** where the registration stands in the log, and the entry's place in it: registration order */
  position: number;
  entry: number;
  fields: Record<string, unknown>;
};

export const personalDataProjection: Projection = {
  name: 'eventlog-personal-data',
  // 2: position and entry, so a search pages through a fixed snapshot of the log, in registration order within a time
  // 3: built from the service's own streams only (a test event or dead report of its types was applied as its own)
  version: 3,
  streamPrefix: EVENTLOG_STREAMS,
  eventTypes: [EVENTS_REGISTERED],
  collections: [PERSONAL_DATA_ACCESSES],
  indexes: [{ collection: PERSONAL_DATA_ACCESSES, keys: { subject: 1, eventTime: 1, position: 1, entry: 1 } }],
  async apply(stored, session) {
    const { uid, clientId, registeredAt, entries } = stored.event.data as EventsRegistered['data'];
    const collection = session.collection<PersonalDataAccessDocument>(PERSONAL_DATA_ACCESSES);
    for (const [index, entry] of entries.entries()) {
      if (!isPersonalDataType(String(entry.fields.event_type))) continue;
      const fields = Object.fromEntries(
        PERSONAL_DATA_FIELDS.filter((name) => entry.fields[name] !== undefined).map((name) => [name, toIndexedValue(entry.fields[name])]),
      );
      // each subject once; an access naming none cannot be found by subject, so it is not indexed
      const subjects = [...new Set(subjectValuesOf(fields.subject).map(subjectKeyOf))];
      for (const [n, subject] of subjects.filter((candidate) => candidate !== '').entries()) {
        const document: PersonalDataAccessDocument = {
          _id: `${uid}:${index}:${n}`,
          uid,
          owner: clientId,
          subject,
          eventTime: parseEventTime(String(entry.fields.event_time)) ?? registeredAt,
          position: stored.position,
          entry: index,
          fields,
        };
        await collection.replaceOne({ _id: document._id }, document, { upsert: true });
      }
    }
  },
};

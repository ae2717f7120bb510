import { PETITION_EVENT_TYPES, PETITION_FILED, type PetitionEvent } from '../../src/petitions/petition/events';
import { PETITIONS_STREAMS } from '../../src/petitions/service';
import type { Projection } from '../../src/platform/projections/projection';
import { evolvedDocument, filedDocument, type PetitionDocument } from './petition-document';

export const PETITIONS = 'petitions';

/**
 * One document per petition: what the authority's, the requestor's and the intake's lists show, the
 * files' blob names for the downloads, and the due dates the scheduler sweeps.
 */
export const petitionsProjection: Projection = {
  name: 'petitions',
  streamPrefix: PETITIONS_STREAMS,
  eventTypes: PETITION_EVENT_TYPES,
  collections: [PETITIONS],
  indexes: [
    { collection: PETITIONS, keys: { authorityIdno: 1, filedAt: 1 } },
    { collection: PETITIONS, keys: { authorityIdno: 1, dueSort: 1 } },
    { collection: PETITIONS, keys: { filedAt: 1 } },
    { collection: PETITIONS, keys: { dueSort: 1 } },
    { collection: PETITIONS, keys: { requestorIdn: 1, filedAt: 1 } },
    { collection: PETITIONS, keys: { filedBy: 1, filedPosition: 1 } },
    { collection: PETITIONS, keys: { pendingAlert: 1, dueDate: 1 } },
  ],
  async apply(stored, session) {
    const event = { type: stored.event.type, data: stored.event.data } as PetitionEvent;
    const collection = session.collection<PetitionDocument>(PETITIONS);
    if (event.type === PETITION_FILED) {
      await collection.replaceOne({ _id: event.data.petitionNumber }, filedDocument(event.data, stored.position), { upsert: true });
      return;
    }
    const petitionNumber = (event.data as { petitionNumber: string }).petitionNumber;
    const document = await collection.findOne({ _id: petitionNumber });
    if (document) await collection.replaceOne({ _id: petitionNumber }, evolvedDocument(document, event));
  },
};

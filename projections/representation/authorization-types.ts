import type { Projection } from '../../src/platform/projections/projection';
import { AUTHORIZATION_TYPE_DEFINED, AUTHORIZATION_TYPE_UPDATED, type AuthorizationTypeDefinition, type AuthorizationTypeEvent } from '../../src/representation/authorization-type/events';
import { REPRESENTATION_STREAMS } from '../../src/representation/service';

export const AUTHORIZATION_TYPES = 'representation_authorization_types';

/** One document per authorization type (reference data), keyed by its code. */
export type AuthorizationTypeDocument = AuthorizationTypeDefinition & { _id: string; definedAt: string; updatedAt: string };

export const authorizationTypesProjection: Projection = {
  name: 'representation-authorization-types',
  streamPrefix: REPRESENTATION_STREAMS,
  eventTypes: [AUTHORIZATION_TYPE_DEFINED, AUTHORIZATION_TYPE_UPDATED],
  collections: [AUTHORIZATION_TYPES],
  indexes: [{ collection: AUTHORIZATION_TYPES, keys: { serviceProviderIdno: 1 } }],
  async apply(stored, session) {
    const { data } = { type: stored.event.type, data: stored.event.data } as AuthorizationTypeEvent;
    const collection = session.collection<AuthorizationTypeDocument>(AUTHORIZATION_TYPES);
    const existing = await collection.findOne({ _id: data.definition.code });
    const document = { ...data.definition, _id: data.definition.code, definedAt: existing?.definedAt ?? data.at, updatedAt: data.at };
    await collection.replaceOne({ _id: document._id }, document, { upsert: true });
  },
};

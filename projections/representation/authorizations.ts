import type { Projection } from '../../src/platform/projections/projection';
import { AUTHORIZATION_EVENT_TYPES, type AuthorizationEvent } from '../../src/representation/authorization/events';
import { evolveAuthorization, type AuthorizationState } from '../../src/representation/authorization/state';
import { authorizationCodeOfStream } from '../../src/representation/authorization/stream';
import { dueInstants } from '../../src/representation/authorization/time-effects';
import { REPRESENTATION_STREAMS } from '../../src/representation/service';

export const AUTHORIZATIONS = 'representation_authorizations';

/**
 * One document per power, keyed by its code: the aggregate's folded state (the same evolve as its decider),
 * so that a check is one lookup by key, never a fold of the stream; plus what the scheduler sweeps for
 * (dueInstants) and the revision of the stream it reflects.
 */
export type AuthorizationDocument = AuthorizationState & {
  _id: string;
  dueAt: string | null;
  expiryNoticeFrom: string | null;
  revision: number;
};

export const authorizationsProjection: Projection = {
  name: 'representation-authorizations',
  streamPrefix: REPRESENTATION_STREAMS,
  eventTypes: AUTHORIZATION_EVENT_TYPES,
  collections: [AUTHORIZATIONS],
  indexes: [
    { collection: AUTHORIZATIONS, keys: { 'authorizing.idn': 1 } },
    { collection: AUTHORIZATIONS, keys: { 'authorized.idn': 1, 'authorizing.idn': 1, 'authorizationType.code': 1 } },
    { collection: AUTHORIZATIONS, keys: { 'authorizationType.serviceProviderIdno': 1 } },
    { collection: AUTHORIZATIONS, keys: { dueAt: 1 } },
    { collection: AUTHORIZATIONS, keys: { expiryNoticeFrom: 1 } },
  ],
  async apply(stored, session) {
    const code = authorizationCodeOfStream(stored.streamId);
    const collection = session.collection<AuthorizationDocument>(AUTHORIZATIONS);
    const event = { type: stored.event.type, data: stored.event.data } as AuthorizationEvent;
    // a stream's first event makes its document: applied once (the batch and its checkpoint commit together), nothing to read
    const existing = stored.revision === 0 ? null : await collection.findOne({ _id: code });
    const state = evolveAuthorization(existing ? stateOf(existing) : null, event);
    if (!state) return;
    const document = { ...state, _id: code, ...dueInstants(state), revision: stored.revision };
    if (existing) await collection.replaceOne({ _id: code }, document);
    else await collection.insertOne(document);
  },
};

/** The aggregate's state a document holds. */
export function stateOf(document: AuthorizationDocument): AuthorizationState {
  const { _id, dueAt, expiryNoticeFrom, revision, ...state } = document;
  return state;
}

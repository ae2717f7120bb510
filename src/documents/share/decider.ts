import type { Decider } from '../../platform/decider';
import type { ShareCommand } from './commands';
import { SHARE_CHANGED, SHARE_GRANTED, SHARE_REVOKED, type ShareEvent } from './events';
import { coveringGrant, describeGrants, narrowedWithin, type Grant, type ShareRequest } from './grant';
import { idnoOf } from '../principals/principal';

export class ShareNotFoundError extends Error {
  constructor(readonly shareId: string) {
    super(`no share ${shareId} on this document`);
    this.name = 'ShareNotFoundError';
  }
}

export class ShareExistsError extends Error {
  constructor(readonly shareId: string) {
    super(`share ${shareId} exists already (a reservation makes one share)`);
    this.name = 'ShareExistsError';
  }
}

/** A share's own terms (400, naming the field). */
export class InvalidShareError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field} ${reason}`);
    this.name = 'InvalidShareError';
  }
}

/** The rule of the guide: a share is never wider than the sharer's own permission, in rights or in time (403). */
export class ShareWiderThanSharerError extends Error {
  constructor(request: ShareRequest, grants: Grant[]) {
    const asked = `${request.permission}${request.from ? ` from ${request.from}` : ''}${request.to ? ` until ${request.to}` : ' without an end'}`;
    super(`a share cannot be wider than the sharer's own permission, in rights or in time: asked ${asked}; the sharer holds ${describeGrants(grants)}`);
    this.name = 'ShareWiderThanSharerError';
  }
}

export class ShareNotYoursError extends Error {
  constructor(readonly shareId: string) {
    super(`share ${shareId} may be changed or removed only by the principal who made it or the document's owner`);
    this.name = 'ShareNotYoursError';
  }
}

/** owner and sharedFor: the principals the share concerns, for its events' owners */
type ShareState = { status: 'none' | 'active' | 'revoked'; documentId: string; sharedBy: string; owner?: string; sharedFor?: string; terms?: ShareRequest };

/** Seed: from <= to, and to later than now. */
function checkTerms(request: ShareRequest, now: string): void {
  if (request.from && request.to && Date.parse(request.from) > Date.parse(request.to)) throw new InvalidShareError('to', 'must not be earlier than from');
  if (request.to && Date.parse(request.to) <= Date.parse(now)) throw new InvalidShareError('to', 'must be later than now');
}

function checkWithin(grants: Grant[], request: ShareRequest, now: string): void {
  if (!coveringGrant(grants, request, now)) throw new ShareWiderThanSharerError(request, grants);
}

export const shareDecider: Decider<ShareCommand, ShareEvent, ShareState> = {
  initialState: () => ({ status: 'none', documentId: '', sharedBy: '' }),
  evolve: (state, event) => {
    switch (event.type) {
      case SHARE_GRANTED:
        return {
          status: 'active',
          documentId: event.data.documentId,
          sharedBy: event.data.by,
          owner: event.data.owner,
          sharedFor: event.data.sharedFor,
          terms: { permission: event.data.permission, from: event.data.from, to: event.data.to },
        };
      case SHARE_CHANGED:
        return { ...state, terms: { permission: event.data.permission, from: event.data.from, to: event.data.to } };
      case SHARE_REVOKED:
        return { ...state, status: 'revoked' };
      default: {
        const unexpected: never = event;
        return unexpected;
      }
    }
  },
  decide: (command, state) => {
    const { shareId, clientId, at } = command;
    const terms = command.type === 'RevokeShare' || command.type === 'ConfineShare' ? null : { permission: command.permission, from: command.from, to: command.to };
    switch (command.type) {
      case 'GrantShare': {
        if (state.status !== 'none') throw new ShareExistsError(shareId);
        checkTerms(terms!, at);
        if (command.sharedFor === command.sharer.principal || command.sharedFor === command.documentOwner) {
          throw new InvalidShareError('sharedFor', 'must be someone other than the sharer and the document\'s owner');
        }
        checkWithin(command.sharer.grants, terms!, at);
        const { documentId, documentOwner, sharedFor, suppressNotifications, reservation } = command;
        const data = { shareId, documentId, owner: documentOwner, sharedFor, ...terms!, suppressNotifications, by: command.sharer.principal, clientId, at };
        return [{ type: SHARE_GRANTED, data: reservation ? { ...data, reservationId: reservation.id, accessCodeSha256: reservation.accessCodeSha256 } : data }];
      }
      case 'ChangeShare': {
        if (state.status !== 'active') throw new ShareNotFoundError(shareId);
        const isOwner = command.actorGrants.some((grant) => grant.permission === 'Owner');
        if (!isOwner && command.actor !== state.sharedBy) throw new ShareNotYoursError(shareId);
        checkTerms(terms!, at);
        checkWithin(command.actorGrants, terms!, at);
        return [{ type: SHARE_CHANGED, data: { shareId, documentId: state.documentId, ...terms!, by: command.actor, clientId, at } }];
      }
      case 'RevokeShare':
        if (state.status !== 'active') throw new ShareNotFoundError(shareId);
        if (!command.actorIsOwner && command.actor !== state.sharedBy) throw new ShareNotYoursError(shareId);
        return [{ type: SHARE_REVOKED, data: { shareId, documentId: state.documentId, by: command.actor, clientId, at } }];
      case 'ConfineShare': {
        // idempotent: a share ended already, or still covered (narrowed already), is left as it is
        if (state.status !== 'active' || !state.terms || coveringGrant(command.sharerGrants, state.terms, at)) return [];
        const { by, cause } = command;
        const narrowed = narrowedWithin(command.sharerGrants, state.terms, at);
        if (narrowed) return [{ type: SHARE_CHANGED, data: { shareId, documentId: state.documentId, ...narrowed, by, clientId, at, cause } }];
        return [{ type: SHARE_REVOKED, data: { shareId, documentId: state.documentId, by, clientId, at, cause } }];
      }
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
  // the organisations among the document's owner and whom it is shared with (people and systems are no organisation)
  owners: (event, state) => {
    const { owner, sharedFor } = event.type === SHARE_GRANTED ? event.data : state;
    return [owner, sharedFor].map((principal) => (principal ? idnoOf(principal) : null));
  },
};

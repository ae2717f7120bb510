import type { ShareCause } from './events';
import type { Grant, ShareRequest } from './grant';

type Common = { shareId: string; clientId: string; at: string };

export type GrantShare = Common &
  ShareRequest & {
    type: 'GrantShare';
    documentId: string;
    documentOwner: string;
    sharedFor: string;
    /** the sharer and what it holds on the document */
    sharer: { principal: string; grants: Grant[] };
    suppressNotifications: boolean;
    reservation?: { id: string; accessCodeSha256: string | null };
  };
/** actorGrants: what the acting principal holds on the document (the owner may change any share, the sharer its own within them). */
export type ChangeShare = Common & ShareRequest & { type: 'ChangeShare'; actor: string; actorGrants: Grant[] };
export type RevokeShare = Common & { type: 'RevokeShare'; actor: string; actorIsOwner: boolean };

/**
 * The share cascade: what the sharer holds now by its own chain (sharerGrants); the share is kept when
 * they cover it, narrowed to them when they cover part of it, revoked when nothing. by: who caused it.
 */
export type ConfineShare = Common & { type: 'ConfineShare'; by: string; sharerGrants: Grant[]; cause: ShareCause };

export type ShareCommand = GrantShare | ChangeShare | RevokeShare | ConfineShare;

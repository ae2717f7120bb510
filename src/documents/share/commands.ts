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

export type ShareCommand = GrantShare | ChangeShare | RevokeShare;

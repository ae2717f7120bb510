import type { DomainEvent } from '../../platform/decider';

export const SHARE_GRANTED = 'md.gov.documents.share.granted.v1';
export const SHARE_CHANGED = 'md.gov.documents.share.changed.v1';
export const SHARE_REVOKED = 'md.gov.documents.share.revoked.v1';

type Actor = { by: string; clientId: string; at: string };
type Terms = { permission: 'Read' | 'Write'; from: string | null; to: string | null };

/** A document (or folder, with what is in it) shared with a principal by `by`. */
export type ShareGranted = DomainEvent<
  typeof SHARE_GRANTED,
  Actor &
    Terms & {
      shareId: string;
      documentId: string;
      /** the document's owner when it was shared */
      owner: string;
      sharedFor: string;
      suppressNotifications: boolean;
      /** the reservation it was made from (its id is the share's), and the hash of that reservation's access code */
      reservationId?: string;
      accessCodeSha256?: string | null;
    }
>;
/**
 * Why the share cascade ended or narrowed a share: its sharer's own grant was revoked or narrowed (the
 * share, on this document or a folder above it, and the event), or the document was moved out from under
 * the folder the sharer's grant was on (shareId null). By the store itself, not by a principal's request.
 */
export type ShareCause = { eventId: string; type: string; shareId: string | null; documentId: string };
/** New terms, by the sharer or the owner; or narrowed by the share cascade (cause) to what the sharer still holds. */
export type ShareChanged = DomainEvent<typeof SHARE_CHANGED, Actor & Terms & { shareId: string; documentId: string; cause?: ShareCause }>;
/** Removed by the sharer or the owner; or ended by the share cascade (cause) when its sharer holds nothing of it any more. */
export type ShareRevoked = DomainEvent<typeof SHARE_REVOKED, Actor & { shareId: string; documentId: string; cause?: ShareCause }>;

export type ShareEvent = ShareGranted | ShareChanged | ShareRevoked;

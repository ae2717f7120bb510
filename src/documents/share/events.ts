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
export type ShareChanged = DomainEvent<typeof SHARE_CHANGED, Actor & Terms & { shareId: string; documentId: string }>;
export type ShareRevoked = DomainEvent<typeof SHARE_REVOKED, Actor & { shareId: string; documentId: string }>;

export type ShareEvent = ShareGranted | ShareChanged | ShareRevoked;

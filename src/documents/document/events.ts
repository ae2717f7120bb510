import type { DomainEvent } from '../../platform/decider';

export const DOCUMENT_CREATED = 'md.gov.documents.document.created.v1';
export const DOCUMENT_CHANGED = 'md.gov.documents.document.changed.v1';
export const DOCUMENT_MOVED = 'md.gov.documents.document.moved.v1';
export const DOCUMENT_VERSION_ADDED = 'md.gov.documents.document.version-added.v1';
export const DOCUMENT_VERSIONS_DELETED = 'md.gov.documents.document.versions-deleted.v1';
export const DOCUMENT_RECYCLED = 'md.gov.documents.document.recycled.v1';
export const DOCUMENT_RESTORED = 'md.gov.documents.document.restored.v1';
export const DOCUMENT_PURGED = 'md.gov.documents.document.purged.v1';

/** A document's content: the uploaded blob it came from and the stored bytes (by hash) it names. */
export type ContentRef = { blobId: string; sha256: string; size: number; contentType: string };

/** Who made a change: the principal the client acted as, and the client. */
type Actor = { by: string; clientId: string; at: string };

/** A document or a folder (a document without content) was created, for its owner, as version 1. */
export type DocumentCreated = DomainEvent<
  typeof DOCUMENT_CREATED,
  Actor & {
    documentId: string;
    owner: string;
    name: string;
    number: string | null;
    folderId: string | null;
    type: string;
    isFolder: boolean;
    content: ContentRef | null;
    /** from when it is shown (a future date hides it until then) */
    createdOn: string;
    expiresOn: string | null;
    /** the creator the publisher named (createdBy), else the principal it acted as */
    createdBy: string;
    suppressNotifications: boolean;
    /** the document it is a copy of */
    copiedFrom?: string;
  }
>;
export type DocumentChanged = DomainEvent<
  typeof DOCUMENT_CHANGED,
  Actor & { documentId: string; changes: { name?: string; number?: string | null; expiresOn?: string | null } }
>;
export type DocumentMoved = DomainEvent<typeof DOCUMENT_MOVED, Actor & { documentId: string; fromFolderId: string | null; toFolderId: string | null }>;
/** New content: kept beside the earlier versions when the type keeps versions, else replacing the current one. */
export type DocumentVersionAdded = DomainEvent<
  typeof DOCUMENT_VERSION_ADDED,
  Actor & { documentId: string; version: number; content: ContentRef; replacesPrevious: boolean }
>;
export type DocumentVersionsDeleted = DomainEvent<typeof DOCUMENT_VERSIONS_DELETED, Actor & { documentId: string; versions: number[] }>;
/** Moved to its owner's recycle bin, from the folder it was in. */
export type DocumentRecycled = DomainEvent<typeof DOCUMENT_RECYCLED, Actor & { documentId: string; folderId: string | null }>;
export type DocumentRestored = DomainEvent<typeof DOCUMENT_RESTORED, Actor & { documentId: string; folderId: string | null }>;
/** Deleted for good: its versions no longer count against its owner's quota. */
export type DocumentPurged = DomainEvent<
  typeof DOCUMENT_PURGED,
  Actor & { documentId: string; reason: 'deleted' | 'recycle-bin-emptied' | 'expired' | 'folder-purged' }
>;

export type DocumentEvent =
  | DocumentCreated
  | DocumentChanged
  | DocumentMoved
  | DocumentVersionAdded
  | DocumentVersionsDeleted
  | DocumentRecycled
  | DocumentRestored
  | DocumentPurged;

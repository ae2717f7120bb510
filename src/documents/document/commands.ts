import type { ContentRef, DocumentPurged } from './events';
import type { Actor } from './permission';

type Common = { documentId: string; clientId: string; at: string };

export type CreateDocument = Common & {
  type: 'CreateDocument';
  owner: string;
  /** the principal the client acted as */
  by: string;
  name: string;
  number: string | null;
  folderId: string | null;
  documentType: string;
  isFolder: boolean;
  content: ContentRef | null;
  createdOn: string;
  expiresOn: string | null;
  createdBy: string;
  suppressNotifications: boolean;
  copiedFrom?: string;
};
export type ChangeDocument = Common & { type: 'ChangeDocument'; actor: Actor; changes: { name?: string; number?: string | null; expiresOn?: string | null } };
export type MoveDocument = Common & { type: 'MoveDocument'; actor: Actor; toFolderId: string | null; /** the destination and the folders above it */ destinationPath: string[] };
export type AddVersion = Common & { type: 'AddVersion'; actor: Actor; content: ContentRef; keepPrevious: boolean };
export type DeleteVersions = Common & { type: 'DeleteVersions'; actor: Actor; version: number; includingPrevious: boolean };
export type RecycleDocument = Common & { type: 'RecycleDocument'; actor: Actor };
export type RestoreDocument = Common & { type: 'RestoreDocument'; actor: Actor; toFolderId: string | null };
export type PurgeDocument = Common & { type: 'PurgeDocument'; actor: Actor; reason: DocumentPurged['data']['reason'] };

export type DocumentCommand = CreateDocument | ChangeDocument | MoveDocument | AddVersion | DeleteVersions | RecycleDocument | RestoreDocument | PurgeDocument;

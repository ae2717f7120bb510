import {
  DOCUMENT_CHANGED,
  DOCUMENT_CREATED,
  DOCUMENT_MOVED,
  DOCUMENT_PURGED,
  DOCUMENT_RECYCLED,
  DOCUMENT_RESTORED,
  DOCUMENT_VERSION_ADDED,
  DOCUMENT_VERSIONS_DELETED,
  type ContentRef,
  type DocumentEvent,
} from './events';

export type KeptVersion = { version: number; content: ContentRef };

/** A document as its stream tells it. `versions` holds the kept ones, oldest first; the last is current. */
export type DocumentState = {
  status: 'none' | 'live' | 'recycled' | 'purged';
  owner: string;
  documentType: string;
  isFolder: boolean;
  name: string;
  number: string | null;
  folderId: string | null;
  createdOn: string;
  expiresOn: string | null;
  versions: KeptVersion[];
};

export const initialDocumentState = (): DocumentState => ({
  status: 'none',
  owner: '',
  documentType: '',
  isFolder: false,
  name: '',
  number: null,
  folderId: null,
  createdOn: '',
  expiresOn: null,
  versions: [],
});

export function evolveDocument(state: DocumentState, event: DocumentEvent): DocumentState {
  switch (event.type) {
    case DOCUMENT_CREATED: {
      const { owner, type, isFolder, name, number, folderId, createdOn, expiresOn, content } = event.data;
      return { status: 'live', owner, documentType: type, isFolder, name, number, folderId, createdOn, expiresOn, versions: content ? [{ version: 1, content }] : [] };
    }
    case DOCUMENT_CHANGED:
      return { ...state, ...event.data.changes };
    case DOCUMENT_MOVED:
      return { ...state, folderId: event.data.toFolderId };
    case DOCUMENT_VERSION_ADDED: {
      const kept = event.data.replacesPrevious ? state.versions.slice(0, -1) : state.versions;
      return { ...state, versions: [...kept, { version: event.data.version, content: event.data.content }] };
    }
    case DOCUMENT_VERSIONS_DELETED:
      return { ...state, versions: state.versions.filter((kept) => !event.data.versions.includes(kept.version)) };
    case DOCUMENT_RECYCLED:
      return { ...state, status: 'recycled' };
    case DOCUMENT_RESTORED:
      return { ...state, status: 'live', folderId: event.data.folderId };
    case DOCUMENT_PURGED:
      return { ...state, status: 'purged', versions: [] };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/** The number the next version gets: one above the newest ever (a deleted version's number is not reused). */
export const currentVersion = (state: DocumentState) => state.versions[state.versions.length - 1]?.version ?? 0;

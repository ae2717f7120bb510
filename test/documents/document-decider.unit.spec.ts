import { expect } from 'chai';
import type { CreateDocument } from '../../src/documents/document/commands';
import { documentDecider } from '../../src/documents/document/decider';
import { DocumentExistsError, DocumentNotFoundError, InvalidDocumentError, VersionNotFoundError } from '../../src/documents/document/errors';
import {
  DOCUMENT_CHANGED,
  DOCUMENT_CREATED,
  DOCUMENT_MOVED,
  DOCUMENT_PURGED,
  DOCUMENT_RECYCLED,
  DOCUMENT_RESTORED,
  DOCUMENT_VERSION_ADDED,
  DOCUMENT_VERSIONS_DELETED,
  type DocumentEvent,
} from '../../src/documents/document/events';
import { DocumentAccessDeniedError, type Permission } from '../../src/documents/document/permission';
import { deciderSpec } from '../support/decider-spec';

const spec = deciderSpec(documentDecider);
const at = '2026-05-01T10:00:00.000Z';
const documentId = '00000000-0000-4000-8000-0000000000d1';
const ION = 'urn:md:idnp:2000000000011';
const content = (n: number) => ({ blobId: `00000000-0000-4000-8000-00000000000${n}`, sha256: String(n).repeat(64), size: 100 * n, contentType: 'application/json' });
const create: CreateDocument = {
  type: 'CreateDocument',
  documentId,
  owner: ION,
  by: 'urn:md:idno:1003600000003',
  name: 'Certificat',
  number: 'CJ-1',
  folderId: null,
  documentType: 'DEMO-CERTIFICATE',
  isFolder: false,
  content: content(1),
  createdOn: at,
  expiresOn: '2026-08-01T00:00:00.000Z',
  createdBy: 'urn:md:idno:1003600000003',
  suppressNotifications: false,
  clientId: 'demo-institution',
  at,
};
const created = documentDecider.decide(create, documentDecider.initialState())[0] as DocumentEvent;
const actor = (permission: Permission) => ({ principal: ION, permission });
const common = { documentId, clientId: 'demo-institution', at };
const versionAdded = (version: number, keep = true): DocumentEvent => ({
  type: DOCUMENT_VERSION_ADDED,
  data: { documentId, version, content: content(version), replacesPrevious: !keep, by: ION, clientId: 'demo-institution', at },
});

describe('document decider', () => {
  it('creates a document once, as version 1', () => {
    expect(created.type).to.equal(DOCUMENT_CREATED);
    spec.given([created]).when(create).thenThrows(DocumentExistsError);
  });

  it('refuses an expiry that is not later than the creation (seed)', () => {
    spec.given([]).when({ ...create, expiresOn: at }).thenThrows(InvalidDocumentError, /expiresOn must be later than createdOn/);
    spec.given([created]).when({ type: 'ChangeDocument', ...common, actor: actor('Write'), changes: { expiresOn: '2026-01-01T00:00:00.000Z' } }).thenThrows(InvalidDocumentError, /expiresOn/);
  });

  it('changes only what differs, with Write', () => {
    const change = { type: 'ChangeDocument' as const, ...common, actor: actor('Write'), changes: { name: 'Certificat nou', number: 'CJ-1' } };
    spec.given([created]).when(change).then([{ type: DOCUMENT_CHANGED, data: { documentId, changes: { name: 'Certificat nou' }, by: ION, clientId: 'demo-institution', at } }]);
    spec.given([created]).when({ ...change, changes: { number: 'CJ-1' } }).then([]);
    spec.given([created]).when({ ...change, actor: actor('Read') }).thenThrows(DocumentAccessDeniedError);
  });

  it('moves a document, never a folder into itself or below it', () => {
    const folder = '00000000-0000-4000-8000-0000000000f1';
    const above = '00000000-0000-4000-8000-0000000000f0';
    const move = { type: 'MoveDocument' as const, ...common, actor: actor('Write'), toFolderId: folder, destinationPath: [above, folder] };
    spec.given([created]).when(move).then([{ type: DOCUMENT_MOVED, data: { documentId, fromFolderId: null, toFolderId: folder, by: ION, clientId: 'demo-institution', at } }]);
    spec.given([created]).when({ ...move, destinationPath: [documentId, folder] }).thenThrows(InvalidDocumentError, /folder itself or a folder inside it/);
  });

  it('keeps versions for a versioned type, replaces the current one otherwise', () => {
    const add = { type: 'AddVersion' as const, ...common, actor: actor('Write'), content: content(2), keepPrevious: true };
    spec.given([created]).when(add).then([versionAdded(2)]);
    spec.given([created]).when({ ...add, keepPrevious: false }).then([versionAdded(2, false)]);
    spec.given([created, versionAdded(2)]).when({ ...add, content: content(3) }).then([versionAdded(3)]);
  });

  it('deletes earlier versions (one, or with those before it), never the current one', () => {
    const history = [created, versionAdded(2), versionAdded(3)];
    const remove = { type: 'DeleteVersions' as const, ...common, actor: actor('Write'), version: 2, includingPrevious: true };
    spec.given(history).when(remove).then([{ type: DOCUMENT_VERSIONS_DELETED, data: { documentId, versions: [1, 2], by: ION, clientId: 'demo-institution', at } }]);
    spec.given(history).when({ ...remove, includingPrevious: false }).then([{ type: DOCUMENT_VERSIONS_DELETED, data: { documentId, versions: [2], by: ION, clientId: 'demo-institution', at } }]);
    spec.given(history).when({ ...remove, version: 3 }).thenThrows(InvalidDocumentError, /current version/);
    spec.given(history).when({ ...remove, version: 9 }).thenThrows(VersionNotFoundError);
  });

  it('recycles with Write; only the owner restores and purges', () => {
    const recycled: DocumentEvent = { type: DOCUMENT_RECYCLED, data: { documentId, folderId: null, by: ION, clientId: 'demo-institution', at } };
    spec.given([created]).when({ type: 'RecycleDocument', ...common, actor: actor('Write') }).then([recycled]);
    spec.given([created, recycled]).when({ type: 'RestoreDocument', ...common, actor: actor('Write'), toFolderId: null }).thenThrows(DocumentAccessDeniedError, /its owner/);
    spec.given([created, recycled]).when({ type: 'RestoreDocument', ...common, actor: actor('Owner'), toFolderId: null }).then([
      { type: DOCUMENT_RESTORED, data: { documentId, folderId: null, by: ION, clientId: 'demo-institution', at } },
    ]);
    spec.given([created, recycled]).when({ type: 'ChangeDocument', ...common, actor: actor('Owner'), changes: { name: 'x' } }).thenThrows(DocumentNotFoundError);
    spec.given([created]).when({ type: 'PurgeDocument', ...common, actor: actor('Write'), reason: 'deleted' }).thenThrows(DocumentAccessDeniedError);
    const purged: DocumentEvent = { type: DOCUMENT_PURGED, data: { documentId, reason: 'deleted', by: ION, clientId: 'demo-institution', at } };
    spec.given([created, recycled]).when({ type: 'PurgeDocument', ...common, actor: actor('Owner'), reason: 'deleted' }).then([purged]);
    spec.given([created, purged]).when({ type: 'PurgeDocument', ...common, actor: actor('Owner'), reason: 'deleted' }).thenThrows(DocumentNotFoundError);
  });
});

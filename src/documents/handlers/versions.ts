import { randomUUID } from 'node:crypto';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { InvalidDocumentError } from '../document/errors';
import type { Actor } from '../document/permission';
import { requirePermission } from '../document/permission';
import { toDocumentStreamId } from '../document/stream';
import { DOCUMENT_VERSION_ADDED } from '../document/events';
import { InvalidInputError } from '../invalid-input';
import { mayOwn } from '../principals/principal';
import { accessTo } from '../queries/access';
import { addedUsage, quotaOf } from '../queries/usage';
import { checkQuota } from '../quota/decider';
import type { DocumentsContext } from './context';
import { checkDestination, uploadedContent, withOwners, type CreatedItem } from './publishing';

/** Checks the owner's quota for content added to its documents, with its creates held (as publishing does). */
async function withinQuota<T>(ctx: DocumentsContext, owner: string, content: { sha256: string; size: number }, work: () => Promise<T>): Promise<T> {
  return withOwners(ctx, [owner], async () => {
    await readYourWrites(ctx.deps);
    checkQuota(owner, await quotaOf(ctx.deps.documents, owner, ctx.settings.defaultQuotaBytes), await addedUsage(ctx.deps.documents, owner, [content]));
    return work();
  });
}

/**
 * POST /mdocs/documents/{id}/versions: new content of the document's type (Write). A type with
 * versioning keeps the earlier versions; another type's content replaces the current one.
 */
export async function addVersion(ctx: DocumentsContext, client: ClientDefinition, principal: string, documentId: string, blobId: string): Promise<number> {
  await readYourWrites(ctx.deps);
  const at = ctx.now();
  const access = await accessTo(ctx.deps.documents, principal, documentId, at);
  const { type, content } = await uploadedContent(ctx, client, blobId);
  if (type.code !== access.record.type) throw new InvalidDocumentError('blobId', `holds content of type ${type.code}; the document is of type ${access.record.type}`);
  const actor: Actor = { principal, permission: access.permission };
  requirePermission(documentId, actor, 'Write');
  const result = await withinQuota(ctx, access.record.owner, content, () =>
    ctx.commands.documents.handle(toDocumentStreamId(documentId), { type: 'AddVersion', documentId, actor, content, keepPrevious: type.versioningEnabled, clientId: client.id, at }, client.id),
  );
  const added = result.events[0];
  return added?.type === DOCUMENT_VERSION_ADDED ? added.data.version : access.record.version;
}

/** DELETE /mdocs/documents/{id}/versions/{version}[?includingPrevious=true] (Write; never the current version). */
export async function deleteVersions(ctx: DocumentsContext, client: ClientDefinition, principal: string, documentId: string, version: number, includingPrevious: boolean): Promise<void> {
  await readYourWrites(ctx.deps);
  const at = ctx.now();
  const access = await accessTo(ctx.deps.documents, principal, documentId, at);
  const actor: Actor = { principal, permission: access.permission };
  await ctx.commands.documents.handle(toDocumentStreamId(documentId), { type: 'DeleteVersions', documentId, actor, version, includingPrevious, clientId: client.id, at }, client.id);
}

/**
 * POST /mdocs/documents/{id}/copy[?folderId=]: a copy for the principal (Read on the document, Write on
 * the destination, its root by default), naming the same stored content: counted once in its quota.
 */
export async function copyDocument(ctx: DocumentsContext, client: ClientDefinition, principal: string, documentId: string, folderId: string | undefined): Promise<CreatedItem> {
  await readYourWrites(ctx.deps);
  const at = ctx.now();
  if (!mayOwn(principal)) throw new InvalidInputError('principal', 'urn:public owns no documents: copy as a principal that can');
  const access = await accessTo(ctx.deps.documents, principal, documentId, at);
  requirePermission(documentId, { principal, permission: access.permission }, 'Read');
  const { record } = access;
  if (record.isFolder || !record.content) throw new InvalidDocumentError('id', 'is a folder: only documents are copied');
  if (folderId) await checkDestination(ctx, principal, folderId, at);
  const copy = {
    type: 'CreateDocument' as const,
    documentId: randomUUID(),
    owner: principal,
    by: principal,
    name: record.name,
    number: record.number,
    folderId: folderId ?? null,
    documentType: record.type,
    isFolder: false,
    content: record.content,
    createdOn: at,
    expiresOn: record.expiresOn && record.expiresOn > at ? record.expiresOn : null,
    createdBy: principal,
    suppressNotifications: true,
    copiedFrom: documentId,
    clientId: client.id,
    at,
  };
  await withinQuota(ctx, principal, record.content, () => ctx.commands.documents.handle(toDocumentStreamId(copy.documentId), copy, client.id));
  return { id: copy.documentId, name: copy.name, principal, expiresOn: copy.expiresOn };
}

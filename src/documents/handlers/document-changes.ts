import type { ClientDefinition } from '../../platform/identity/client-registry';
import { canonicalUuid } from '../../platform/http/request-validation';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { DocumentRecord } from '../../../projections/documents/documents';
import type { DocumentCommand, PurgeDocument } from '../document/commands';
import { documentDecider } from '../document/decider';
import { InvalidDocumentError } from '../document/errors';
import { DocumentAccessDeniedError, type Actor } from '../document/permission';
import type { DocumentPatch } from '../document/patch';
import { toDocumentStreamId } from '../document/stream';
import { optionalInstant } from '../invalid-input';
import { accessTo, isShown } from '../queries/access';
import { descendantsOf, documentsOf, findRecord } from '../queries/records';
import type { DocumentsContext } from './context';
import { checkDestination } from './publishing';

/** The moves and changes a PATCH asks, decided on the document as it is before any is written (all or none). */
export async function changeDocument(ctx: DocumentsContext, client: ClientDefinition, principal: string, documentId: string, patch: DocumentPatch): Promise<void> {
  await readYourWrites(ctx.deps);
  const at = ctx.now();
  const access = await accessTo(ctx.deps.documents, principal, documentId, at);
  const actor: Actor = { principal, permission: access.permission };
  const commands: DocumentCommand[] = [];
  const { name, number, expiresOn } = patch;
  if (name !== undefined || number !== undefined || expiresOn !== undefined) {
    commands.push({ type: 'ChangeDocument', documentId, actor, changes: { name, number, expiresOn: optionalInstant(expiresOn, 'expiresOn') }, clientId: client.id, at });
  }
  if (patch.folderId !== undefined) {
    const toFolderId = patch.folderId === null ? null : canonicalUuid(patch.folderId);
    if (toFolderId === undefined || (patch.folderId !== null && !toFolderId)) throw new InvalidDocumentError('folderId', 'must be a uuid, or null for the root');
    // the root is the owner's: only the owner moves a document there
    if (toFolderId === null && access.permission !== 'Owner') throw new DocumentAccessDeniedError(documentId, 'Owner', access.permission);
    const destinationPath = toFolderId ? await checkDestination(ctx, principal, toFolderId, at) : [];
    commands.push({ type: 'MoveDocument', documentId, actor, toFolderId, destinationPath, clientId: client.id, at });
  }
  const stream = toDocumentStreamId(documentId);
  const { state } = await ctx.commands.documents.load(stream);
  commands.reduce((folded, command) => documentDecider.decide(command, folded).reduce(documentDecider.evolve, folded), state);
  for (const command of commands) await ctx.commands.documents.handle(stream, command, client.id);
}

/**
 * DELETE /mdocs/documents/{id}: to the owner's recycle bin (Write), or for good with permanent=true
 * (the owner). A folder that holds documents goes only with force=true, with all it holds.
 */
export async function deleteDocument(ctx: DocumentsContext, client: ClientDefinition, principal: string, documentId: string, options: { permanent: boolean; force: boolean }): Promise<void> {
  await readYourWrites(ctx.deps);
  const at = ctx.now();
  const access = await accessTo(ctx.deps.documents, principal, documentId, at);
  const actor: Actor = { principal, permission: access.permission };
  if (access.record.isFolder && !options.force && (await documentsOf(ctx.deps.documents).findOne({ folderId: documentId, status: 'live' }))) {
    throw new InvalidDocumentError('force', 'must be true to delete a folder that holds documents (they go with it)');
  }
  if (options.permanent) return purgeTree(ctx, client, actor, access.record, 'deleted');
  await ctx.commands.documents.handle(toDocumentStreamId(documentId), { type: 'RecycleDocument', documentId, actor, clientId: client.id, at }, client.id);
}

/** Purges a document and, for a folder, everything under it, deepest first (a crash part way leaves the folder, to be purged again). */
export async function purgeTree(ctx: DocumentsContext, client: Pick<ClientDefinition, 'id'>, actor: Actor, record: DocumentRecord, reason: PurgeDocument['reason']): Promise<void> {
  const at = ctx.now();
  const below = record.isFolder ? (await descendantsOf(ctx.deps.documents, record._id)).sort((a, b) => b.ancestors.length - a.ancestors.length) : [];
  if (actor.permission !== 'Owner') throw new DocumentAccessDeniedError(record._id, 'Owner', actor.permission);
  for (const inside of below) {
    await ctx.commands.documents.handle(toDocumentStreamId(inside._id), { type: 'PurgeDocument', documentId: inside._id, actor, reason: 'folder-purged', clientId: client.id, at }, client.id);
  }
  await ctx.commands.documents.handle(toDocumentStreamId(record._id), { type: 'PurgeDocument', documentId: record._id, actor, reason, clientId: client.id, at }, client.id);
}

/** POST /mdocs/recycled-documents/{id}/restore: back where it was (the root when that folder is gone), or into the folder named. */
export async function restoreDocument(ctx: DocumentsContext, client: ClientDefinition, principal: string, documentId: string, folderId: string | undefined): Promise<void> {
  await readYourWrites(ctx.deps);
  const at = ctx.now();
  const access = await accessTo(ctx.deps.documents, principal, documentId, at, { recycled: true });
  let toFolderId: string | null = null;
  if (folderId) {
    await checkDestination(ctx, principal, folderId, at);
    toFolderId = folderId;
  } else if (access.record.deletedFrom) {
    const former = await findRecord(ctx.deps.documents, access.record.deletedFrom);
    toFolderId = former && isShown(principal, former, at) ? former._id : null;
  }
  const actor: Actor = { principal, permission: access.permission };
  await ctx.commands.documents.handle(toDocumentStreamId(documentId), { type: 'RestoreDocument', documentId, actor, toFolderId, clientId: client.id, at }, client.id);
}

/** DELETE /mdocs/recycled-documents: purges everything in the principal's recycle bin. */
export async function emptyRecycleBin(ctx: DocumentsContext, client: ClientDefinition, principal: string): Promise<number> {
  await readYourWrites(ctx.deps);
  const recycled = await documentsOf(ctx.deps.documents).find({ owner: principal, status: 'recycled' });
  const ids = new Set(recycled.map((record) => record._id));
  // what lies in a recycled folder goes with that folder
  const tops = recycled.filter((record) => !record.ancestors.some((id) => ids.has(id)));
  for (const record of tops) await purgeTree(ctx, client, { principal, permission: 'Owner' }, record, 'recycle-bin-emptied');
  return recycled.length;
}

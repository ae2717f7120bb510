import { randomUUID } from 'node:crypto';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { UploadNotOpenError } from '../blob/decider';
import { toBlobStreamId } from '../blob/stream';
import type { CreateDocument } from '../document/commands';
import { documentDecider } from '../document/decider';
import { InvalidDocumentError } from '../document/errors';
import type { ContentRef } from '../document/events';
import { DocumentAccessDeniedError, atLeast } from '../document/permission';
import { toDocumentStreamId } from '../document/stream';
import { FOLDER_TYPE } from '../document-type/definition';
import { instantOf } from '../invalid-input';
import { defaultPrincipalOf, ImpersonationNotAllowedError, InvalidPrincipalError, mayActAs } from '../principals/acting-principal';
import { canonicalPrincipal, mayOwn } from '../principals/principal';
import { accessTo } from '../queries/access';
import type { KnownType } from '../queries/document-types';
import { addedUsage, quotaOf } from '../queries/usage';
import { checkQuota } from '../quota/decider';
import { OWNER_GRANT } from '../share/grant';
import { InvalidShareError } from '../share/decider';
import { BlobNotFoundError, BlobNotOwnedError } from '../blob/decider';
import type { DocumentsContext } from './context';
import { applyShares, planShares, type PlannedShare } from './sharing';
import { shareInputOf, type ShareItemBody } from './share-input';

export type CreateItemBody = {
  principal: string;
  name: string;
  number?: string | null;
  expiresOn?: string | null;
  createdOn?: string | null;
  createdBy?: string | null;
  folderId?: string | null;
  suppressNotifications?: boolean | null;
  shares?: ShareItemBody[] | null;
};
export type CreateBody = { blobId: string | null; documents: CreateItemBody[] };
export type CreatedItem = { id: string; name: string; principal: string; expiresOn: string | null };

const DAY_MS = 86_400_000;

/** The seed: no expiresOn takes the type's expiry (its days after createdOn), null when the type has none. */
export const expiryOf = (createdOn: string, given: string | null | undefined, type: KnownType) =>
  given ?? (type.expiresAfterDays === null ? null : new Date(Date.parse(createdOn) + type.expiresAfterDays * DAY_MS).toISOString());

/** A blob the client uploaded, complete: its type and the content documents made of it will name. */
export async function uploadedContent(ctx: DocumentsContext, client: ClientDefinition, blobId: string): Promise<{ type: KnownType; content: ContentRef }> {
  const { state } = await ctx.commands.blobs.load(toBlobStreamId(blobId));
  if (state.status === 'none' || state.status === 'abandoned' || state.status === 'deleted') throw new BlobNotFoundError(blobId);
  if (state.clientId !== client.id) throw new BlobNotOwnedError(blobId);
  if (state.status !== 'uploaded' || !state.sha256) throw new UploadNotOpenError(blobId, `its upload is not complete (${state.received} of ${state.totalSize} bytes)`);
  return { type: await ctx.types.require(state.documentTypeCode), content: { blobId, sha256: state.sha256, size: state.totalSize, contentType: state.contentType } };
}

/**
 * POST /mdocs/documents: documents (or folders, without a blob) for their owners, all or none. Each owner
 * must be one the client may act for, and hold Write on the destination folder; each owner's quota is
 * checked with the content counted once per owner (whatever the number of its items), while no other
 * create of that owner runs in this process.
 */
export async function publishDocuments(ctx: DocumentsContext, client: ClientDefinition, body: CreateBody): Promise<CreatedItem[]> {
  await readYourWrites(ctx.deps);
  const { type, content } = body.blobId ? await uploadedContent(ctx, client, body.blobId) : { type: await ctx.types.require(FOLDER_TYPE), content: null };
  const at = ctx.now();
  const planned: { command: CreateDocument; shares: PlannedShare[] }[] = [];
  for (const [index, item] of body.documents.entries()) {
    const path = `documents[${index}]`;
    const owner = canonicalPrincipal(item.principal);
    if (!owner || !mayOwn(owner)) throw new InvalidPrincipalError(`${path}.principal`);
    if (!mayActAs(client, owner)) throw new ImpersonationNotAllowedError(client.id);
    const createdBy = item.createdBy ? canonicalPrincipal(item.createdBy) : defaultPrincipalOf(client);
    if (!createdBy) throw new InvalidPrincipalError(`${path}.createdBy`);
    const folderId = item.folderId ?? null;
    if (folderId) await checkDestination(ctx, owner, folderId, at);
    const createdOn = item.createdOn ? instantOf(item.createdOn, `${path}.createdOn`) : at;
    const expiresOn = expiryOf(createdOn, item.expiresOn ? instantOf(item.expiresOn, `${path}.expiresOn`) : item.expiresOn, type);
    const command: CreateDocument = {
      type: 'CreateDocument',
      documentId: randomUUID(),
      owner,
      by: defaultPrincipalOf(client),
      name: item.name,
      number: item.number ?? null,
      folderId,
      documentType: type.code,
      isFolder: content === null,
      content,
      createdOn,
      expiresOn,
      createdBy,
      suppressNotifications: item.suppressNotifications ?? false,
      clientId: client.id,
      at,
    };
    documentDecider.decide(command, documentDecider.initialState());
    const inputs = (item.shares ?? []).map((share, n) => shareInputOf(share, `${path}.shares[${n}]`));
    const shares = await planShares(ctx, client, { principal: owner, grants: [OWNER_GRANT] }, { id: command.documentId, owner }, inputs);
    planned.push({ command, shares });
  }
  const owners = [...new Set(planned.map(({ command }) => command.owner))].sort();
  await withOwners(ctx, owners, async () => {
    if (content) {
      await readYourWrites(ctx.deps);
      for (const owner of owners) checkQuota(owner, await quotaOf(ctx.deps.documents, owner, ctx.settings.defaultQuotaBytes), await addedUsage(ctx.deps.documents, owner, [content]));
    }
    // one stream each: appended at once, so that the log commits them together
    await Promise.all(planned.map(({ command }) => ctx.commands.documents.handle(toDocumentStreamId(command.documentId), command, client.id)));
  });
  const reserved = planned.flatMap(({ shares }) => shares.flatMap(({ reservation }) => (reservation ? [reservation.reservationId] : [])));
  if (new Set(reserved).size < reserved.length) throw new InvalidShareError('reservedId', 'is used by more than one share of this request');
  // every share was decided with its document, before anything was written
  for (const { shares } of planned) await applyShares(ctx, client, shares);
  return planned.map(({ command }) => ({ id: command.documentId, name: command.name, principal: command.owner, expiresOn: command.expiresOn }));
}

/** A destination folder: one the owner reaches with Write. */
export async function checkDestination(ctx: DocumentsContext, principal: string, folderId: string, now: string): Promise<string[]> {
  const folder = await accessTo(ctx.deps.documents, principal, folderId, now);
  if (!folder.record.isFolder) throw new InvalidDocumentError('folderId', 'names a document, not a folder');
  if (!atLeast(folder.permission, 'Write')) throw new DocumentAccessDeniedError(folderId, 'Write', folder.permission);
  return [...folder.record.ancestors, folderId];
}

/** Runs work while holding each owner's lock, taken in one order (sorted) so that two requests never wait on each other. */
export function withOwners<T>(ctx: DocumentsContext, owners: string[], work: () => Promise<T>): Promise<T> {
  if (owners.length === 0) return work();
  const [first, ...rest] = owners;
  return ctx.owners.run(first, () => withOwners(ctx, rest, work));
}

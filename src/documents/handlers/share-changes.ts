import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import { canonicalUuid } from '../../platform/http/request-validation';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { requirePermission } from '../document/permission';
import { accessTo } from '../queries/access';
import { sharesOf } from '../queries/records';
import { ShareNotFoundError } from '../share/decider';
import { toShareStreamId } from '../share/stream';
import { toReservationStreamId } from '../reservation/stream';
import type { DocumentsContext } from './context';
import { grantShares } from './sharing';
import type { ShareInput } from './share-input';

/** POST /mdocs/documents/{id}/shares: the principal shares what it reads, never wider than it holds. */
export async function shareDocument(ctx: DocumentsContext, client: ClientDefinition, principal: string, documentId: string, inputs: ShareInput[]): Promise<string[]> {
  await readYourWrites(ctx.deps);
  const access = await accessTo(ctx.deps.documents, principal, documentId, ctx.now());
  requirePermission(documentId, { principal, permission: access.permission }, 'Read');
  return grantShares(ctx, client, { principal, grants: access.grants }, { id: documentId, owner: access.record.owner }, inputs);
}

/** The document as the principal reaches it, and one of its shares (404 when the share is not the document's). */
async function shareOn(ctx: DocumentsContext, principal: string, documentId: string, shareIdText: string) {
  await readYourWrites(ctx.deps);
  const access = await accessTo(ctx.deps.documents, principal, documentId, ctx.now());
  const shareId = canonicalUuid(shareIdText);
  const share = shareId ? await sharesOf(ctx.deps.documents).findOne({ _id: shareId }) : null;
  if (!shareId || !share || share.documentId !== documentId) throw new ShareNotFoundError(shareIdText.slice(0, 100));
  return { access, shareId };
}

/** PUT /mdocs/documents/{id}/shares/{shareId}: its sharer (within what it holds) or the owner changes its terms. */
export async function changeShare(ctx: DocumentsContext, client: ClientDefinition, principal: string, documentId: string, shareIdText: string, terms: Omit<ShareInput, 'sharedFor' | 'reservedId' | 'suppressNotifications'>): Promise<void> {
  const { access, shareId } = await shareOn(ctx, principal, documentId, shareIdText);
  await ctx.commands.shares.handle(toShareStreamId(shareId), { type: 'ChangeShare', shareId, actor: principal, actorGrants: access.grants, ...terms, clientId: client.id, at: ctx.now() }, client.id);
}

/** DELETE /mdocs/documents/{id}/shares/{shareId}: its sharer or the owner removes it. */
export async function revokeShare(ctx: DocumentsContext, client: ClientDefinition, principal: string, documentId: string, shareIdText: string): Promise<void> {
  const { access, shareId } = await shareOn(ctx, principal, documentId, shareIdText);
  await ctx.commands.shares.handle(toShareStreamId(shareId), { type: 'RevokeShare', shareId, actor: principal, actorIsOwner: access.permission === 'Owner', clientId: client.id, at: ctx.now() }, client.id);
}

export type Reservation = { id: string; accessCode: string | null; fullLink: string };

/**
 * POST /mdocs/shares/reservations: a share's id ahead of the share, with its link and (by default) an
 * 8-digit access code, which is answered once and kept only as its hash.
 */
export async function reserveShare(ctx: DocumentsContext, client: ClientDefinition, principal: string, generateAccessCode: boolean): Promise<Reservation> {
  const id = randomUUID();
  const accessCode = generateAccessCode ? String(randomInt(0, 100_000_000)).padStart(8, '0') : null;
  const fullLink = `${ctx.settings.viewUrl}/${id}`;
  await ctx.commands.reservations.handle(
    toReservationStreamId(id),
    { type: 'MakeReservation', reservationId: id, accessCodeSha256: accessCode ? createHash('sha256').update(accessCode).digest('hex') : null, link: fullLink, by: principal, clientId: client.id, at: ctx.now() },
    client.id,
  );
  return { id, accessCode, fullLink };
}

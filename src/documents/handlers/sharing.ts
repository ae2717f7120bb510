import { randomUUID } from 'node:crypto';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import type { GrantShare } from '../share/commands';
import { InvalidShareError, shareDecider } from '../share/decider';
import type { Grant } from '../share/grant';
import { toShareStreamId } from '../share/stream';
import { reservationDecider } from '../reservation/decider';
import { toReservationStreamId } from '../reservation/stream';
import type { UseReservation } from '../reservation/commands';
import type { DocumentsContext } from './context';
import type { ShareInput } from './share-input';

export type PlannedShare = { share: GrantShare; reservation: UseReservation | null };

/**
 * Shares a document with each principal asked, all or none: every share is decided (and every
 * reservation it uses checked) before the first is written. A share made from a reservation takes the
 * reservation's id. Returns the shares' ids, in order.
 */
export async function grantShares(
  ctx: DocumentsContext,
  client: ClientDefinition,
  sharer: { principal: string; grants: Grant[] },
  document: { id: string; owner: string },
  inputs: ShareInput[],
): Promise<string[]> {
  return applyShares(ctx, client, await planShares(ctx, client, sharer, document, inputs));
}

/** The shares asked, each decided (and its reservation checked) but none written. */
export async function planShares(
  ctx: DocumentsContext,
  client: ClientDefinition,
  sharer: { principal: string; grants: Grant[] },
  document: { id: string; owner: string },
  inputs: ShareInput[],
): Promise<PlannedShare[]> {
  const at = ctx.now();
  const planned: PlannedShare[] = [];
  const reserved = new Set<string>();
  for (const [index, input] of inputs.entries()) {
    let reservation: UseReservation | null = null;
    let accessCodeSha256: string | null = null;
    if (input.reservedId) {
      if (reserved.has(input.reservedId)) throw new InvalidShareError(`shares[${index}].reservedId`, 'is used by another share of this request');
      reserved.add(input.reservedId);
      reservation = { type: 'UseReservation', reservationId: input.reservedId, documentId: document.id, by: sharer.principal, clientId: client.id, at };
      const { state } = await ctx.commands.reservations.load(toReservationStreamId(input.reservedId));
      reservationDecider.decide(reservation, state);
      accessCodeSha256 = state.accessCodeSha256;
    }
    const share: GrantShare = {
      type: 'GrantShare',
      shareId: input.reservedId ?? randomUUID(),
      documentId: document.id,
      documentOwner: document.owner,
      sharedFor: input.sharedFor,
      permission: input.permission,
      from: input.from,
      to: input.to,
      sharer,
      suppressNotifications: input.suppressNotifications,
      ...(input.reservedId ? { reservation: { id: input.reservedId, accessCodeSha256 } } : {}),
      clientId: client.id,
      at,
    };
    shareDecider.decide(share, shareDecider.initialState());
    planned.push({ share, reservation });
  }
  return planned;
}

/** Writes planned shares (each reservation used before the share made from it); returns their ids. */
export async function applyShares(ctx: DocumentsContext, client: ClientDefinition, planned: PlannedShare[]): Promise<string[]> {
  for (const { share, reservation } of planned) {
    if (reservation) await ctx.commands.reservations.handle(toReservationStreamId(reservation.reservationId), reservation, client.id);
    await ctx.commands.shares.handle(toShareStreamId(share.shareId), share, client.id);
  }
  return planned.map(({ share }) => share.shareId);
}

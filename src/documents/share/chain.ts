import { PUBLIC_PRINCIPAL } from '../principals/principal';
import { coveringGrant, narrowedWithin, OWNER_GRANT, type Grant, type ShareRequest } from './grant';

/** What the chain needs of a document on the path: its id and its owner. */
export type PathDocument = { _id: string; owner: string };
/** What the chain needs of a share: on which document, by whom, for whom, on which terms. */
export type ChainShare = ShareRequest & { _id: string; documentId: string; sharedBy: string; sharedFor: string };

/**
 * The terms each share on a path (the folders from the top down, then the document) holds by its chain
 * back to an owner: a share holds as far as its sharer's own grants, on its document or a folder above it,
 * hold when it is evaluated, not only when it was made. The owner of the document or of a folder above it
 * holds everything; another sharer holds what the shares for it (or for everyone) hold by their own chains.
 * Built up from the owners: first every share its sharer covers whole, then (when none is left to add
 * so) those a sharer covers in part, cut down to it (narrowedWithin), and again. A share missing from the
 * answer holds nothing: its sharer's grant is gone. Shares that only support one another (A shares with
 * B, B with C, C back with B, then A's share ends) hold nothing either: nothing leads back to an owner.
 */
export function sharesInForce(path: PathDocument[], shares: ChainShare[], now: string): Map<string, ShareRequest> {
  const depth = new Map(path.map((record, index) => [record._id, index]));
  const onPath = shares.filter((share) => depth.has(share.documentId));
  const held = new Map<string, ShareRequest>();
  const grantsOf = (share: ChainShare) => sharerGrants(path, onPath, held, share.sharedBy, share.documentId);
  const pending = () => onPath.filter((share) => !held.has(share._id));
  for (;;) {
    let added = true;
    while (added) {
      added = false;
      for (const share of pending()) {
        if (coveringGrant(grantsOf(share), share, now)) {
          held.set(share._id, { permission: share.permission, from: share.from, to: share.to });
          added = true;
        }
      }
    }
    let cut = false;
    for (const share of pending()) {
      const narrowed = narrowedWithin(grantsOf(share), share, now);
      if (narrowed) {
        held.set(share._id, narrowed);
        cut = true;
      }
    }
    if (!cut) return held;
  }
}

/** What a principal holds on a document of the path, by ownership or by the shares in force for it there or above (its grants, as a sharer). */
export function sharerGrants(path: PathDocument[], shares: ChainShare[], inForce: Map<string, ShareRequest>, principal: string, documentId: string): Grant[] {
  const index = path.findIndex((record) => record._id === documentId);
  if (path.slice(0, index + 1).some((record) => record.owner === principal)) return [OWNER_GRANT];
  const above = new Set(path.slice(0, index + 1).map((record) => record._id));
  return shares
    .filter((share) => above.has(share.documentId) && inForce.has(share._id) && (share.sharedFor === principal || share.sharedFor === PUBLIC_PRINCIPAL))
    .map((share) => ({ ...inForce.get(share._id)! }));
}

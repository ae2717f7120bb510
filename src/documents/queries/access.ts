import type { DocumentStore } from '../../platform/document-store/document-store';
import type { DocumentRecord } from '../../../projections/documents/documents';
import type { ShareRecord } from '../../../projections/documents/shares';
import { DocumentNotFoundError } from '../document/errors';
import type { Permission } from '../document/permission';
import { sharerGrants, sharesInForce } from '../share/chain';
import { OWNER_GRANT, permissionAt, type Grant } from '../share/grant';
import { ancestorsOf, findRecord, sharesOf } from './records';

/** A document as a principal reaches it: the record, the folders above it, what the principal holds on it. */
export type Access = { record: DocumentRecord; ancestors: DocumentRecord[]; grants: Grant[]; permission: Permission };

/**
 * What a principal holds on a document: everything when it owns the document or a folder above it; else
 * the shares made for it or for everyone (urn:public) on the document or a folder above it, each as far as
 * its chain back to the owner holds now (sharesInForce): a share whose sharer's own grant was revoked or
 * narrowed holds nothing, or less, already before the share cascade has ended or narrowed it in the log.
 */
export function grantsOn(principal: string, record: DocumentRecord, ancestors: DocumentRecord[], shares: ShareRecord[], now: string): Grant[] {
  const path = [...ancestors, record];
  // an owner holds everything whatever the shares: their chains need not be worked out
  if (path.some((held) => held.owner === principal)) return [OWNER_GRANT];
  return sharerGrants(path, shares, sharesInForce(path, shares, now), principal, record._id);
}

/**
 * Whether a document is there for a principal: not in the recycle bin, nor under a folder that is, and
 * shown already (a future createdOn hides it until then from all but the principal that published it).
 */
export function isShown(principal: string, record: DocumentRecord, now: string): boolean {
  if (record.status !== 'live' || record.recycledAncestors > 0) return false;
  return record.createdOn <= now || record.publishedBy === principal || record.createdBy === principal;
}

/** The shares on a document and the folders above it. */
export async function sharesOnPath(store: DocumentStore, record: DocumentRecord): Promise<ShareRecord[]> {
  return sharesOf(store).find({ documentId: { $in: [record._id, ...record.ancestors] } });
}

/** The document as the principal reaches it; DocumentNotFoundError when it is not there for it. */
export async function accessTo(store: DocumentStore, principal: string, documentId: string, now: string, options: { recycled?: boolean } = {}): Promise<Access> {
  const record = await findRecord(store, documentId);
  if (!record) throw new DocumentNotFoundError(documentId);
  const shown = options.recycled ? record.status === 'recycled' : isShown(principal, record, now);
  if (!shown) throw new DocumentNotFoundError(documentId);
  const ancestors = await ancestorsOf(store, record);
  const grants = grantsOn(principal, record, ancestors, await sharesOnPath(store, record), now);
  return { record, ancestors, grants, permission: permissionAt(grants, now) };
}

/** A share's terms as far as its chain back to the owner holds them now (sharesInForce); null when nothing holds. */
export async function heldTerms(store: DocumentStore, share: ShareRecord, record: DocumentRecord, now: string): Promise<Grant | null> {
  const path = [...(await ancestorsOf(store, record)), record];
  return sharesInForce(path, await sharesOnPath(store, record), now).get(share._id) ?? null;
}

/**
 * What a principal may do with a document (the guide's share permissions, plus the owner's): Read views
 * and reads down the folder tree; Write also edits, overwrites, adds and removes items and recycles;
 * the owner (of the document or of a folder above it) also restores, deletes for good and empties its bin.
 */
export type Permission = 'None' | 'Read' | 'Write' | 'Owner';

const RANK: Record<Permission, number> = { None: 0, Read: 1, Write: 2, Owner: 3 };

export const atLeast = (held: Permission, needed: Permission) => RANK[held] >= RANK[needed];
export const wider = (a: Permission, b: Permission): Permission => (RANK[a] >= RANK[b] ? a : b);

/** The principal acting, and what it holds on the document now (worked out from the read models by the handler). */
export type Actor = { principal: string; permission: Permission };

export class DocumentAccessDeniedError extends Error {
  constructor(
    readonly documentId: string,
    readonly needed: Permission,
    readonly held: Permission,
  ) {
    super(`the principal holds ${held === 'None' ? 'no permission' : held} on document ${documentId}; this needs ${needed === 'Owner' ? 'its owner' : needed}`);
    this.name = 'DocumentAccessDeniedError';
  }
}

export function requirePermission(documentId: string, actor: Actor, needed: Permission): void {
  if (!atLeast(actor.permission, needed)) throw new DocumentAccessDeniedError(documentId, needed, actor.permission);
}

import { atLeast, type Permission } from '../document/permission';

/**
 * What a principal holds on a document, for a time: its owner holds everything for ever; a share holds
 * Read or Write from `from` (null: since it was made) to `to` (null: until revoked).
 */
export type Grant = { permission: Exclude<Permission, 'None'>; from: string | null; to: string | null };

export const OWNER_GRANT: Grant = { permission: 'Owner', from: null, to: null };

export type ShareRequest = { permission: 'Read' | 'Write'; from: string | null; to: string | null };

const time = (iso: string | null, fallback: number) => (iso === null ? fallback : Date.parse(iso));

/** Whether a grant holds at this instant. */
export const isActive = (grant: Grant, now: string) => time(grant.from, -Infinity) <= Date.parse(now) && Date.parse(now) < time(grant.to, Infinity);

/**
 * The grant of the sharer's that covers a share it asks for, in rights and in time: a permission at
 * least the one shared, starting no later and ending no earlier (a share without an end needs a grant
 * without one). None: the share would be wider than the sharer's own permission.
 */
export function coveringGrant(grants: Grant[], request: ShareRequest, now: string): Grant | undefined {
  const start = time(request.from, Date.parse(now));
  const end = time(request.to, Infinity);
  return grants.find((grant) => atLeast(grant.permission, request.permission) && time(grant.from, -Infinity) <= start && end <= time(grant.to, Infinity));
}

/** The widest permission the grants hold at this instant. */
export function permissionAt(grants: Grant[], now: string): Permission {
  return grants.filter((grant) => isActive(grant, now)).reduce<Permission>((held, grant) => (atLeast(held, grant.permission) ? held : grant.permission), 'None');
}

/** What the sharer holds, said in a refusal: "Read until 2026-12-01T00:00:00.000Z, Write from ...". */
export function describeGrants(grants: Grant[]): string {
  if (grants.length === 0) return 'nothing';
  return grants.map((grant) => `${grant.permission}${grant.from ? ` from ${grant.from}` : ''}${grant.to ? ` until ${grant.to}` : ''}`).join(', ');
}

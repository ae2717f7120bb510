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

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : Date.parse(a) >= Date.parse(b) ? a : b);
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : Date.parse(a) <= Date.parse(b) ? a : b);
const RANK_OF_END = (to: string | null) => (to === null ? Infinity : Date.parse(to));

/**
 * The share cut down to what the grants still cover, when its sharer's grants no longer cover it whole:
 * Read where the sharer holds only Read, from no earlier and until no later than the grant. Of the cuts
 * the grants allow, the one that keeps the share's permission, then the one that lasts longest. None when
 * nothing of the share is left in force or to come (it ends).
 */
export function narrowedWithin(grants: Grant[], request: ShareRequest, now: string): ShareRequest | undefined {
  const cuts = grants.flatMap((grant): ShareRequest[] => {
    const permission = atLeast(grant.permission, request.permission) ? request.permission : 'Read';
    // a share in force since it was made stays so when the grant has begun already
    const begun = grant.from === null || (request.from === null && Date.parse(grant.from) <= Date.parse(now));
    const from = begun ? request.from : later(request.from, grant.from);
    const to = earlier(request.to, grant.to);
    if (to !== null && Date.parse(to) <= Date.parse(now)) return [];
    if (from !== null && to !== null && Date.parse(from) > Date.parse(to)) return [];
    const cut = { permission, from, to };
    return coveringGrant([grant], cut, now) ? [cut] : [];
  });
  const score = (cut: ShareRequest) => [cut.permission === request.permission ? 1 : 0, RANK_OF_END(cut.to), -(cut.from === null ? -Infinity : Date.parse(cut.from))];
  return cuts.sort((a, b) => {
    const [x, y] = [score(a), score(b)];
    return y[0] - x[0] || (y[1] === x[1] ? 0 : y[1] > x[1] ? 1 : -1) || (y[2] === x[2] ? 0 : y[2] > x[2] ? 1 : -1);
  })[0];
}

/** Whether two shares' terms are the same. */
export const sameTerms = (a: ShareRequest, b: ShareRequest) => a.permission === b.permission && a.from === b.from && a.to === b.to;

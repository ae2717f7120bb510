/**
 * Rights of the petition service in the client registry ("rights": { "petitions": [...] }). An authority
 * system holds one of the two authority rights, which name its scope (the public guide's `Scope`):
 * `own-authority` sees and acts on the petitions addressed to its own IDNO (the registry's `idno`), `all`
 * on every petition (central integrations). "*" grants every right, scope `all` included.
 */
export const PetitionRights = {
  authorityOwn: 'authority:own-authority',
  authorityAll: 'authority:all',
  /** the requestor operations: a citizen's or economic operator's own petitions */
  requestor: 'requestor',
  /** filing petitions through POST /api/v1/petitions (the citizens' portal) and reading those it filed */
  intake: 'intake',
} as const;

export type AuthorityScope = 'own-authority' | 'all';

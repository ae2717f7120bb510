/**
 * Rights of the service in the client registry ("rights": { "representation": [...] }).
 *
 * The five checks are named by their paths, as MPower's own client configuration lists them in
 * `AllowedEndpoints` (docs/guides/mpower/security): a registry entry copied from there reads the same.
 * `view-all` is its `ViewAllAuthorizations: true`; without it a client sees only the powers of its own
 * service provider (its registry IDNO).
 */
export const CheckEndpoints = {
  codeTrueOne: '/api/Authorization/check/Code-True-One',
  codeDetailsOne: '/api/Authorization/check/Code-Details-One',
  typeCodeValidOne: '/api/Authorization/check/TypeCode-Valid-One',
  idnDetailsList: '/api/Authorization/check/Idn-Details-List',
  file: '/api/Authorization/file',
} as const;

export const RepresentationRights = {
  ...CheckEndpoints,
  viewAll: 'view-all',
  /** the intake of powers: grant, accept, co-sign, suspend, resume, revoke, renounce, read them */
  manageAuthorizations: 'authorizations:manage',
  /** define and change the authorization types of the client's service provider (all of them with view-all) */
  manageAuthorizationTypes: 'authorization-types:manage',
} as const;

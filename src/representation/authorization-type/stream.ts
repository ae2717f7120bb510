/** One stream per authorization type, by its code ("AT-..."): reference data, no personal data. */
export const toAuthorizationTypeStreamId = (code: string) => `representation-authorization-type-${code}`;

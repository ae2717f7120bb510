/** One stream per power, by its 16-digit code (not personal data). */
export const toAuthorizationStreamId = (authorizationCode: string) => `representation-authorization-${authorizationCode}`;

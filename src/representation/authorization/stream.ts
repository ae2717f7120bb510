/** One stream per power, by its 16-digit code (not personal data). */
export const toAuthorizationStreamId = (authorizationCode: string) => `representation-authorization-${authorizationCode}`;

/** The code of the power whose stream this is. */
export const authorizationCodeOfStream = (streamId: string) => streamId.slice('representation-authorization-'.length);

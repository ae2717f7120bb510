/** One stream per client for the certificates it signed with. */
export const toSigningCertificatesStreamId = (clientId: string) => `eventlog-signing-certificates-${clientId}`;

export type PersonCommand = { type: 'issueToken'; userAccessToken: string; at: string };

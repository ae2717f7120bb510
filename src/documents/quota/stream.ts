import { principalKey } from '../principals/principal';

/** One stream per principal's quota, named by a hash of the principal (no personal data in stream ids). */
export const toQuotaStreamId = (principal: string) => `documents-quota-${principalKey(principal)}`;

import type { DomainEvent } from '../../platform/decider';

export const QUOTA_SET = 'md.gov.documents.quota.set.v1';

/** An administrator set a principal's storage maximum (bytes). */
export type QuotaSet = DomainEvent<typeof QUOTA_SET, { principal: string; storageMaximum: number; setBy: string; setAt: string }>;

export type QuotaEvent = QuotaSet;

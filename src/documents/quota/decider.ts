import type { Decider } from '../../platform/decider';
import type { SetQuota } from './commands';
import { QUOTA_SET, type QuotaEvent } from './events';

type QuotaState = { storageMaximum: number | null };

/** A principal's maximum is whatever was set last; setting the same again changes nothing. */
export const quotaDecider: Decider<SetQuota, QuotaEvent, QuotaState> = {
  initialState: () => ({ storageMaximum: null }),
  evolve: (_state, event) => ({ storageMaximum: event.data.storageMaximum }),
  decide: (command, state) =>
    state.storageMaximum === command.storageMaximum
      ? []
      : [{ type: QUOTA_SET, data: { principal: command.principal, storageMaximum: command.storageMaximum, setBy: command.clientId, setAt: command.at } }],
};

/** Seed: 507 when an upload or create would pass the quota. */
export class QuotaExceededError extends Error {
  constructor(
    readonly principal: string,
    readonly storageMaximum: number,
    readonly storageUsage: number,
    readonly needed: number,
  ) {
    super(`the principal's storage would pass its maximum: ${storageUsage} of ${storageMaximum} bytes used, ${needed} more needed`);
    this.name = 'QuotaExceededError';
  }
}

/** The quota rule: usage plus what is added must stay within the maximum. */
export function checkQuota(principal: string, quota: { storageMaximum: number; storageUsage: number }, adding: number): void {
  if (adding > 0 && quota.storageUsage + adding > quota.storageMaximum) throw new QuotaExceededError(principal, quota.storageMaximum, quota.storageUsage, adding);
}

import type { AuthorizationStatus } from './status';

/**
 * The moves a client may ask for, by the status the power has at that instant (the seed shows no
 * transitions: docs/decisions.md, "Power of representation"). Time makes the other moves: Pending to
 * Valid at validFrom, any status but Canceled to Canceled after toDate (decider.ts, timedEvents).
 */
export const ACTIONS = {
  coSign: { allowedFrom: ['Draft'], done: 'co-signed' },
  accept: { allowedFrom: ['PendingAcceptance'], done: 'accepted' },
  suspend: { allowedFrom: ['Valid'], done: 'suspended' },
  resume: { allowedFrom: ['Suspended'], done: 'resumed' },
  revoke: { allowedFrom: ['Draft', 'PendingAcceptance', 'Pending', 'Valid', 'Suspended'], done: 'revoked' },
  renounce: { allowedFrom: ['PendingAcceptance', 'Pending', 'Valid', 'Suspended'], done: 'renounced' },
} as const satisfies Record<string, { allowedFrom: readonly AuthorizationStatus[]; done: string }>;

export type AuthorizationAction = keyof typeof ACTIONS;

/** Why the action is refused in this status, or null when it is allowed. */
export function refusalOf(action: AuthorizationAction, status: AuthorizationStatus): string | null {
  const { allowedFrom, done } = ACTIONS[action];
  if ((allowedFrom as readonly AuthorizationStatus[]).includes(status)) return null;
  return `a power of representation that is ${status} cannot be ${done}; only one that is ${allowedFrom.join(' or ')} can`;
}

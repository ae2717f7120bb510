/**
 * The petition's status machine, as data. The seed shows neither the values of FodStatusEnumModel nor the
 * transitions; we took the FOD framework's request statuses and numbers (docs/decisions.md, Petitions).
 * Draft is never given by this service (the portal keeps drafts): it exists as a filter value only.
 */
export const PETITION_STATUSES = { Draft: 1, Submitted: 2, InProgress: 3, Completed: 4, Rejected: 5, Cancelled: 6 } as const;
export type PetitionStatus = keyof typeof PETITION_STATUSES;
export const STATUS_NAMES = Object.keys(PETITION_STATUSES) as PetitionStatus[];

export type PetitionAction = 'register' | 'extendTerm' | 'redirect' | 'close' | 'withdraw' | 'hide' | 'signalDeadline';

/** The statuses each action may be taken from. */
export const ALLOWED_FROM: Readonly<Record<PetitionAction, readonly PetitionStatus[]>> = {
  register: ['Submitted'],
  extendTerm: ['InProgress'],
  redirect: ['Submitted', 'InProgress'],
  close: ['InProgress'],
  withdraw: ['Submitted'],
  hide: ['InProgress', 'Completed', 'Rejected'],
  signalDeadline: ['InProgress'],
};

const DOING: Record<PetitionAction, string> = {
  register: 'be registered',
  extendTerm: 'have its term extended',
  redirect: 'be redirected',
  close: 'be closed',
  withdraw: 'be withdrawn',
  hide: 'be hidden',
  signalDeadline: 'have its deadline signalled',
};

const BECAUSE: Record<PetitionStatus, string> = {
  Draft: 'it is a draft',
  Submitted: 'it is not registered yet (register it first)',
  InProgress: 'it is registered and under examination',
  Completed: 'it is closed with a response',
  Rejected: 'it is closed with a response',
  Cancelled: 'the requestor withdrew it',
};

/** Why the action cannot be taken from the status, or null when it can. */
export function refusalOf(action: PetitionAction, status: PetitionStatus): string | null {
  if (ALLOWED_FROM[action].includes(status)) return null;
  return `a petition in status ${status} cannot ${DOING[action]}: ${BECAUSE[status]}`;
}

/**
 * What the requestor's DELETE does: a petition not yet registered is withdrawn (the authority no longer
 * has to examine it); a registered or answered one is hidden from the requestor's list only, since the
 * authority's duty to answer stands; one already withdrawn or hidden stays as it is.
 */
export function requestorDeletionOf(status: PetitionStatus, hidden: boolean): 'withdraw' | 'hide' | 'nothing' {
  if (refusalOf('withdraw', status) === null) return 'withdraw';
  if (refusalOf('hide', status) === null && !hidden) return 'hide';
  return 'nothing';
}

/** A status as a client writes it: its name in any letter case, or its number. */
export function statusNamed(value: string | number): PetitionStatus | undefined {
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return STATUS_NAMES.find((name) => PETITION_STATUSES[name] === Number(text));
  return STATUS_NAMES.find((name) => name.toLowerCase() === text.toLowerCase());
}

export const isOpen = (status: PetitionStatus) => status === 'Submitted' || status === 'InProgress';

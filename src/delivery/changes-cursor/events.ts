import type { DomainEvent } from '../../platform/decider';

export const CHANGES_PAGE_SERVED = 'md.gov.delivery.changes-cursor.page-served.v1';
export const CHANGES_PAGE_WRITTEN = 'md.gov.delivery.changes-cursor.page-written.v1';

/**
 * A caller of the changes operation asked for a service's changes: everything up to `acknowledgedUpTo`
 * (a log position) it has had, and it is being sent the `count` changes after it, up to `servedUpTo`.
 */
export type ChangesPageServed = DomainEvent<
  typeof CHANGES_PAGE_SERVED,
  { clientId: string; serviceID: string; acknowledgedUpTo: number; servedUpTo: number; count: number; bridge: string; servedAt: string }
>;

/** The page was written whole onto the caller's connection: the caller's next request acknowledges it. */
export type ChangesPageWritten = DomainEvent<typeof CHANGES_PAGE_WRITTEN, { clientId: string; serviceID: string; servedUpTo: number; writtenAt: string }>;

export type ChangesCursorEvent = ChangesPageServed | ChangesPageWritten;

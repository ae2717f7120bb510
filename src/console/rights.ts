import { hasRight, type ClientDefinition } from '../platform/identity/client-registry';

/**
 * The console has no rights of its own: each page needs the registry right that guards the same data
 * elsewhere, so a client sees in the console what it may already read through the APIs.
 */
export const PAGE_RIGHTS = {
  /** the live log and an aggregate's history: the audit trail */
  log: { service: 'audit', right: 'read' },
  aggregates: { service: 'audit', right: 'read' },
  /** the event log's registrations of every client, searched by UID or time range */
  eventlog: { service: 'audit', right: 'read' },
  /** a data subject's accesses and their export: the data protection right of the event log */
  'personal-data': { service: 'eventlog', right: 'personal-data' },
  /** every client's consumer groups and dead events */
  'consumer-groups': { service: 'operations', right: 'consumer-groups' },
  /** read-model projections, their positions and rebuilds */
  projections: { service: 'operations', right: 'projections' },
} as const;

export type ConsolePage = keyof typeof PAGE_RIGHTS;

export const CONSOLE_PAGES = Object.keys(PAGE_RIGHTS) as ConsolePage[];

/** What a page needs, as the registry spells it: `audit: read`. */
export const rightName = (page: ConsolePage) => `${PAGE_RIGHTS[page].service}: ${PAGE_RIGHTS[page].right}`;

export function mayOpen(client: ClientDefinition, page: ConsolePage): boolean {
  return hasRight(client, PAGE_RIGHTS[page].service, PAGE_RIGHTS[page].right);
}

import type { ClientDefinition } from '../platform/identity/client-registry';
import type { Clock } from '../platform/clock';
import type { EventRegistrar } from './event-registrar';
import type { LogFields } from './log-event-rules';

/** Who searched, on which legal basis: the seed's searcher parameters. */
export type Searcher = { legal_entity?: string; legal_basis?: string; legal_reason?: string; user?: string; user_address?: string };

/**
 * Every search is itself logged, as an event of the searching client: its type names the search,
 * its fields say who searched on which legal basis, its message what was asked and how much was found.
 */
export async function logSearch(
  registrar: EventRegistrar,
  clock: Clock,
  client: ClientDefinition,
  eventType: string,
  searcher: Searcher,
  asked: Record<string, string | number | undefined>,
  extra: LogFields = {},
): Promise<void> {
  const fields: LogFields = {
    event_time: clock.now().toISOString(),
    event_type: eventType,
    event_source: 'eventlog',
    ...definedOnly({ ...searcher, legal_entity: searcher.legal_entity ?? client.idno }),
    event_message: Object.entries(asked)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${value}`)
      .join(';')
      .slice(0, 8000),
    ...extra,
  };
  await registrar.register(client, [{ fields }], [], 'search');
}

function definedOnly(record: Record<string, string | undefined>): LogFields {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== ''));
}

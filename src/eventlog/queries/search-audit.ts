import type { ClientDefinition } from '../../platform/identity/client-registry';
import type { Clock } from '../../platform/clock';
import { badRequest } from '../../platform/errors';
import type { EventRegistrar } from '../handlers/event-registrar';
import { clippedForLog, MAX_STRING_BYTES, type LogFields } from '../registration/log-event-rules';

/** Who searched, on which legal basis: the seed's searcher parameters. */
export type Searcher = { legal_entity?: string; legal_basis?: string; legal_reason?: string; user?: string; user_address?: string };

/**
 * The values a search logs, by the names the request gave them: one the logging rules would refuse
 * fails the request before it searches, naming the request's field (a schema counts characters, the
 * rule counts UTF-8 bytes).
 */
export function refuseUnloggable(values: Record<string, string | undefined>): void {
  const tooLong = Object.keys(values).filter((name) => Buffer.byteLength(values[name] ?? '', 'utf8') > MAX_STRING_BYTES);
  if (tooLong.length === 0) return;
  const problem = `is at most ${MAX_STRING_BYTES} bytes of UTF-8: the search is itself logged, and logged strings are no longer`;
  throw badRequest(`invalid request: ${tooLong.map((name) => `${name} ${problem}`).join('; ')}`, Object.fromEntries(tooLong.map((name) => [name, [problem]])));
}

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
    event_message: clippedForLog(
      Object.entries(asked)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => `${name}=${value}`)
        .join(';'),
    ),
    ...extra,
  };
  await registrar.register(client, [{ fields }], [], 'search');
}

function definedOnly(record: Record<string, string | undefined>): LogFields {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== ''));
}

import type { CloudEventRecord } from '../platform/event-store/event-store';
import { compileAttributeFilter, type EventPredicate } from '../platform/identity/attribute-filter';
import { matchesAny, type ClientDefinition } from '../platform/identity/client-registry';
import { OWNERS_ATTRIBUTE } from '../platform/owners';

/** Which standard events a client receives: those of its types that pass its filters. */
export type ReceivingScope = (event: CloudEventRecord) => boolean;

/** the platform's own event types: owner-scoped unless the client's entry names them in allOwners */
const PLATFORM_TYPES = 'md.gov.';
const OWNER_RULE = { owner: OWNERS_ATTRIBUTE };
/** a producer may use endlessly many types under its patterns: the rules per type are forgotten past this */
const MAX_TYPES_REMEMBERED = 1_000;

const scopes = new WeakMap<ClientDefinition, ReceivingScope>();

/**
 * The client's receiving scope, compiled once per registry entry. An event's rule is worked out once
 * per type, so that an event of a type without filters costs a map lookup.
 */
export function receivingScope(client: ClientDefinition): ReceivingScope {
  let scope = scopes.get(client);
  if (!scope) {
    scope = compileScope(client);
    scopes.set(client, scope);
  }
  return scope;
}

function compileScope(client: ClientDefinition): ReceivingScope {
  const consume = client.exchange?.consume;
  const filters = (consume?.filters ?? []).map((entry, index) => ({
    types: entry.types,
    passes: compileAttributeFilter(entry.filter, client.idno, `exchange.consume.filters[${index}].filter`),
  }));
  const ownedByClient = compileAttributeFilter(OWNER_RULE, client.idno, 'the owner rule');
  const ruleOf = (type: string): EventPredicate | boolean => {
    if (!matchesAny(consume?.types, type)) return false;
    const rules = filters.filter((filter) => matchesAny(filter.types, type)).map((filter) => filter.passes);
    if (type.startsWith(PLATFORM_TYPES) && !matchesAny(consume?.allOwners, type)) rules.push(ownedByClient);
    if (rules.length === 0) return true;
    return rules.length === 1 ? rules[0] : (event) => rules.every((passes) => passes(event));
  };
  const rules = new Map<string, EventPredicate | boolean>();
  return (event) => {
    let rule = rules.get(event.type);
    if (rule === undefined) {
      if (rules.size >= MAX_TYPES_REMEMBERED) rules.clear();
      rule = ruleOf(event.type);
      rules.set(event.type, rule);
    }
    return typeof rule === 'boolean' ? rule : rule(event);
  };
}

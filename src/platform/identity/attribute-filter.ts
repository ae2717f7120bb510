import type { CloudEventRecord } from '../event-store/event-store';

/**
 * A filter on an event's attributes, in the dialects of the CloudEvents Subscriptions API (`exact`,
 * `prefix`, `suffix`, each naming one attribute; `all`, `any`, `not` combining filters), plus the
 * platform's own `owner`: the named attribute, a list of IDNOs separated by spaces or commas, holds the
 * consuming client's IDNO. Written in the client registry (docs/client-registry.md).
 */
export type AttributeFilter =
  | { exact: Record<string, string> }
  | { prefix: Record<string, string> }
  | { suffix: Record<string, string> }
  | { all: AttributeFilter[] }
  | { any: AttributeFilter[] }
  | { not: AttributeFilter }
  | { owner: string };

export type EventPredicate = (event: CloudEventRecord) => boolean;

/** Thrown for a filter that is not one of the dialects, naming where it is and what is wrong. */
export class InvalidFilterError extends Error {
  constructor(where: string, problem: string) {
    super(`${where}: ${problem}`);
    this.name = 'InvalidFilterError';
  }
}

const DIALECTS = ['exact', 'prefix', 'suffix', 'all', 'any', 'not', 'owner'];
/** CloudEvents attribute names: lower-case letters and digits */
const ATTRIBUTE_NAME = /^[a-z0-9]+$/;
const LIST_SEPARATOR = /[\s,]+/;

/**
 * The filter as a predicate over events, for a client with this IDNO (a client without one is the owner
 * of nothing). `where` names the filter in error messages.
 */
export function compileAttributeFilter(filter: unknown, idno: string | undefined, where: string): EventPredicate {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw new InvalidFilterError(where, 'a filter is an object with one dialect as its member');
  const members = Object.keys(filter);
  if (members.length !== 1 || !DIALECTS.includes(members[0])) {
    throw new InvalidFilterError(where, `a filter has exactly one member, one of the dialects ${DIALECTS.join(', ')} (found: ${members.join(', ') || 'none'})`);
  }
  const dialect = members[0];
  const value: unknown = (filter as Record<string, unknown>)[dialect];
  const at = `${where}.${dialect}`;
  switch (dialect) {
    case 'exact':
    case 'prefix':
    case 'suffix': {
      const [attribute, expected] = singleAttribute(value, at);
      const test = dialect === 'exact' ? (actual: string) => actual === expected : dialect === 'prefix' ? (actual: string) => actual.startsWith(expected) : (actual: string) => actual.endsWith(expected);
      return (event) => {
        const actual = attributeText(event, attribute);
        return actual !== undefined && test(actual);
      };
    }
    case 'all':
    case 'any': {
      if (!Array.isArray(value) || value.length === 0) throw new InvalidFilterError(at, 'takes a non-empty array of filters');
      const parts = value.map((part, index) => compileAttributeFilter(part, idno, `${at}[${index}]`));
      return dialect === 'all' ? (event) => parts.every((part) => part(event)) : (event) => parts.some((part) => part(event));
    }
    case 'not': {
      const negated = compileAttributeFilter(value, idno, at);
      return (event) => !negated(event);
    }
    default: {
      if (typeof value !== 'string' || !ATTRIBUTE_NAME.test(value)) throw new InvalidFilterError(at, 'takes the name of an attribute (lower-case letters and digits), such as "mdowners"');
      return (event) => idno !== undefined && (attributeText(event, value)?.split(LIST_SEPARATOR).includes(idno) ?? false);
    }
  }
}

function singleAttribute(value: unknown, where: string): [string, string] {
  const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
  if (entries.length !== 1) throw new InvalidFilterError(where, 'takes an object with exactly one attribute and its value, such as { "source": "urn:demo:producer" }');
  const [attribute, expected] = entries[0];
  if (!ATTRIBUTE_NAME.test(attribute) || attribute === 'data') throw new InvalidFilterError(where, `"${attribute}" is not a CloudEvents attribute name (lower-case letters and digits; data is not an attribute)`);
  if (typeof expected !== 'string') throw new InvalidFilterError(where, `the value for ${attribute} must be a string`);
  return [attribute, expected];
}

/** An attribute's value as text (CloudEvents compares attributes in their string form); undefined when absent. */
function attributeText(event: CloudEventRecord, attribute: string): string | undefined {
  const value = event[attribute];
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : String(value);
}

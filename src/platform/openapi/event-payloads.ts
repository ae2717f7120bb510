import { join } from 'node:path';
import { EventSchemas } from '../../exchange/event-schemas';
import { schemasDir } from '../project-paths';
import type { JsonSchema } from './api-description';
import { convertSchema } from './schema-conversion';

/** An event type with its payload schema, as AsyncAPI's schema format (draft 07) holds it. */
export type EventPayload = { type: string; key: string; schema: JsonSchema; definitions: Record<string, JsonSchema> };

/**
 * The event types the description lists: every type the platform's services append (schemas/events/) and
 * every type of the operator's catalogue (the exchange's EventSchemas, EVENT_SCHEMAS_DIR); for a type in
 * both, the catalogue's schema, which the exchange enforces on producers.
 */
export function eventPayloads(catalogue: EventSchemas): EventPayload[] {
  const own = EventSchemas.fromDirectory(join(schemasDir, 'events'));
  const types = [...new Set([...own.types(), ...catalogue.types()])].sort();
  return types.map((type) => payloadOf(type, (catalogue.schemaOf(type) ?? own.schemaOf(type)) as JsonSchema));
}

/** A component name for the type: AsyncAPI's keys take letters, digits, '.', '-' and '_'. */
export function componentKey(type: string): string {
  return type.replace(/[^\w.-]/g, '_');
}

/**
 * The schema with its $defs (or definitions) taken out as components `<type>.<name>`, and its references
 * pointed at them: in an AsyncAPI document a `#/...` reference is read from the document's root.
 */
function payloadOf(type: string, raw: JsonSchema | boolean): EventPayload {
  const key = componentKey(type);
  if (typeof raw === 'boolean') return { type, key, schema: raw ? {} : { not: {} }, definitions: {} };
  const resolve = (ref: string) => {
    if (!ref.startsWith('#')) throw new Error(`the payload schema of ${type} refers outside itself (${ref}), which the AsyncAPI document cannot follow`);
    const definition = /^#\/(?:\$defs|definitions)\/([^/]+)(.*)$/.exec(ref);
    if (definition) return `#/components/schemas/${key}.${componentKey(definition[1])}${definition[2]}`;
    return `#/components/schemas/${key}${ref.slice(1)}`;
  };
  const nested = { ...((raw.$defs ?? {}) as object), ...((raw.definitions ?? {}) as object) } as Record<string, JsonSchema>;
  const convert = (schema: JsonSchema) => convertSchema(schema, '', resolve, 'draft-07');
  return {
    type,
    key,
    schema: convert(raw),
    definitions: Object.fromEntries(Object.entries(nested).map(([name, schema]) => [`${key}.${componentKey(name)}`, convert(schema)])),
  };
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { ConfigurationError } from '../config';
import { compileSchema, formatSchemaErrors } from '../platform/json-schema';

/**
 * Optional payload schemas per event type: <dir>/<type>.json validates the `data` of events of that
 * type. The JSON Schema draft is taken from each file's $schema (6, 7, 2019-09, 2020-12).
 */
export class EventSchemas {
  /** per event type: the schema as it was given, and its compiled validator */
  private readonly byType = new Map<string, { schema: object; validate: ValidateFunction }>();

  /**
   * The schemas of a directory. A file that is not JSON or not a valid schema stops the start with a
   * ConfigurationError naming it, as does a directory that was asked for (`required`) and is missing.
   */
  static fromDirectory(dir: string, { required = false } = {}): EventSchemas {
    const schemas = new EventSchemas();
    if (!existsSync(dir)) {
      if (required) throw new ConfigurationError(`EVENT_SCHEMAS_DIR ${dir} does not exist`);
      return schemas;
    }
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
      try {
        schemas.add(basename(file, '.json'), JSON.parse(readFileSync(join(dir, file), 'utf8')));
      } catch (error) {
        throw new ConfigurationError(`the event schema ${join(dir, file)} cannot be used: ${(error as Error).message}`);
      }
    }
    return schemas;
  }

  add(type: string, schema: object): void {
    this.byType.set(type, { schema, validate: compileSchema(schema) });
  }

  /** The event types that have a schema, in order. */
  types(): string[] {
    return [...this.byType.keys()].sort();
  }

  /** The schema of a type as it was given, or undefined. */
  schemaOf(type: string): object | undefined {
    return this.byType.get(type)?.schema;
  }

  /** problems with the payload, or an empty list when the type has no schema or the payload fits it */
  check(type: string, event: Record<string, unknown>): string[] {
    const validate = this.byType.get(type)?.validate;
    if (!validate) return [];
    if (event.data_base64 !== undefined) return [`events of type ${type} must carry JSON data`];
    return validate(event.data ?? null) ? [] : formatSchemaErrors(validate.errors).map((line) => `data${line}`);
  }
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { compileSchema, formatSchemaErrors } from '../platform/json-schema';

/**
 * Optional payload schemas per event type: schemas/events/<type>.json validates the `data` of events
 * of that type. The JSON Schema draft is taken from each file's $schema (6, 7, 2019-09, 2020-12).
 */
export class EventSchemas {
  private readonly validators = new Map<string, ValidateFunction>();

  static fromDirectory(dir: string): EventSchemas {
    const schemas = new EventSchemas();
    if (!existsSync(dir)) return schemas;
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      schemas.add(basename(file, '.json'), JSON.parse(readFileSync(join(dir, file), 'utf8')));
    }
    return schemas;
  }

  add(type: string, schema: object): void {
    this.validators.set(type, compileSchema(schema));
  }

  /** problems with the payload, or an empty list when the type has no schema or the payload fits it */
  check(type: string, event: Record<string, unknown>): string[] {
    const validate = this.validators.get(type);
    if (!validate) return [];
    if (event.data_base64 !== undefined) return [`events of type ${type} must carry JSON data`];
    return validate(event.data ?? null) ? [] : formatSchemaErrors(validate.errors).map((line) => `data${line}`);
  }
}

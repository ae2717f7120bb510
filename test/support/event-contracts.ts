import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { compileSchema, formatSchemaErrors } from '../../src/platform/json-schema';
import { schemasDir } from '../../src/platform/project-paths';

/** The platform's event contracts: schemas/events/<type>.json pins the data of events of that type. */
export const EVENT_SCHEMAS_DIR = join(schemasDir, 'events');

/** per type, its compiled schema, or null when it has none: each file is read and compiled once per process */
const contracts = new Map<string, ValidateFunction | null>();

export function eventContract(type: string): ValidateFunction | null {
  let validate = contracts.get(type);
  if (validate === undefined) {
    const file = join(EVENT_SCHEMAS_DIR, `${type}.json`);
    validate = existsSync(file) ? compileSchema(JSON.parse(readFileSync(file, 'utf8'))) : null;
    contracts.set(type, validate);
  }
  return validate;
}

/**
 * What is wrong with an event's data by its type's contract ("path: message" lines), empty when it fits.
 * The data is checked as the log keeps it, as JSON: members left undefined are not there. A type
 * without a schema is a violation.
 */
export function contractViolations(type: string, data: unknown): string[] {
  const validate = eventContract(type);
  if (!validate) return [`no schema ${join('schemas/events', `${type}.json`)}`];
  const stored = data === undefined ? null : JSON.parse(JSON.stringify(data));
  return validate(stored) ? [] : formatSchemaErrors(validate.errors);
}

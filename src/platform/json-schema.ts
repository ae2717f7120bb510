import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { createRequire } from 'node:module';

const draft6MetaSchema = createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-06.json');
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * JSON Schema validators, with the draft recognised from the schema's $schema: draft 6 and 7 share
 * Ajv's default class, 2019-09 and 2020-12 have their own. No $schema means draft 7.
 */
function createAjv<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  return ajv;
}

const options = { allErrors: true, strict: false } as const;
const draft7 = createAjv(new Ajv(options));
draft7.addMetaSchema(draft6MetaSchema);
const draft2019 = createAjv(new Ajv2019(options) as unknown as Ajv);
const draft2020 = createAjv(new Ajv2020(options) as unknown as Ajv);

export function ajvFor(schema: { $schema?: string }): Ajv {
  const dialect = schema.$schema ?? '';
  if (dialect.includes('2020-12')) return draft2020;
  if (dialect.includes('2019-09')) return draft2019;
  return draft7;
}

/** Compiles a schema; one with an $id seen before replaces the earlier one (a restart reloads its files). */
export function compileSchema(schema: object): ValidateFunction {
  const ajv = ajvFor(schema as { $schema?: string });
  const id = (schema as { $id?: string }).$id;
  if (id && ajv.getSchema(id)) ajv.removeSchema(id);
  return ajv.compile(schema);
}

/** "path: message" lines, readable in a problem-details body. */
export function formatSchemaErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => `${error.instancePath || '/'}: ${error.message ?? 'is invalid'}`);
}

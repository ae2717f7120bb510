import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export class InvalidContentSchemaError extends Error {
  constructor(readonly reason: string) {
    super(`the schema is not a JSON Schema this store can use: ${reason}`);
    this.name = 'InvalidContentSchemaError';
  }
}

/**
 * A document type's JSON Schema, compiled in an Ajv of its own (draft 7 unless $schema names 2019-09 or
 * 2020-12), so that one type's $id never meets another's; $refs reach nothing outside the schema.
 */
export function compileContentSchema(schema: Record<string, unknown>): ValidateFunction {
  const dialect = String(schema.$schema ?? '');
  const options = { allErrors: true, strict: false, loadSchema: undefined } as const;
  const ajv = dialect.includes('2020-12') ? (new Ajv2020(options) as unknown as Ajv) : dialect.includes('2019-09') ? (new Ajv2019(options) as unknown as Ajv) : new Ajv(options);
  addFormats(ajv);
  try {
    return ajv.compile(schema);
  } catch (error) {
    throw new InvalidContentSchemaError((error as Error).message);
  }
}

/** Ajv's errors as the problem body's `errors`: by JSON pointer into the content. */
export function contentErrors(errors: ErrorObject[] | null | undefined): Record<string, string[]> {
  const byPointer: Record<string, string[]> = Object.create(null);
  for (const error of errors ?? []) {
    const missing = error.keyword === 'required' ? `/${String((error.params as { missingProperty: string }).missingProperty)}` : '';
    const pointer = `${error.instancePath}${missing}` || '/';
    (byPointer[pointer] ??= []).push(error.message ?? 'is invalid');
  }
  return byPointer;
}

/** Content that does not satisfy its type's schema (400, the failures by JSON pointer into the content). */
export class ContentInvalidError extends Error {
  constructor(
    readonly typeCode: string,
    readonly errors: Record<string, string[]>,
  ) {
    super(`the content does not satisfy the schema of type ${typeCode}: ${Object.entries(errors).map(([pointer, messages]) => `${pointer} ${messages.join(', ')}`).join('; ')}`);
    this.name = 'ContentInvalidError';
  }
}

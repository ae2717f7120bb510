import { badRequest, emptyFieldErrors } from '../platform/errors';
import { compileSchema } from '../platform/json-schema';
import { readProjectJson } from '../platform/project-paths';

/** A validator for one of schemas/eventlog/*.json that throws a 400 naming every failing field. */
export function eventLogSchema<T>(file: string): (value: unknown) => T {
  const validate = compileSchema(readProjectJson<object>(`schemas/eventlog/${file}`));
  return (value) => {
    if (validate(value)) return value as T;
    const errors = emptyFieldErrors();
    for (const error of validate.errors ?? []) {
      const missing = (error.params as { missingProperty?: string }).missingProperty;
      const extra = (error.params as { additionalProperty?: string }).additionalProperty;
      const field = missing ?? extra ?? (error.instancePath.replace(/^\//, '') || '/');
      (errors[field] ??= []).push(extra ? 'is not a known parameter' : (error.message ?? 'is invalid'));
    }
    throw badRequest(`invalid request: ${Object.entries(errors).map(([field, messages]) => `${field} ${messages.join(', ')}`).join('; ')}`, errors);
  };
}

import type { Request } from 'express';
import { badRequest, conflict, emptyFieldErrors, forbidden, notFound } from '../platform/errors';
import { problemMapping, when, type ProblemMapping } from '../platform/http/problem-mapping';
import { dottedPath, RequestValidationError, type FieldError } from '../platform/http/request-validation';
import { AuthorizationNotFoundError, InvalidAuthorizationError, TransitionRefusedError } from './authorization/decider';
import { AuthorizationTypeExistsError, AuthorizationTypeNotFoundError, ServiceProviderChangeError } from './authorization-type/decider';
import { OutOfScopeError } from './queries/scope';
import { envelopedRefusal, isCheck } from './routes/envelope';

/** The rules the schemas name (x-message), in English: the seed's service answers in English. */
const RULES: Record<string, string> = {
  authorizationCode: 'must be exactly 16 digits (leading zeros included)',
  authorizationTypeCode: 'must be "AT-" followed by 7 letters or digits',
  idn: 'must be exactly 13 digits (an IDNP or IDNO)',
  instant: 'must be a UTC date or date-time, e.g. 2020-09-28T10:35:16.879Z',
  sha256: 'must be 64 hexadecimal digits',
  validityDate: 'must be an RFC 3339 date-time with Z or an offset (2026-12-01T00:00:00Z), or a date (2026-12-01: that whole day in Chișinău), in the years 1900-2999',
  required: 'is required',
  unknownField: 'is not a known member',
  repeatedParameter: 'is given more than once',
  repeatedMember: 'is given more than once',
};

function wording(error: FieldError): string {
  if (error.key === 'type') return `must be ${error.params?.expected === 'integer' ? 'an integer' : `of type ${error.params?.expected}`}`;
  if (error.key === 'enum') return `must be one of ${error.params?.values}`;
  return RULES[error.key] ?? error.message;
}

/** A request that fails its schema or the query's rules: 400 naming every field, in English. */
export function validationProblem(fieldErrors: FieldError[]) {
  const errors = emptyFieldErrors();
  for (const error of fieldErrors) {
    const text = wording(error);
    const list = (errors[dottedPath(error.path) || '/'] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  const summary = Object.entries(errors).map(([field, texts]) => `${field} ${texts.join(', ')}`).join('; ');
  return badRequest(`invalid request: ${summary}`, errors);
}

const rules = problemMapping(
  when(RequestValidationError, (error) => validationProblem(error.fieldErrors)),
  when(InvalidAuthorizationError, (error) => badRequest(error.message, error.problems)),
  when<Error>([AuthorizationNotFoundError, AuthorizationTypeNotFoundError], (error) => notFound(error.message)),
  when(OutOfScopeError, (error) => forbidden(error.message)),
  when<Error>([TransitionRefusedError, AuthorizationTypeExistsError, ServiceProviderChangeError], (error) => conflict(error.message)),
);

/** The service's errors as problems; the checks' refusals also in the seed's envelope (routes/envelope.ts). */
export const toProblem: ProblemMapping = (error, request: Request) => {
  const problem = rules(error, request);
  return isCheck(request) ? envelopedRefusal(problem) : problem;
};

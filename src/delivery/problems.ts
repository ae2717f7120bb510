import type { IncomingMessage } from 'node:http';
import { badRequest, conflict, emptyFieldErrors, forbidden, notFound, ProblemError } from '../platform/errors';
import { problemMapping, when, type ProblemMapping } from '../platform/http/problem-mapping';
import { dottedPath, RequestValidationError, type FieldError } from '../platform/http/request-validation';
import { IllegalStatusMoveError, InvalidOrderError, OrderAlreadyRegisteredError, OrderNotFoundError } from './order/errors';
import { ServiceNotAllowedError, UnknownServiceError } from './rights';
import { InvalidIdentifierError } from './routes/path-ids';

const mapping = problemMapping(
  when(RequestValidationError, (error) => validationProblem(error.fieldErrors)),
  when(InvalidIdentifierError, (error) => badRequest(error.message, { [error.parameter]: [error.message.replace(`${error.parameter} `, '')] })),
  when(InvalidOrderError, (error) => badRequest(error.message, error.fieldErrors)),
  when(IllegalStatusMoveError, (error) => badRequest(error.reason, { status: [error.reason] })),
  when([OrderNotFoundError, UnknownServiceError], (error) => notFound(error.message)),
  when(ServiceNotAllowedError, (error) => forbidden(error.message)),
  when(OrderAlreadyRegisteredError, (error) => conflict(error.message)),
);

/**
 * The service's errors as problems, each 400 with the seed's code InvalidParameter and each 401 with
 * AuthenticationFailed (the reason in `detail`), whether the service or the platform refused the request.
 */
export const toProblem: ProblemMapping = (error, request) => withSeedCode(mapping(error, request));

/** The platform's refusals before the service's routes (401, 429), with the seed's code where it names one. */
export const refusedCaller = (_request: IncomingMessage, problem: ProblemError): ProblemError => withSeedCode(problem) as ProblemError;

const SEED_CODES: Record<number, string> = { 400: 'InvalidParameter', 401: 'AuthenticationFailed' };

function withSeedCode(problem: unknown): unknown {
  if (!(problem instanceof ProblemError) || problem.code !== undefined || !SEED_CODES[problem.status]) return problem;
  return problem.withCode(SEED_CODES[problem.status]);
}

/** A request that fails its schema: 400 naming every failing field by its dotted path. */
function validationProblem(fieldErrors: FieldError[]) {
  const errors = emptyFieldErrors();
  for (const error of fieldErrors) (errors[dottedPath(error.path) || '/'] ??= []).push(wording(error));
  return badRequest(`invalid request: ${Object.entries(errors).map(([field, messages]) => `${field} ${messages.join(', ')}`).join('; ')}`, errors);
}

function wording(error: FieldError): string {
  if (error.key === 'unknownField') return 'is not a known member';
  if (error.key === 'enum') return `must be one of ${error.params?.values}`;
  return error.message;
}

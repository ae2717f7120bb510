import { STATUS_CODES } from 'node:http';
import type { Request } from 'express';
import { badRequest, conflict, emptyFieldErrors, forbidden, ProblemError, unauthorized } from '../platform/errors';
import { problemMapping, when, type ProblemMapping } from '../platform/http/problem-mapping';
import { dottedPath, RequestValidationError, type FieldError } from '../platform/http/request-validation';
import { PetitionsAccessDeniedError } from './handlers/caller';
import { InvalidOwnerTokenError } from './handlers/owner-token';
import { InvalidFileError } from './handlers/uploaded-files';
import { IllegalPetitionMoveError, PetitionAccessDeniedError, PetitionAlreadyFiledError, PetitionNotFoundError } from './petition/errors';

/** The seed's error codes (errors table, Petitions), carried as the problem's `code` member. */
export const PetitionErrorCodes = {
  authenticationFailed: 'AuthenticationFailed',
  invalidParameter: 'InvalidParameter',
  accessDenied: 'AccessDenied',
  petitionNotFound: 'PetitionNotFound',
} as const;

const CODE_BY_STATUS: Record<number, string> = { 400: PetitionErrorCodes.invalidParameter, 401: PetitionErrorCodes.authenticationFailed, 403: PetitionErrorCodes.accessDenied };

const mapping = problemMapping(
  when(RequestValidationError, (error) => validationProblem(error.fieldErrors)),
  when(InvalidFileError, (error) => badRequest(error.message, { [error.field]: [error.message.slice(error.field.length + 2)] })),
  when(PetitionNotFoundError, (error) => badRequest(error.message).withCode(PetitionErrorCodes.petitionNotFound)),
  when(IllegalPetitionMoveError, (error) => badRequest(error.message, error.field ? { [error.field]: [error.reason] } : undefined)),
  when([PetitionAccessDeniedError, PetitionsAccessDeniedError], (error) => forbidden(error.message)),
  when(InvalidOwnerTokenError, (error) => unauthorized(error.message)),
  when(PetitionAlreadyFiledError, (error) => conflict(error.message)),
);

/** The service's errors as problems, each 400, 401 and 403 with the seed's code. */
export const toProblem: ProblemMapping = (error: unknown, request: Request) => withSeedCode(mapping(error, request));

/**
 * A refusal carries the seed's code for its status when it has none of its own; so does a client error
 * Express itself raises with its status (a path segment that is not valid percent-encoding).
 */
export function withSeedCode(error: unknown): unknown {
  const problem = error instanceof ProblemError ? error : asProblem(error);
  if (!(problem instanceof ProblemError) || problem.code) return problem;
  const code = CODE_BY_STATUS[problem.status];
  return code ? problem.withCode(code) : problem;
}

function asProblem(error: unknown): unknown {
  const status = (error as { status?: unknown } | null)?.status;
  if (!(error instanceof Error) || typeof status !== 'number' || status < 400 || status > 499) return error;
  return new ProblemError(status, STATUS_CODES[status] ?? 'Bad Request', error.message);
}

const MESSAGES: Record<string, string> = { unknownField: 'is not a known member', required: 'is required' };

/** A request that fails its schema: 400 naming every failing field. */
function validationProblem(fieldErrors: FieldError[]) {
  const errors = emptyFieldErrors();
  for (const error of fieldErrors) (errors[dottedPath(error.path) || '/'] ??= []).push(MESSAGES[error.key] ?? error.message);
  return badRequest(`invalid request: ${Object.entries(errors).map(([field, messages]) => `${field} ${messages.join(', ')}`).join('; ')}`, errors);
}

import { badRequest, conflict, emptyFieldErrors, unauthorized } from '../platform/errors';
import { problemMapping, when } from '../platform/http/problem-mapping';
import { dottedPath, RequestValidationError, type FieldError } from '../platform/http/request-validation';
import { EmptyRegistrationError, InvalidLogEventsError, RegistrationAlreadyExistsError } from './registration/decider';
import { UnreadableBodyError } from './registration/registration-body';
import { InvalidSignatureError, UnknownSigningKeyError } from './handlers/signing-keys';
import { MalformedJwsError } from './signing-certificate/jws';

/** The service's named errors as HTTP problems (seed: 400 invalid, 401 not tied to a registered system). */
export const toProblem = problemMapping(
  when(RequestValidationError, (error) => validationProblem(error.fieldErrors)),
  when(InvalidLogEventsError, (error) => badRequest(error.message, error.problems)),
  when([UnreadableBodyError, MalformedJwsError, EmptyRegistrationError], (error) => badRequest(error.message)),
  when([UnknownSigningKeyError, InvalidSignatureError], (error) => unauthorized(`the event cannot be tied to a registered system: ${error.message}`)),
  when(RegistrationAlreadyExistsError, (error) => conflict(error.message)),
);

/** A request that fails its schema: 400 naming every failing field, in English (the seed shows no other language). */
export function validationProblem(fieldErrors: FieldError[]) {
  const errors = emptyFieldErrors();
  for (const error of fieldErrors) {
    const field = dottedPath(error.path) || '/';
    (errors[field] ??= []).push(error.key === 'unknownField' ? 'is not a known parameter' : error.message);
  }
  return badRequest(`invalid request: ${Object.entries(errors).map(([field, messages]) => `${field} ${messages.join(', ')}`).join('; ')}`, errors);
}

import { ProblemError, badRequest, conflict, unauthorized } from '../platform/errors';
import { MalformedJwsError } from './jws';
import { EmptyRegistrationError, InvalidLogEventsError, RegistrationAlreadyExistsError } from './registration-decider';
import { UnreadableBodyError } from './registration-body';
import { InvalidSignatureError, UnknownSigningKeyError } from './signing-keys';

/** The service's named errors as HTTP problems (seed: 400 invalid, 401 not tied to a registered system). */
export function toEventLogProblem(error: unknown): unknown {
  if (error instanceof ProblemError) return error;
  if (error instanceof InvalidLogEventsError) return badRequest(error.message, error.problems);
  if (error instanceof UnreadableBodyError || error instanceof MalformedJwsError || error instanceof EmptyRegistrationError) return badRequest(error.message);
  if (error instanceof UnknownSigningKeyError || error instanceof InvalidSignatureError) {
    return unauthorized(`the event cannot be tied to a registered system: ${error.message}`);
  }
  if (error instanceof RegistrationAlreadyExistsError) return conflict(error.message);
  return error;
}

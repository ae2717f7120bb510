import { badRequest, conflict, emptyFieldErrors, notFound, type ProblemFieldErrors } from '../platform/errors';
import { problemMapping, when } from '../platform/http/problem-mapping';
import { dottedPath, RequestValidationError, type FieldError } from '../platform/http/request-validation';
import { CannotCancelError, MessageNotFoundError, NotificationAlreadyExistsError, NotificationNotFoundError, ReceiptTooEarlyError } from './notification/decider';
import { TemplateAlreadyDeletedError, TemplateNotFoundError } from './template/decider';

/** The service's named errors as HTTP problems (seed: 400 invalid, 404 not found, 409 cannot cancel or delete). */
export const toProblem = problemMapping(
  when(RequestValidationError, (error) => validationProblem(error.fieldErrors)),
  when<Error>([NotificationNotFoundError, MessageNotFoundError, TemplateNotFoundError], (error) => notFound(error.message)),
  when<Error>([CannotCancelError, TemplateAlreadyDeletedError, NotificationAlreadyExistsError, ReceiptTooEarlyError], (error) => conflict(error.message)),
);

/** A request that fails its schema: 400 naming every failing member by its dotted path ('Recipients.0.Value'). */
export function validationProblem(fieldErrors: FieldError[]) {
  const repeated = fieldErrors.find((error) => error.key === 'repeatedMember');
  if (repeated) {
    const field = dottedPath(repeated.path);
    return badRequest(`${field} is given more than once (member names match in any letter case)`, { [field]: ['is given more than once'] });
  }
  const errors = emptyFieldErrors();
  for (const error of fieldErrors) (errors[dottedPath(error.path) || '/'] ??= []).push(messageOf(error));
  return validationFailed(errors);
}

/** 400 "validation failed: <field> <messages>; ...", for the schema's failures and for the limits no schema can say. */
export function validationFailed(errors: ProblemFieldErrors) {
  return badRequest(`validation failed: ${Object.entries(errors).map(([field, messages]) => `${field} ${messages.join(', ')}`).join('; ')}`, errors);
}

function messageOf(error: FieldError): string {
  if (error.key === 'unknownField') return 'is not a member of this structure';
  if (error.key === 'enum') return `must be one of ${error.params?.values}`;
  return error.message;
}

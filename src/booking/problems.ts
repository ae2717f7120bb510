import { emptyFieldErrors, ProblemError } from '../platform/errors';
import { problemMapping, when } from '../platform/http/problem-mapping';
import { bracketPath, RequestValidationError, type FieldError } from '../platform/http/request-validation';
import { AppointmentRuleError } from './appointment/decider';
import { languageOfRequest, message, type Language, type MessageKey, type MessageParams } from './messages';
import { ReferenceRuleError } from './reference/decider';

/** A field as booking's messages name it ('[0].services[1].start', 'PageSize', '$' for the whole body), and what is wrong with it. */
export type FieldMessage = { field: string; key: MessageKey; params?: MessageParams };

/** The service's named errors as problems, in the language of the request that met them. */
export const toProblem = problemMapping(
  when(RequestValidationError, (error, request) => requestValidationProblem(languageOfRequest(request), error)),
  when(AppointmentRuleError, (error, request) => {
    const status = error.code === 'appointmentNotYours' ? 403 : 400;
    return ruleProblem(languageOfRequest(request), status, error.code, { id: error.appointmentId }, status === 400 ? 'appointmentId' : undefined);
  }),
  when(ReferenceRuleError, (error, request) => {
    const params = { kind: error.kind, id: error.id };
    return error.code === 'alreadyExists' ? ruleProblem(languageOfRequest(request), 409, 'referenceAlreadyExists', params) : ruleProblem(languageOfRequest(request), 404, 'referenceNotFound', params);
  }),
);

/** A request that failed its schema: each field named .NET's way, with the schema's message key (x-message) or the rule's. */
export function requestValidationProblem(language: Language, error: RequestValidationError): ProblemError {
  return validationProblem(language, error.fieldErrors.map(fieldMessageOf));
}

const fieldMessageOf = (error: FieldError): FieldMessage => ({ field: bracketPath(error.path) || '$', key: error.key as MessageKey, params: error.params });

const TITLES: Record<number, MessageKey> = {
  400: 'badRequestTitle',
  401: 'unauthorizedTitle',
  403: 'forbiddenTitle',
  404: 'notFoundTitle',
  409: 'conflictTitle',
  413: 'payloadTooLargeTitle',
  429: 'tooManyRequestsTitle',
};

/**
 * AppointmentProblemDetails in the caller's language: a validation problem lists every field error in
 * `errors`; a rule problem carries one message (and the field it concerns, when there is one).
 */
export function validationProblem(language: Language, fieldMessages: FieldMessage[]): ProblemError {
  const errors = emptyFieldErrors();
  for (const error of fieldMessages) {
    const text = message(language, error.key, { field: error.field, ...error.params });
    const list = (errors[error.field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return new ProblemError(400, message(language, 'validationTitle'), message(language, 'validationDetail'), errors);
}

export function ruleProblem(
  language: Language,
  status: 400 | 401 | 403 | 404 | 409 | 413 | 429,
  key: MessageKey,
  params: MessageParams = {},
  field?: string,
  headers?: Record<string, string>,
): ProblemError {
  const text = message(language, key, params);
  return new ProblemError(status, message(language, TITLES[status]), text, field ? { [field]: [text] } : undefined, headers);
}

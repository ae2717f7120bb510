import { emptyFieldErrors, ProblemError } from '../platform/errors';
import { message, type Language, type MessageKey, type MessageParams } from './messages';

/**
 * AppointmentProblemDetails in the caller's language: a validation problem lists every field error in
 * `errors`; a rule problem carries one message (and the field it concerns, when there is one).
 */
export type FieldError = { field: string; key: MessageKey; params?: MessageParams };

const TITLES: Record<number, MessageKey> = {
  400: 'badRequestTitle',
  401: 'unauthorizedTitle',
  403: 'forbiddenTitle',
  404: 'notFoundTitle',
  409: 'conflictTitle',
  413: 'payloadTooLargeTitle',
  429: 'tooManyRequestsTitle',
};

export function validationProblem(language: Language, fieldErrors: FieldError[]): ProblemError {
  const errors = emptyFieldErrors();
  for (const error of fieldErrors) {
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

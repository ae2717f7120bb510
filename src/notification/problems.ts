import { ProblemError, conflict, notFound } from '../platform/errors';
import { CannotCancelError, MessageNotFoundError, NotificationAlreadyExistsError, NotificationNotFoundError, ReceiptTooEarlyError } from './notification/decider';
import { TemplateAlreadyDeletedError, TemplateNotFoundError } from './template/decider';

/** The service's named errors as HTTP problems (seed: 404 not found, 409 cannot cancel or delete). */
export function toNotificationProblem(error: unknown): unknown {
  if (error instanceof ProblemError) return error;
  if (error instanceof NotificationNotFoundError || error instanceof MessageNotFoundError || error instanceof TemplateNotFoundError) return notFound(error.message);
  if (error instanceof CannotCancelError || error instanceof TemplateAlreadyDeletedError || error instanceof NotificationAlreadyExistsError) return conflict(error.message);
  if (error instanceof ReceiptTooEarlyError) return conflict(error.message);
  return error;
}

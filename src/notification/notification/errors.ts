/** The notification aggregate's business errors. */
export class NotificationNotFoundError extends Error {
  constructor(readonly notificationId: string) {
    super(`notification ${notificationId} was not found`);
    this.name = 'NotificationNotFoundError';
  }
}

export class NotificationAlreadyExistsError extends Error {
  constructor(readonly notificationId: string) {
    super(`notification ${notificationId} already exists`);
    this.name = 'NotificationAlreadyExistsError';
  }
}

export class CannotCancelError extends Error {
  constructor(readonly reason: string) {
    super(`the notification cannot be cancelled: ${reason}`);
    this.name = 'CannotCancelError';
  }
}

export class MessageNotFoundError extends Error {
  constructor(readonly messageId: string) {
    super(`message ${messageId} was not found`);
    this.name = 'MessageNotFoundError';
  }
}

/** A gateway's receipt came before the platform had recorded that the send went out: the gateway sends it again. */
export class ReceiptTooEarlyError extends Error {
  constructor(readonly messageId: string) {
    super(`message ${messageId} is still being sent; send the receipt again in a few seconds`);
    this.name = 'ReceiptTooEarlyError';
  }
}

/** The dispatcher asked for something the notification no longer needs (another step got there first). */
export class StepNotApplicableError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'StepNotApplicableError';
  }
}

import type { Channel, Language, Priority } from '../vocabulary';

/** One message, rendered for its recipient, as a channel adapter sends it. */
export type OutgoingMessage = {
  notificationId: string;
  messageId: string;
  channel: Channel;
  address: string;
  language: Language;
  priority: Priority;
  subject: string;
  body: string;
  bodyShort: string;
  attachments: { FileName: string; content: Buffer }[];
};

export type SendResult = { providerMessageId?: string; inbox?: { idnp: string; subject: string; body: string } };

export interface ChannelAdapter {
  /**
   * Whether an attempt whose outcome is unknown (the process stopped between recording the start and
   * the outcome) may be sent again with the same idempotency key without reaching the recipient twice.
   */
  readonly safeToRepeat: boolean;
  send(message: OutgoingMessage, idempotencyKey: string): Promise<SendResult>;
  close?(): Promise<void>;
}

/** Worth trying again later: a timeout, a refused connection, a 4xx SMTP reply, a 5xx or 429 from a gateway. */
export class TemporaryChannelError extends Error {
  constructor(
    readonly failureCode: string,
    detail: string,
  ) {
    super(detail);
    this.name = 'TemporaryChannelError';
  }
}

/** Trying again would fail again: a rejected address, a 5xx SMTP reply, a 4xx from a gateway. */
export class PermanentChannelError extends Error {
  constructor(
    readonly failureCode: string,
    detail: string,
  ) {
    super(detail);
    this.name = 'PermanentChannelError';
  }
}

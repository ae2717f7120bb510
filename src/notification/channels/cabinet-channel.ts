import type { ChannelAdapter, OutgoingMessage, SendResult } from './channel';

/**
 * The portal cabinet: sending is putting the message in the citizen's inbox, which is the message-sent
 * event itself (the inbox is a projection of it). Nothing leaves the platform, so repeating is safe.
 */
export class CabinetChannel implements ChannelAdapter {
  readonly safeToRepeat = true;

  async send(message: OutgoingMessage): Promise<SendResult> {
    return { providerMessageId: message.messageId, inbox: { idnp: message.address, subject: message.subject, body: message.body } };
  }
}

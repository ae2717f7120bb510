import type { BlobStore } from '../../platform/blob-store/blob-store';
import type { OutgoingMessage } from '../channels/channel';
import type { MessageState, NotificationState } from '../notification/state';
import { inLanguage } from '../vocabulary';
import { builtInValues, fill, type TextKind } from '../template/variables';

/**
 * One message as it leaves: its language's content with the template's variables and the built-in
 * values of its recipient filled in one pass (a template's own variable wins over a built-in of the
 * same name, as it did when variables were filled at acceptance).
 */
export async function renderMessage(state: NotificationState, message: MessageState, now: Date, attachments: BlobStore): Promise<OutgoingMessage> {
  const accepted = state.accepted!;
  const recipient = state.recipients[message.recipient];
  const builtIns = builtInValues(now, {
    idnp: recipient?.Type === 'IDNP' ? recipient.Value : undefined,
    idno: recipient?.IsLegal ? recipient.Value : undefined,
    firstName: recipient?.firstName,
    lastName: recipient?.lastName,
  });
  const values = { ...builtIns, ...accepted.template?.variables };
  const text = (content: typeof accepted.content.Subject, kind: TextKind) => fill(inLanguage(content, message.language), values, kind);
  return {
    notificationId: accepted.notificationId,
    messageId: message.messageId,
    channel: message.channel,
    address: message.address,
    language: message.language,
    priority: accepted.priority,
    subject: text(accepted.content.Subject, 'text'),
    body: text(accepted.content.Body, 'html'),
    bodyShort: text(accepted.content.BodyShort, 'text'),
    attachments: message.channel === 'Email' ? await Promise.all(accepted.attachments.map(async (attachment) => ({ FileName: attachment.FileName, content: await attachments.get(attachment.sha256) }))) : [],
  };
}

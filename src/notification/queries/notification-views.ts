import type { NotificationDocument } from '../../../projections/notification/notifications';
import { inLanguage } from '../vocabulary';
import { fill } from '../template/variables';

/** NotificationShortDto (seed). */
export function toNotificationShortDto(document: NotificationDocument) {
  const { ID, Status, CreatedAt, LastUpdatedAt, CreatedBy, LastUpdatedBy } = document;
  return { ID, Status, CreatedAt, LastUpdatedAt, CreatedBy, LastUpdatedBy };
}

/**
 * NotificationDto (seed) with RecipientMessagesDto and MessageShortDto. FailureCode is where a failed
 * notification or message carries its failure code (the seed does not show the field).
 */
export function toNotificationDto(document: NotificationDocument) {
  const { state } = document;
  const accepted = state.accepted!;
  const recipients =
    state.recipients.length > 0
      ? state.recipients.map((recipient, index) => ({
          Value: recipient.Value,
          Type: recipient.Type,
          IsLegal: recipient.IsLegal,
          Messages: state.messages
            .filter((message) => message.recipient === index)
            .map((message) => ({
              MessageId: message.messageId,
              // as the sender wrote it, the template's variables filled; the built-ins stay as written
              Subject: fill(inLanguage(accepted.content.Subject, message.language), accepted.template?.variables ?? {}, 'text'),
              Status: message.status,
              Channel: message.channel,
              CreatedAt: message.createdAt,
              LastUpdatedAt: message.lastUpdatedAt,
              CreatedBy: accepted.by,
              LastUpdatedBy: message.lastUpdatedBy,
              ...(message.failureCode && message.status === 'Failed' ? { FailureCode: message.failureCode } : {}),
            })),
        }))
      : accepted.recipients.map((recipient) => ({ Value: recipient.Value, Type: recipient.Type, IsLegal: recipient.Type === 'IDNO', Messages: [] }));
  return { Id: document.ID, Status: document.Status, ...(document.FailureCode ? { FailureCode: document.FailureCode } : {}), Recipients: recipients };
}

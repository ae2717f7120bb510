import { emptyFieldErrors } from '../../platform/errors';
import type { Content, ContentLanguage, RecipientIdentifier, ResolutionPolicy } from '../vocabulary';

/** The seed's Notification request body, after schema validation. */
export type NotificationRequest = Content & {
  UserId?: string;
  Priority: 'Medium' | 'Low' | 'High';
  Template?: { Id: string; Variables?: string };
  Recipients: RecipientIdentifier[];
  ResolutionPolicy?: ResolutionPolicy;
  Attachments?: { FileName: string; Base64: string }[];
};

const MB = 1024 * 1024;
export const LIMITS = {
  subjectForEmail: 41,
  subjectForSms: 160,
  bodyBytes: 15 * MB,
  bodyWithAttachmentsBytes: 10 * MB,
  attachmentsBytes: 10 * MB,
  attachmentExtensions: ['.jpeg', '.jpg', '.png', '.txt', '.pdf', '.csv', '.xls'],
} as const;

export const IDNP = /^[0-9]{13}$/;
/** seed: characters@characters.characters */
export const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** not in the seed: an international number of 8 to 15 digits, optional + */
export const PHONE = /^\+?[0-9]{8,15}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** a name, then the extension: no path separators, no control or format characters (\\p{C}) */
const FILE_NAME = /^[^\p{C}/\\]*[^\p{C}/\\.\s][^\p{C}/\\]*\.[A-Za-z0-9]+$/u;

const VALUE_RULES: Record<string, { pattern: RegExp; says: string }> = {
  Email: { pattern: EMAIL, says: 'an e-mail address of the form characters@characters.characters' },
  SMS: { pattern: PHONE, says: 'a phone number of 8 to 15 digits, optionally starting with +' },
  Viber: { pattern: PHONE, says: 'a phone number of 8 to 15 digits, optionally starting with +' },
  Cabinet: { pattern: IDNP, says: 'an IDNP of exactly 13 digits' },
  IDNP: { pattern: IDNP, says: 'an IDNP of exactly 13 digits' },
  IDNO: { pattern: IDNP, says: 'an IDNO of exactly 13 digits' },
};

export type DecodedAttachment = { FileName: string; content: Buffer };

/**
 * Every limit of the seed that a schema cannot express. `content` is what will be sent: the request's
 * own, or the template's filled with the given variables.
 */
export function checkNotificationLimits(request: NotificationRequest, content: Content): { errors: Record<string, string[]>; attachments: DecodedAttachment[] } {
  const errors = emptyFieldErrors();
  const report = (field: string, message: string) => (errors[field] ??= []).push(message);

  request.Recipients.forEach((recipient, index) => {
    const rule = VALUE_RULES[recipient.Type];
    if (rule && !rule.pattern.test(recipient.Value)) report(`Recipients.${index}.Value`, `must be ${rule.says} for Type ${recipient.Type}`);
    if (['IDNV', 'CadastralNumber', 'PlateNumber'].includes(recipient.Type) && request.ResolutionPolicy?.type !== recipient.Type) {
      report(`Recipients.${index}.Type`, `a ${recipient.Type} recipient needs a ResolutionPolicy of type ${recipient.Type}`);
    }
  });

  // an identifier may resolve to an e-mail contact, so only a notification to SMS/Viber/push/cabinet alone gets 160
  const emailPossible = request.Recipients.some((recipient) => !['SMS', 'Viber', 'Web push', 'Cabinet'].includes(recipient.Type));
  const subjectLimit = emailPossible ? LIMITS.subjectForEmail : LIMITS.subjectForSms;
  for (const [language, text] of languages(content.Subject)) {
    if (subjectLengthBeforeSending(text) > subjectLimit) {
      report(`Subject.${language}`, `must be at most ${subjectLimit} characters (${emailPossible ? 'e-mail' : 'SMS'} limit)`);
    }
  }

  const attachments: DecodedAttachment[] = [];
  (request.Attachments ?? []).forEach((attachment, index) => {
    const extension = attachment.FileName.toLowerCase().match(/\.[a-z0-9]+$/)?.[0];
    if (!extension || !(LIMITS.attachmentExtensions as readonly string[]).includes(extension)) {
      report(`Attachments.${index}.FileName`, `must end in one of ${LIMITS.attachmentExtensions.join(' ')}`);
    }
    // the name goes into a MIME header and a recipient's file system: a path, a line break or a NUL has no place in it
    if (!FILE_NAME.test(attachment.FileName)) report(`Attachments.${index}.FileName`, 'must be a file name with a name before its extension: no / or \\, no control or invisible characters');
    if (attachment.Base64.length % 4 !== 0 || !BASE64.test(attachment.Base64)) report(`Attachments.${index}.Base64`, 'is not valid base64');
    else attachments.push({ FileName: attachment.FileName, content: Buffer.from(attachment.Base64, 'base64') });
  });
  const attachmentBytes = attachments.reduce((total, attachment) => total + attachment.content.length, 0);
  const bodyBytes = Math.max(...languages(content.Body).map(([, text]) => Buffer.byteLength(text, 'utf8')));
  if (attachmentBytes > LIMITS.attachmentsBytes) report('Attachments', `must total at most ${LIMITS.attachmentsBytes} bytes (10 MB)`);
  if (attachments.length > 0 && bodyBytes + attachmentBytes > LIMITS.bodyWithAttachmentsBytes) {
    report('Body', `with attachments, body and attachments must total at most ${LIMITS.bodyWithAttachmentsBytes} bytes (10 MB)`);
  }
  if (bodyBytes > LIMITS.bodyBytes) report('Body', `must be at most ${LIMITS.bodyBytes} bytes (15 MB)`);
  return { errors, attachments };
}

function languages(text: ContentLanguage): [string, string][] {
  return Object.entries(text).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

/**
 * A subject's length as it will be sent, as far as it is known at acceptance: the built-in placeholders
 * of fixed length count as their values will (IDNP and IDNO 13 characters, Date 10, Time 5). A recipient's
 * name is known only when the message is sent, where subjectLimitOf is checked again.
 */
export function subjectLengthBeforeSending(subject: string): number {
  return [...subject.replace(FIXED_LENGTH_PLACEHOLDER, (_placeholder, name: keyof typeof FIXED_LENGTHS) => 'x'.repeat(FIXED_LENGTHS[name]))].length;
}

const FIXED_LENGTHS = { IDNP: 13, IDNO: 13, Date: 10, Time: 5 };
const FIXED_LENGTH_PLACEHOLDER = /\{\{\s*(IDNP|IDNO|Date|Time)\s*\}\}/g;

/** The seed's subject limit of one message: 41 characters by e-mail, 160 otherwise. */
export function subjectLimitOf(channel: string): number {
  return channel === 'Email' ? LIMITS.subjectForEmail : LIMITS.subjectForSms;
}

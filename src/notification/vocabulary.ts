/** The seed's enumerations and structures of the notification service, with its member names. */
export const PRIORITIES = ['Medium', 'Low', 'High'] as const;
export const CHANNELS = ['Email', 'SMS', 'Viber', 'Web push', 'Cabinet'] as const;
export const NOTIFICATION_STATUSES = ['Pending', 'Resolving', 'Sending', 'Sent', 'Delivered', 'Read', 'Cancelling', 'Cancelled', 'Failed'] as const;
export const POLICY_TYPES = ['IDNO', 'IDNV', 'CadastralNumber', 'PlateNumber'] as const;
export const DIRECTIONS = ['Owner', 'Administrator', 'Founder'] as const;
/** recipients named by an identifier rather than a contact, resolved through the registries */
export const IDENTIFIER_TYPES = ['IDNP', 'IDNO', 'IDNV', 'CadastralNumber', 'PlateNumber'] as const;
export const LANGUAGES = ['ro', 'ru', 'en'] as const;

export type Priority = (typeof PRIORITIES)[number];
export type Channel = (typeof CHANNELS)[number];
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export type PolicyType = (typeof POLICY_TYPES)[number];
export type Direction = (typeof DIRECTIONS)[number];
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];
export type Language = (typeof LANGUAGES)[number];

export type ContentLanguage = { Ro: string; Ru?: string; En?: string };
export type Content = { Subject: ContentLanguage; Body: ContentLanguage; BodyShort: ContentLanguage };
export type RecipientIdentifier = { Value: string; Type: Channel | IdentifierType };
export type ResolutionPolicy = { type: PolicyType; parameters: { Direction: Direction } };
export type AttachmentRef = { FileName: string; sha256: string; size: number };

export const isChannel = (type: string): type is Channel => (CHANNELS as readonly string[]).includes(type);

export function inLanguage(text: ContentLanguage, language: Language): string {
  return (language === 'ru' ? text.Ru : language === 'en' ? text.En : undefined) || text.Ro;
}

/**
 * The platform's port to the event-logging service (MLog) for the services' own legal events: "applications
 * processing personal data register legal events in the logging service" (seed 002, section E). A service
 * that shows a person's data registers a `<Prefix>.PersonalData.<Action>` event here, as an institution's
 * system would through POST /register, and the event-logging service indexes it for the data subject.
 * Fields follow the seed's event-logging fields (event_time and event_type required).
 */
export type LegalEventFields = {
  event_time: string;
  event_type: string;
  event_source?: string;
  event_message?: string;
  legal_entity?: string;
  legal_basis?: string;
  legal_reason?: string;
  user?: string;
  subject?: string | string[];
  subject_type?: string;
  subject_name?: string;
  object?: string;
  object_type?: string;
  [field: string]: unknown;
};

/** Who the events are registered for: a registry client (its id and IDNO), or a service acting on its own. */
export type LegalEventAuthor = { id: string; idno?: string };

export interface LegalEventLog {
  /** Registers the events, whole or not at all; resolves once they are on the log. */
  register(author: LegalEventAuthor, events: LegalEventFields[], origin: 'search' | 'service'): Promise<void>;
}

const CLIPPED_LENGTH = 8000;

/**
 * Text the platform logs itself, cut to 8,000 characters (at 4 UTF-8 bytes at most each, within the event
 * log's 32,766 bytes a string), never inside a surrogate pair, and with any lone surrogate the text brought
 * (from an event's payload, say) replaced by U+FFFD: the log refuses strings that are not Unicode, and a
 * record the platform must write (a consumer's personal-data delivery) must not be refused for its content.
 */
export function clippedForLog(text: string): string {
  const splitsPair = text.length > CLIPPED_LENGTH && isHighSurrogate(text.charCodeAt(CLIPPED_LENGTH - 1));
  return text.slice(0, splitsPair ? CLIPPED_LENGTH - 1 : CLIPPED_LENGTH).toWellFormed();
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

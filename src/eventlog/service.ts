/** What the log knows the event-logging service by: its name (registry rights), its events' source, its streams' prefix. */
export const EVENTLOG_SERVICE = 'eventlog';
export const EVENTLOG_SOURCE = 'urn:md:gov:eventlog';
/** Every stream of the event-logging service starts so: its read models are built from these streams only. */
export const EVENTLOG_STREAMS = 'eventlog-';

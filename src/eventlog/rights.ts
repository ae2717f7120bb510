/** Rights of the event-logging service in the client registry ("rights": { "eventlog": [...] }). */
export const EventLogRights = {
  register: 'register',
  query: 'query',
  /** a data subject's accesses (section E API) */
  personalData: 'personal-data',
} as const;

/** What the log knows the document store by: its name (registry rights), its events' source, its streams' prefix. */
export const DOCUMENTS_SERVICE = 'documents';
export const DOCUMENTS_SOURCE = 'urn:md:gov:documents';
/** Every stream of the document store starts so: its read models are built from these streams only. */
export const DOCUMENTS_STREAMS = 'documents-';
/** The system prefix of its legal events (MDocs.PersonalData.Access). */
export const DOCUMENTS_LOG_PREFIX = 'MDocs';

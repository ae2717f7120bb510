/** What the log knows the petition service by: its name (registry rights), its events' source, its streams' prefix. */
export const PETITIONS_SERVICE = 'petitions';
export const PETITIONS_SOURCE = 'urn:md:gov:petitions';
/** Every stream of the petition service starts so: its read models are built from these streams only. */
export const PETITIONS_STREAMS = 'petitions-';

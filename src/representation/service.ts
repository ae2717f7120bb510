/** What the log knows the power-of-representation service (MPower) by: its name (registry rights), its events' source, its streams' prefix. */
export const REPRESENTATION_SERVICE = 'representation';
export const REPRESENTATION_SOURCE = 'urn:md:gov:representation';
/** Every stream of the service starts so: its read models are built from these streams only. */
export const REPRESENTATION_STREAMS = 'representation-';
/** The seed's base path of the five checks; the intake follows section E under the other one. */
export const CLIENTS_API = '/clients-api';
export const INTAKE_API = '/api/v1/representation';
/** Who the development data is recorded as made by (its events are news to no one: they warrant no notice). */
export const DEMO_DATA_LOADER = 'representation-demo-data';

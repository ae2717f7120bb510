/** What the log knows the delivery integration by: its name (registry rights), its events' source, its streams' prefix. */
export const DELIVERY_SERVICE = 'delivery';
export const DELIVERY_SOURCE = 'urn:md:gov:delivery';
/** Every stream of the delivery integration starts so: its read models are built from these streams only. */
export const DELIVERY_STREAMS = 'delivery-';

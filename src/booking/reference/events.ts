import type { DomainEvent } from '../../platform/decider';
import type { ReferenceKind } from './definitions';

/** Every kind of reference data has these two events, carrying the whole definition (md.gov.booking.<kind>.registered.v1). */
export const registeredType = (kind: ReferenceKind) => `md.gov.booking.${kind}.registered.v1`;
export const updatedType = (kind: ReferenceKind) => `md.gov.booking.${kind}.updated.v1`;

export type ReferenceEvent<T> = DomainEvent<string, T>;

import type { DomainEvent } from '../../platform/decider';
import type { AppointmentRequested } from '../appointment/events';

/**
 * A booking request: one call of POST /v2/appointments/request. Its stream records the plan, then exactly
 * one outcome. accepted and abandoned are appended with the revision of `received`, so a stalled request
 * and the recovery that gives up on it cannot both win.
 */
export const REQUEST_RECEIVED = 'md.gov.booking.request.received.v1';
export const REQUEST_ACCEPTED = 'md.gov.booking.request.accepted.v1';
export const REQUEST_REFUSED = 'md.gov.booking.request.refused.v1';
export const REQUEST_ABANDONED = 'md.gov.booking.request.abandoned.v1';

export type LedgerKey = { locationId: string; date: string };

/** An appointment as planned; its userAccessToken is in the accepted answer (tokens are issued meanwhile). */
export type AppointmentDraft = Omit<AppointmentRequested, 'userAccessToken'>;

export type StoredProblem = { status: number; title: string; detail?: string; errors?: Record<string, string[]> };

export type RequestReceived = {
  requestId: string;
  requestedBy: string;
  /** hash of the body: a retry under the same Idempotency-Key must send the same body */
  bodyHash: string;
  withIdempotencyKey: boolean;
  ledgers: LedgerKey[];
  appointments: AppointmentDraft[];
  receivedAt: string;
};
export type RequestAccepted = { requestId: string; response: unknown; acceptedAt: string };
export type RequestRefused = { requestId: string; problem: StoredProblem; refusedAt: string };
export type RequestAbandoned = { requestId: string; reason: string; abandonedAt: string };

export type RequestEvent =
  | DomainEvent<typeof REQUEST_RECEIVED, RequestReceived>
  | DomainEvent<typeof REQUEST_ACCEPTED, RequestAccepted>
  | DomainEvent<typeof REQUEST_REFUSED, RequestRefused>
  | DomainEvent<typeof REQUEST_ABANDONED, RequestAbandoned>;

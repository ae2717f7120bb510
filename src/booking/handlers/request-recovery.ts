import { requestDecider } from '../request/decider';
import { toRequestStreamId } from '../request/stream';
import { acceptedAppointments, loadRequest, writeAppointments } from './book-appointments';
import { execute, type BookingContext } from './booking-context';
import { releaseRequest } from './slot-reservations';

/** Who acts when the service repairs what a stopped process left (the sweep's producer). */
export const RECOVERY_PRODUCER = 'booking-scheduler';

/**
 * A request received but not decided within the grace period is abandoned and its holds released; if it
 * was accepted meanwhile, its appointments are written instead.
 */
export async function abandonRequest(context: BookingContext, requestId: string, now: Date): Promise<void> {
  const command = { type: 'abandon' as const, data: { requestId, reason: 'not decided within the grace period', abandonedAt: now.toISOString() } };
  const result = await execute(context, toRequestStreamId(requestId), requestDecider, command, RECOVERY_PRODUCER);
  const state = await loadRequest(context, requestId);
  if (result.events.length > 0 && state.received) {
    await releaseRequest(context, state.received.ledgers, requestId, 'request-abandoned', RECOVERY_PRODUCER);
  } else if (state.status === 'accepted') {
    await writeAppointments(context, acceptedAppointments(state), RECOVERY_PRODUCER);
  }
}

/** An abandoned request still holding slots (it reserved after it was abandoned, or the release was cut short) lets them go. */
export async function releaseAbandonedRequest(context: BookingContext, requestId: string): Promise<void> {
  const state = await loadRequest(context, requestId);
  if (state.received) await releaseRequest(context, state.received.ledgers, requestId, 'request-abandoned', RECOVERY_PRODUCER);
}

/** An accepted request whose appointments were not all written gets them written (rolled forward). */
export async function finishAcceptedRequest(context: BookingContext, requestId: string): Promise<void> {
  await writeAppointments(context, acceptedAppointments(await loadRequest(context, requestId)), RECOVERY_PRODUCER);
}

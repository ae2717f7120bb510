import { APPOINTMENTS, type AppointmentDocument } from '../../../projections/booking/appointments';
import { BOOKING_REQUESTS, type RequestDocument } from '../../../projections/booking/requests';
import { AppointmentStatus } from '../appointment/status';
import type { BookingContext } from '../handlers/booking-context';
import { expireAppointment, releaseSlot } from '../handlers/appointment-lifecycle';
import { abandonRequest, finishAcceptedRequest, RECOVERY_PRODUCER, releaseAbandonedRequest } from '../handlers/request-recovery';

const BATCH = 200;

/**
 * Timed and repair work, driven by the read models so that it survives restarts (the platform's Scheduler
 * runs it at start and every interval):
 * - Waiting appointments past their confirmation deadline are canceled as expired;
 * - a canceled appointment whose slot was not given back (the process stopped in between) gives it back;
 * - a request received but never decided within the grace period is abandoned and its holds released,
 *   and so are holds it reserved after that (a stalled request carries on until it finds itself abandoned);
 * - an accepted request whose appointments were not all written gets them written (rolled forward).
 */
export async function sweep(context: BookingContext, options: { graceMs: number }): Promise<void> {
  const now = context.clock.now();
  const before = new Date(now.getTime() - options.graceMs).toISOString();
  const appointments = context.documents.collection<AppointmentDocument>(APPOINTMENTS);
  const requests = context.documents.collection<RequestDocument>(BOOKING_REQUESTS);

  // one item that fails (and is logged) does not hold up the others
  const each = async <T extends { _id: string }>(items: T[], work: (item: T) => Promise<unknown>) => {
    for (const item of items) await work(item).catch((error) => context.logger.error({ err: error, id: item._id }, 'booking sweep: item failed'));
  };

  const due = await appointments.find({ status: AppointmentStatus.Waiting, confirmationDeadline: { $lte: now.toISOString() } }, { sort: { confirmationDeadline: 1 }, limit: BATCH });
  await each(due, (appointment) => expireAppointment(context, appointment._id));

  const leaked = await appointments.find({ status: AppointmentStatus.Canceled, slotReleased: false, canceledAt: { $lte: before } }, { limit: BATCH });
  await each(leaked, (appointment) =>
    releaseSlot(context, { appointmentId: appointment._id, locationId: appointment.locationId, slotDate: appointment.slotDate, reason: appointment.cancelReason === 'expired' ? 'expired' : 'canceled' }, RECOVERY_PRODUCER),
  );

  const stalled = await requests.find({ status: 'received', receivedAt: { $lte: before } }, { limit: BATCH });
  await each(stalled, (request) => abandonRequest(context, request._id, now));

  // also a request abandoned just before a crash, its holds not yet released (the projection's version 2
  // counts heldLedgers for requests from before it was kept too)
  const holding = await requests.find({ status: 'abandoned', heldLedgers: { $gt: 0 } }, { limit: BATCH });
  await each(holding, (request) => releaseAbandonedRequest(context, request._id));

  const unfinished = await requests.find({ status: 'accepted', pendingAppointments: { $gt: 0 }, decidedAt: { $lte: before } }, { limit: BATCH });
  await each(unfinished, (request) => finishAcceptedRequest(context, request._id));

  // the next sweep (and the first request after a start) sees what this one did; bounded, because a
  // projection of another service that is stuck must not stop this one (nor the platform's shutdown)
  const head = await context.events.headPosition();
  await Promise.race([context.projections.waitFor(head), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
}

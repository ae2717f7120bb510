import type { Actor } from '../appointment/commands';
import { appointmentDecider } from '../appointment/decider';
import type { AppointmentCanceled } from '../appointment/events';
import { toAppointmentStreamId } from '../appointment/stream';
import { toLedgerStreamId } from '../ledger/stream';
import { execute, type BookingContext } from './booking-context';

/** Waiting -> Scheduled (or the decider's AppointmentRuleError, which problems.ts words). */
export async function confirmAppointment(context: BookingContext, appointmentId: string, actor: Actor): Promise<void> {
  const at = context.clock.now().toISOString();
  const result = await execute(context, toAppointmentStreamId(appointmentId), appointmentDecider, { type: 'confirm', appointmentId, actor, at }, actor.clientId);
  await context.projections.waitFor(result.lastPosition);
}

/** Waiting or Scheduled -> Canceled; the slot is given back to the ledger. */
export async function cancelAppointment(context: BookingContext, appointmentId: string, actor: Actor, notifyUser: boolean): Promise<void> {
  const at = context.clock.now().toISOString();
  const result = await execute(context, toAppointmentStreamId(appointmentId), appointmentDecider, { type: 'cancel', appointmentId, actor, notifyUser, at }, actor.clientId);
  const released = await releaseSlot(context, result.events[0].data as AppointmentCanceled, actor.clientId);
  await context.projections.waitFor(Math.max(result.lastPosition, released));
}

/** The scheduler's move: a Waiting appointment past its confirmation deadline is canceled as expired. */
export async function expireAppointment(context: BookingContext, appointmentId: string): Promise<boolean> {
  const result = await execute(context, toAppointmentStreamId(appointmentId), appointmentDecider, { type: 'expire', appointmentId, at: context.clock.now().toISOString() }, 'booking-scheduler');
  if (result.events.length === 0) return false;
  await releaseSlot(context, result.events[0].data as AppointmentCanceled, 'booking-scheduler');
  return true;
}

/** Gives a canceled appointment's slot back (also run by the recovery if the process stopped in between). */
export async function releaseSlot(context: BookingContext, canceled: Pick<AppointmentCanceled, 'appointmentId' | 'locationId' | 'slotDate' | 'reason'>, producer: string): Promise<number> {
  const { locationId, slotDate: date } = canceled;
  const command = { type: 'release' as const, locationId, date, reason: canceled.reason, appointmentIds: [canceled.appointmentId] };
  return (await context.ledgers.handle(toLedgerStreamId(locationId, date), command, producer)).lastPosition;
}

import type { Actor, AppointmentCommand } from '../appointment/commands';
import { appointmentDecider, AppointmentRuleError } from '../appointment/decider';
import type { AppointmentCanceled } from '../appointment/events';
import type { Language } from '../messages';
import { ruleProblem } from '../problems';
import { toAppointmentStreamId } from '../appointment/stream';
import { toLedgerStreamId } from '../ledger/stream';
import { execute, type BookingContext } from './booking-context';

/** Waiting -> Scheduled. */
export async function confirmAppointment(context: BookingContext, appointmentId: string, actor: Actor, language: Language): Promise<void> {
  const at = context.clock.now().toISOString();
  const result = await onAppointment(context, appointmentId, { type: 'confirm', appointmentId, actor, at }, actor.clientId, language);
  await context.projections.waitFor(result.lastPosition);
}

/** Waiting or Scheduled -> Canceled; the slot is given back to the ledger. */
export async function cancelAppointment(context: BookingContext, appointmentId: string, actor: Actor, notifyUser: boolean, language: Language): Promise<void> {
  const at = context.clock.now().toISOString();
  const result = await onAppointment(context, appointmentId, { type: 'cancel', appointmentId, actor, notifyUser, at }, actor.clientId, language);
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

async function onAppointment(context: BookingContext, appointmentId: string, command: AppointmentCommand, producer: string, language: Language) {
  try {
    return await execute(context, toAppointmentStreamId(appointmentId), appointmentDecider, command, producer);
  } catch (error) {
    if (!(error instanceof AppointmentRuleError)) throw error;
    const status = error.code === 'appointmentNotYours' ? 403 : 400;
    throw ruleProblem(language, status, error.code, { id: appointmentId }, status === 400 ? 'appointmentId' : undefined);
  }
}

import type { ReleaseReason } from '../ledger/events';
import type { ReserveSlots } from '../ledger/commands';
import { ledgerDecider, SlotUnavailableError } from '../ledger/decider';
import type { LedgerKey } from '../request/events';
import type { FieldMessage } from '../problems';
import { toLedgerStreamId } from '../ledger/stream';
import type { BookingContext } from './booking-context';
import type { PlannedAppointment } from './booking-plan';

/** The planned appointments that fall into one slot ledger (one location, one local day). */
export type LedgerGroup = LedgerKey & { streamId: string; items: PlannedAppointment[] };

/** Groups in a fixed order (by stream id), so that two requests spanning the same ledgers reserve them alike. */
export function ledgerGroups(plan: PlannedAppointment[]): LedgerGroup[] {
  const groups = new Map<string, LedgerGroup>();
  for (const item of plan) {
    const key = { locationId: item.requested.locationId, date: item.requested.slotDate };
    const streamId = toLedgerStreamId(key.locationId, key.date);
    if (!groups.has(streamId)) groups.set(streamId, { ...key, streamId, items: [] });
    groups.get(streamId)!.items.push(item);
  }
  return [...groups.values()].sort((a, b) => a.streamId.localeCompare(b.streamId));
}

export function reserveCommand(group: LedgerGroup, requestId: string): ReserveSlots {
  return {
    type: 'reserve',
    locationId: group.locationId,
    date: group.date,
    requestId,
    items: group.items.map((item) => ({ booking: item.booking, limits: item.limits })),
  };
}

/** What would be refused if the request were reserved now: checked before anything is written. */
export async function unavailableNow(context: BookingContext, groups: LedgerGroup[], requestId: string): Promise<FieldMessage[]> {
  const errors: FieldMessage[] = [];
  for (const group of groups) {
    const { state } = await context.ledgers.load(group.streamId);
    try {
      ledgerDecider.decide(reserveCommand(group, requestId), state);
    } catch (error) {
      if (!(error instanceof SlotUnavailableError)) throw error;
      errors.push({ field: group.items[error.itemIndex].field, key: error.reason });
    }
  }
  return errors;
}

/** Releases what a request holds in the given ledgers (compensation; releasing twice changes nothing). */
export async function releaseRequest(context: BookingContext, ledgers: LedgerKey[], requestId: string, reason: ReleaseReason, producer: string): Promise<number> {
  let lastPosition = 0;
  for (const { locationId, date } of ledgers) {
    const result = await context.ledgers.handle(toLedgerStreamId(locationId, date), { type: 'release', locationId, date, requestId, reason }, producer);
    lastPosition = Math.max(lastPosition, result.lastPosition);
  }
  return lastPosition;
}

import { SLOT_USAGE, slotUsageProjection, type SlotUsageDocument } from '../../../projections/booking/slot-usage';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { FieldMessage } from '../problems';
import { ledgerPlacementChanges } from '../reference/integrity';
import type { CalendarLocationDefinition, ReferenceKind } from '../reference/definitions';
import { addDays } from '../../platform/time/zoned-time';
import type { BookingContext } from './booking-context';

/**
 * A change of a location's time zone or of a calendar-location's location is refused while bookings are to
 * come there (see ledgerPlacementChanges); past bookings no longer count against any limit.
 */
export async function ledgerSplitErrors(context: BookingContext, kind: ReferenceKind, definition: { id: string }, prefix = ''): Promise<FieldMessage[]> {
  const current = await context.reference.get(kind, definition.id);
  const fields = current ? ledgerPlacementChanges(kind, current, definition) : [];
  if (fields.length === 0) return [];
  const now = context.clock.now();
  const upcoming: Record<string, unknown> = {
    count: { $gt: 0 },
    end: { $gt: now.toISOString() },
    // ledger dates are local: a day before today in UTC covers every time zone
    date: { $gte: addDays(now.toISOString().slice(0, 10), -1) },
  };
  if (kind === 'location') upcoming.locationId = definition.id;
  else Object.assign(upcoming, { locationId: (current as CalendarLocationDefinition).locationId, calendarLocationId: definition.id });
  // a booking already in the log must count: the slot usage read model is brought up to the log first
  await readYourWrites(context, undefined, [slotUsageProjection.name]);
  const booked = await context.documents.collection<SlotUsageDocument>(SLOT_USAGE).findOne(upcoming);
  return booked ? fields.map((field) => ({ field: `${prefix}${field}`, key: 'changeWithBookings' as const })) : [];
}

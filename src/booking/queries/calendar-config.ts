import { SLOT_USAGE, type SlotUsageDocument } from '../../../projections/booking/slot-usage';
import type { BookingContext } from '../handlers/booking-context';
import type { ResolvedService } from '../handlers/service-resolver';
import { availability } from '../slots/calendar-availability';
import { bookableWindow } from '../slots/slot-rules';
import { resourceDto } from '../reference/definitions';
import { formatWithOffset, instantAt } from '../../platform/time/zoned-time';

/**
 * CalendarLocationUiConfigModel: the configuration of a service at a location, with its booked slots and
 * fully booked days taken from the slot-usage read model. requestOptions and relatedOptions are added:
 * the seed says request options are "taken from the service configuration" without naming the field.
 */
export async function calendarConfig(context: BookingContext, service: ResolvedService) {
  const { calendarLocation, calendar, location, slotCalendar } = service;
  const now = context.clock.now();
  const window = bookableWindow(slotCalendar, now);
  const usage = window
    ? await context.documents
        .collection<SlotUsageDocument>(SLOT_USAGE)
        .find({ locationId: location.id, date: { $gte: window.first, $lte: window.last }, count: { $gt: 0 } })
    : [];
  const limits = { locationCapacity: location.capacity, dailyLimit: calendarLocation.appointmentsLimit };
  const { bookedSlots, fullyBookedDays } = availability(slotCalendar, calendarLocation.id, limits, usage, now);
  const local = (instant: string) => formatWithOffset(new Date(instant), location.timeZone);
  const midnight = (date: string) => formatWithOffset(instantAt(date, 0, location.timeZone), location.timeZone);
  return {
    calendarId: calendar.id,
    calendarLocationId: calendarLocation.id,
    calendarName: resourceDto(calendar.name),
    startDate: window ? midnight(window.first) : null,
    endDate: window ? midnight(window.last) : null,
    activeDays: calendarLocation.activeDays,
    appointmentActiveDays: calendarLocation.appointmentActiveDays,
    appointmentsLimit: calendarLocation.appointmentsLimit,
    slotDuration: calendarLocation.slotDuration,
    intervals: calendarLocation.intervals.map(({ id, start, end, appointmentsPerSlotLimit, workDays }) => ({ id, start, end, appointmentsPerSlotLimit, workDays })),
    bookedSlots: bookedSlots.map((slot) => ({ start: local(slot.start), end: local(slot.end), bookedCount: slot.bookedCount })),
    fullyBookedDays,
    restrictions: { holidays: slotCalendar.holidays, recoverableDaysOffs: slotCalendar.recoverableDaysOffs },
    locationCapacity: location.capacity,
    locationId: location.id,
    organizationServiceDocuments: [{ calendarName: resourceDto(calendar.name), documents: resourceDto(calendar.documents) }],
    requestOptions: calendarLocation.requestOptions,
    relatedOptions: calendarLocation.relatedOptions,
    timeZone: location.timeZone,
  };
}

import { expect } from 'chai';
import { availability } from '../../src/booking/slots/calendar-availability';
import { capacityRefusal, peakOverlap, type Occupancy } from '../../src/booking/slots/slot-capacity';
import type { SlotCalendar } from '../../src/booking/slots/slot-rules';

const slot = (calendarLocationId: string, start: string, end: string, count = 1): Occupancy => ({ calendarLocationId, start, end, count });
const limits = { perSlotLimit: 2, locationCapacity: 3, dailyLimit: null };

describe('Slot capacity (unit)', () => {
  it('a slot holds at most its per-slot limit', () => {
    const taken = [slot('passport', '2026-01-12T08:00:00.000Z', '2026-01-12T08:30:00.000Z', 2)];
    const candidate = { calendarLocationId: 'passport', start: '2026-01-12T08:00:00.000Z', end: '2026-01-12T08:30:00.000Z' };
    expect(capacityRefusal(taken, candidate, limits)).to.equal('slotFull');
    expect(capacityRefusal([], candidate, limits)).to.equal(null);
    expect(capacityRefusal(taken, { ...candidate, calendarLocationId: 'id-card' }, limits)).to.equal(null);
  });

  it('the location holds at most its capacity at one moment, all services together', () => {
    const taken = [slot('passport', '2026-01-12T08:00:00.000Z', '2026-01-12T08:30:00.000Z', 2), slot('id-card', '2026-01-12T08:10:00.000Z', '2026-01-12T08:30:00.000Z', 1)];
    expect(peakOverlap(taken, '2026-01-12T08:00:00.000Z', '2026-01-12T08:30:00.000Z')).to.equal(3);
    expect(capacityRefusal(taken, { calendarLocationId: 'driving', start: '2026-01-12T08:00:00.000Z', end: '2026-01-12T08:20:00.000Z' }, limits)).to.equal('locationFull');
    // an appointment that begins when the others end does not overlap them
    expect(capacityRefusal(taken, { calendarLocationId: 'driving', start: '2026-01-12T08:30:00.000Z', end: '2026-01-12T09:00:00.000Z' }, limits)).to.equal(null);
    expect(capacityRefusal(taken, { calendarLocationId: 'driving', start: '2026-01-12T08:00:00.000Z', end: '2026-01-12T08:10:00.000Z' }, limits)).to.equal(null);
  });

  it('a calendar-location takes at most its daily limit', () => {
    const taken = [slot('passport', '2026-01-12T08:00:00.000Z', '2026-01-12T08:30:00.000Z'), slot('passport', '2026-01-12T09:00:00.000Z', '2026-01-12T09:30:00.000Z')];
    const candidate = { calendarLocationId: 'passport', start: '2026-01-12T10:00:00.000Z', end: '2026-01-12T10:30:00.000Z' };
    expect(capacityRefusal(taken, candidate, { ...limits, dailyLimit: 2 })).to.equal('dayFull');
    expect(capacityRefusal(taken, candidate, { ...limits, dailyLimit: 3 })).to.equal(null);
  });

  describe('availability for calendars/config', () => {
    const calendar: SlotCalendar = {
      timeZone: 'UTC',
      slotDuration: 60,
      intervals: [{ id: 'i', start: '09:00', end: '11:00', appointmentsPerSlotLimit: 1, workDays: [1, 2, 3, 4, 5] }],
      holidays: [],
      recoverableDaysOffs: [],
      startDate: null,
      endDate: null,
      activeDays: 7,
    };
    const now = new Date('2026-01-12T00:00:00Z');
    const day = (date: string, start: string, end: string, calendarLocationId = 'cl', count = 1) => ({ ...slot(calendarLocationId, start, end, count), date });

    it('shows the booked slots with their counts and the days with no free slot', () => {
      const occupancy = [
        day('2026-01-12', '2026-01-12T09:00:00.000Z', '2026-01-12T10:00:00.000Z'),
        day('2026-01-13', '2026-01-13T09:00:00.000Z', '2026-01-13T10:00:00.000Z'),
        day('2026-01-13', '2026-01-13T10:00:00.000Z', '2026-01-13T11:00:00.000Z'),
      ];
      const result = availability(calendar, 'cl', { locationCapacity: null, dailyLimit: null }, occupancy, now);
      expect(result.bookedSlots).to.deep.equal([
        { start: '2026-01-12T09:00:00.000Z', end: '2026-01-12T10:00:00.000Z', bookedCount: 1 },
        { start: '2026-01-13T09:00:00.000Z', end: '2026-01-13T10:00:00.000Z', bookedCount: 1 },
        { start: '2026-01-13T10:00:00.000Z', end: '2026-01-13T11:00:00.000Z', bookedCount: 1 },
      ]);
      expect(result.fullyBookedDays).to.deep.equal(['2026-01-13']);
    });

    it('counts other services against the location capacity and the daily limit', () => {
      const others = [day('2026-01-14', '2026-01-14T09:00:00.000Z', '2026-01-14T11:00:00.000Z', 'other')];
      expect(availability(calendar, 'cl', { locationCapacity: 1, dailyLimit: null }, others, now).fullyBookedDays).to.deep.equal(['2026-01-14']);
      const one = [day('2026-01-15', '2026-01-15T09:00:00.000Z', '2026-01-15T10:00:00.000Z')];
      expect(availability(calendar, 'cl', { locationCapacity: null, dailyLimit: 1 }, one, now).fullyBookedDays).to.deep.equal(['2026-01-15']);
      expect(availability(calendar, 'cl', { locationCapacity: null, dailyLimit: 2 }, one, now).fullyBookedDays).to.deep.equal([]);
    });

    it('shows a slot the location’s capacity closes as booked up to its limit, though other services fill it', () => {
      const twoPerSlot: SlotCalendar = { ...calendar, intervals: [{ ...calendar.intervals[0], appointmentsPerSlotLimit: 2 }] };
      const occupancy = [
        day('2026-01-14', '2026-01-14T09:00:00.000Z', '2026-01-14T10:00:00.000Z', 'cl', 1),
        day('2026-01-14', '2026-01-14T09:00:00.000Z', '2026-01-14T09:30:00.000Z', 'other', 2),
        // overlaps the second half of the 10:00 slot only: the slot still cannot take one more
        day('2026-01-15', '2026-01-15T10:30:00.000Z', '2026-01-15T11:00:00.000Z', 'other', 3),
      ];
      const result = availability(twoPerSlot, 'cl', { locationCapacity: 3, dailyLimit: null }, occupancy, now);
      expect(result.bookedSlots).to.deep.equal([
        { start: '2026-01-14T09:00:00.000Z', end: '2026-01-14T10:00:00.000Z', bookedCount: 2 },
        { start: '2026-01-15T10:00:00.000Z', end: '2026-01-15T11:00:00.000Z', bookedCount: 2 },
      ]);
      expect(result.fullyBookedDays).to.deep.equal([]);
      // below the capacity, a slot shows its own bookings only
      expect(availability(twoPerSlot, 'cl', { locationCapacity: 4, dailyLimit: null }, occupancy, now).bookedSlots).to.deep.equal([
        { start: '2026-01-14T09:00:00.000Z', end: '2026-01-14T10:00:00.000Z', bookedCount: 1 },
      ]);
    });
  });
});

import { expect } from 'chai';
import { bookableWindow, locateSlot, slotsOn, type SlotCalendar } from '../../src/booking/slots/slot-rules';
import { dayKind } from '../../src/platform/time/work-calendar';

/** Europe/Chisinau is UTC+2 in winter and UTC+3 in summer. 2026-01-12 is a Monday. */
const calendar: SlotCalendar = {
  timeZone: 'Europe/Chisinau',
  slotDuration: 30,
  intervals: [
    { id: 'morning', start: '08:00', end: '12:00', appointmentsPerSlotLimit: 2, workDays: [1, 2, 3, 4, 5] },
    { id: 'afternoon', start: '13:00', end: '17:00', appointmentsPerSlotLimit: 1, workDays: [1, 2, 3, 4] },
  ],
  holidays: ['2026-01-07', '2026-01-08'],
  recoverableDaysOffs: [{ dayOff: '2026-01-09', recovery: '2026-01-24' }],
  startDate: null,
  endDate: null,
  activeDays: 30,
};
const now = new Date('2026-01-05T06:00:00Z'); // Monday 08:00 local

const at = (iso: string, config: SlotCalendar = calendar, when = now) => locateSlot(config, new Date(iso), when);

describe('Slot rules (unit)', () => {
  describe('a request must fall on a slot of a working interval', () => {
    it('finds the slot starting at the requested time, with its end, local day and per-slot limit', () => {
      const located = at('2026-01-12T10:30:00+02:00');
      expect(located).to.have.property('slot');
      const { slot } = located as { slot: { start: Date; end: Date; date: string; intervalId: string; perSlotLimit: number } };
      expect(slot.start.toISOString()).to.equal('2026-01-12T08:30:00.000Z');
      expect(slot.end.toISOString()).to.equal('2026-01-12T09:00:00.000Z');
      expect(slot).to.include({ date: '2026-01-12', intervalId: 'morning', perSlotLimit: 2 });
    });

    it('accepts the same instant written with another offset', () => {
      expect(at('2026-01-12T08:30:00Z')).to.have.property('slot');
    });

    it('refuses a time between slots, in the lunch break, or a slot running past the interval end', () => {
      expect(at('2026-01-12T10:15:00+02:00')).to.deep.equal({ refusal: 'slotNotOnGrid' });
      expect(at('2026-01-12T12:00:00+02:00')).to.deep.equal({ refusal: 'slotNotOnGrid' });
      expect(at('2026-01-12T16:45:00+02:00')).to.deep.equal({ refusal: 'slotNotOnGrid' });
      expect(at('2026-01-12T10:30:30+02:00')).to.deep.equal({ refusal: 'slotNotOnGrid' });
    });

    it('uses only the intervals of the day: Friday has no afternoon', () => {
      expect(at('2026-01-16T13:00:00+02:00')).to.deep.equal({ refusal: 'slotNotOnGrid' });
      expect(at('2026-01-15T13:00:00+02:00')).to.have.property('slot');
    });
  });

  describe('work days, holidays and recoverable days off', () => {
    it('refuses a weekend day', () => {
      expect(at('2026-01-17T09:00:00+02:00')).to.deep.equal({ refusal: 'slotNotWorkDay' });
    });

    it('refuses a public holiday', () => {
      expect(at('2026-01-07T09:00:00+02:00')).to.deep.equal({ refusal: 'slotOnHoliday' });
    });

    it('refuses a transferred day off and opens its recovery Saturday with the schedule of the day it recovers', () => {
      expect(at('2026-01-09T09:00:00+02:00')).to.deep.equal({ refusal: 'slotOnDayOff' });
      expect(dayKind(calendar, '2026-01-24')).to.deep.equal({ kind: 'work', scheduleWeekday: 5 });
      expect(at('2026-01-24T09:00:00+02:00')).to.have.property('slot');
      // the recovered day is a Friday: no afternoon interval
      expect(at('2026-01-24T13:00:00+02:00')).to.deep.equal({ refusal: 'slotNotOnGrid' });
    });
  });

  describe('the bookable window', () => {
    it('runs from today to activeDays ahead', () => {
      expect(bookableWindow(calendar, now)).to.deep.equal({ first: '2026-01-05', last: '2026-02-04' });
      expect(at('2026-02-04T09:00:00+02:00')).to.have.property('slot');
      expect(at('2026-02-05T09:00:00+02:00')).to.deep.equal({ refusal: 'slotOutsideWindow' });
    });

    it('is narrowed by startDate and endDate', () => {
      const period = { ...calendar, startDate: '2026-01-13', endDate: '2026-01-20' };
      expect(bookableWindow(period, now)).to.deep.equal({ first: '2026-01-13', last: '2026-01-20' });
      expect(at('2026-01-12T09:00:00+02:00', period)).to.deep.equal({ refusal: 'slotOutsideWindow' });
      expect(at('2026-01-21T09:00:00+02:00', period)).to.deep.equal({ refusal: 'slotOutsideWindow' });
      expect(bookableWindow({ ...calendar, endDate: '2026-01-01' }, now)).to.equal(null);
    });

    it('refuses a slot that has started or passed', () => {
      expect(at('2026-01-05T08:00:00+02:00')).to.deep.equal({ refusal: 'slotInPast' });
      expect(at('2026-01-05T07:30:00+02:00')).to.deep.equal({ refusal: 'slotInPast' });
      expect(at('2026-01-05T08:30:00+02:00')).to.have.property('slot');
    });
  });

  describe('summer time', () => {
    it('keeps local working hours across the change of offset', () => {
      const summer = at('2026-06-02T08:00:00+03:00', calendar, new Date('2026-05-20T00:00:00Z'));
      expect(summer).to.have.property('slot');
      expect((summer as { slot: { start: Date } }).slot.start.toISOString()).to.equal('2026-06-02T05:00:00.000Z');
    });

    /** Open all night on Sundays: the clocks change at 03:00 local on the last Sunday of March and October. */
    const night: SlotCalendar = { ...calendar, intervals: [{ id: 'night', start: '01:00', end: '05:00', appointmentsPerSlotLimit: 1, workDays: [0] }], activeDays: 400 };

    it('books the instant asked for when clocks go back: the repeated hour is offered once, the other one refused', () => {
      // 25 October 2026: 03:00+03:00 becomes 02:00+02:00, so 02:00 to 03:00 local comes twice
      const listed = slotsOn(night, '2026-10-25').map((slot) => slot.start.toISOString());
      expect(new Set(listed).size).to.equal(listed.length);
      const twice = ['2026-10-25T02:00:00+03:00', '2026-10-25T02:00:00+02:00'].map((start) => new Date(start).toISOString());
      const offered = twice.filter((start) => listed.includes(start));
      expect(offered).to.have.length(1);
      for (const start of twice) {
        const found = at(start, night);
        if (offered.includes(start)) expect('slot' in found && found.slot.start.toISOString()).to.equal(start);
        else expect(found).to.deep.equal({ refusal: 'slotNotOnGrid' });
      }
    });

    it('does not repeat a slot for the hour skipped when clocks go forward', () => {
      // 29 March 2026: 03:00+02:00 becomes 04:00+03:00, so 03:00 and 03:30 local do not exist
      const listed = slotsOn(night, '2026-03-29').map((slot) => slot.start.toISOString());
      expect(new Set(listed).size).to.equal(listed.length);
      expect(listed).to.have.length(6);
    });
  });

  describe('slotsOn', () => {
    it('lists every slot of a day in order, none on a holiday', () => {
      const slots = slotsOn(calendar, '2026-01-12');
      expect(slots).to.have.length(16);
      expect(slots[0].start.toISOString()).to.equal('2026-01-12T06:00:00.000Z');
      expect(slots[15].start.toISOString()).to.equal('2026-01-12T14:30:00.000Z');
      expect(slotsOn(calendar, '2026-01-16')).to.have.length(8);
      expect(slotsOn(calendar, '2026-01-07')).to.have.length(0);
    });
  });
});

import { expect } from 'chai';
import { addWorkingDays, COUNTRY_WORK_CALENDAR, isWorkingDay, workingDayOnOrAfter, type WorkCalendar } from '../../../src/platform/time/work-calendar';

describe('Work calendar (unit)', () => {
  const calendar: WorkCalendar = { workDays: [1, 2, 3, 4, 5], holidays: ['2026-12-25'], recoverableDaysOffs: [{ dayOff: '2026-12-24', recovery: '2026-12-19' }] };

  it('a weekday is a working day; a weekend, a holiday and a bridged day off are not; the Saturday that recovers one is', () => {
    expect(isWorkingDay(calendar, '2026-12-23')).to.equal(true);
    expect(isWorkingDay(calendar, '2026-12-26')).to.equal(false);
    expect(isWorkingDay(calendar, '2026-12-25')).to.equal(false);
    expect(isWorkingDay(calendar, '2026-12-24')).to.equal(false);
    expect(isWorkingDay(calendar, '2026-12-19')).to.equal(true);
  });

  it('a term ending on a day off ends on the next working day', () => {
    expect(workingDayOnOrAfter(calendar, '2026-12-23')).to.equal('2026-12-23');
    expect(workingDayOnOrAfter(calendar, '2026-12-24')).to.equal('2026-12-28');
  });

  it('counts working days after a date, skipping weekends, holidays and days off', () => {
    expect(addWorkingDays(calendar, '2026-12-22', 0)).to.equal('2026-12-22');
    expect(addWorkingDays(calendar, '2026-12-22', 1)).to.equal('2026-12-23');
    expect(addWorkingDays(calendar, '2026-12-22', 2)).to.equal('2026-12-28');
    expect(addWorkingDays(calendar, '2026-12-18', 1)).to.equal('2026-12-19');
  });

  it("the country's calendar knows the public holidays of 2026 and 2027", () => {
    expect(isWorkingDay(COUNTRY_WORK_CALENDAR, '2026-08-27')).to.equal(false);
    expect(isWorkingDay(COUNTRY_WORK_CALENDAR, '2027-05-10')).to.equal(false);
    expect(addWorkingDays(COUNTRY_WORK_CALENDAR, '2026-08-26', 5)).to.equal('2026-09-04');
  });
});

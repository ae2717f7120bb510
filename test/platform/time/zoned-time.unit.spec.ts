import { expect } from 'chai';
import { addDays, formatWithOffset, instantAt, localParts, weekdayOf } from '../../../src/platform/time/zoned-time';

describe('Zoned time (unit)', () => {
  it('gives local date, minute, weekday and offset in Chișinău, winter and summer', () => {
    expect(localParts(new Date('2026-01-15T07:30:00Z'), 'Europe/Chisinau')).to.deep.equal({ date: '2026-01-15', minutes: 570, weekday: 4, offsetMinutes: 120 });
    expect(localParts(new Date('2026-07-15T21:30:00Z'), 'Europe/Chisinau')).to.deep.equal({ date: '2026-07-16', minutes: 30, weekday: 4, offsetMinutes: 180 });
  });

  it('turns local wall-clock time into the instant, on both sides of a summer-time change', () => {
    expect(instantAt('2026-03-28', 9 * 60, 'Europe/Chisinau').toISOString()).to.equal('2026-03-28T07:00:00.000Z');
    expect(instantAt('2026-03-30', 9 * 60, 'Europe/Chisinau').toISOString()).to.equal('2026-03-30T06:00:00.000Z');
  });

  it('formats with the local offset', () => {
    expect(formatWithOffset(new Date('2026-01-15T07:30:00Z'), 'Europe/Chisinau')).to.equal('2026-01-15T09:30:00+02:00');
    expect(formatWithOffset(new Date('2026-07-15T07:30:00Z'), 'Europe/Chisinau')).to.equal('2026-07-15T10:30:00+03:00');
    expect(formatWithOffset(new Date('2026-07-15T07:30:00Z'), 'UTC')).to.equal('2026-07-15T07:30:00+00:00');
  });

  it('counts days and weekdays (0 = Sunday)', () => {
    expect(addDays('2026-12-31', 1)).to.equal('2027-01-01');
    expect(weekdayOf('2026-01-11')).to.equal(0);
    expect(weekdayOf('2026-01-17')).to.equal(6);
  });
});

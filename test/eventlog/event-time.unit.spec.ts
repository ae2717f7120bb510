import { expect } from 'chai';
import { parseEventTime, readEventTime } from '../../src/eventlog/registration/event-time';

describe('Event logging: event_time syntax YYYY-MM-dd[THH:mm:ss[.SSS][Z|+-HH[mm]]]', () => {
  it('accepts every form the syntax allows and reads them as UTC instants', () => {
    expect(parseEventTime('2016-09-15')).to.equal('2016-09-15T00:00:00.000Z');
    expect(parseEventTime('2016-09-15T19:05:56')).to.equal('2016-09-15T19:05:56.000Z');
    expect(parseEventTime('2016-09-15T19:05:56.095')).to.equal('2016-09-15T19:05:56.095Z');
    expect(parseEventTime('2016-09-15T19:05:56.095Z')).to.equal('2016-09-15T19:05:56.095Z');
    expect(parseEventTime('2016-11-28T23:12:37.334+02')).to.equal('2016-11-28T21:12:37.334Z');
    expect(parseEventTime('2016-11-28T23:12:37.334+0230')).to.equal('2016-11-28T20:42:37.334Z');
    expect(parseEventTime('2016-11-28T23:12:37.334+02:00')).to.equal('2016-11-28T21:12:37.334Z');
    expect(parseEventTime('2016-11-28T01:00:00-05')).to.equal('2016-11-28T06:00:00.000Z');
  });

  it('refuses values out of range, partial times and other layouts', () => {
    for (const text of [
      '2016-13-01',
      '2016-00-10',
      '2016-01-32',
      '2016-01-00',
      '2016-01-01T24:00:00',
      '2016-01-01T10:60:00',
      '2016-01-01T10:00:60',
      '2016-01-01T10:00',
      '2016-01-01T10:00:00.12',
      '2016-01-01T10:00:00.1234',
      '2016-01-01T10:00:00+24',
      '2016-01-01T10:00:00+0260',
      '2016-01-01 10:00:00',
      '16-01-01',
      '2016-1-1',
      '',
    ]) {
      expect(parseEventTime(text), text).to.equal(null);
    }
  });

  it('refuses days the calendar does not have', () => {
    expect(parseEventTime('2023-02-29')).to.equal(null);
    expect(parseEventTime('2024-02-29')).to.equal('2024-02-29T00:00:00.000Z');
    expect(parseEventTime('2023-04-31')).to.equal(null);
  });

  it('reads the years 0000-0099 as written, not as 1900-1999', () => {
    expect(parseEventTime('0099-05-01T10:00:00Z')).to.equal('0099-05-01T10:00:00.000Z');
    expect(parseEventTime('0000-01-01')).to.equal('0000-01-01T00:00:00.000Z');
    expect(parseEventTime('0004-02-29')).to.equal('0004-02-29T00:00:00.000Z');
    expect(parseEventTime('0100-02-29'), 'no leap day in a century not divisible by 400').to.equal(null);
    expect(parseEventTime('0000-01-01T00:00:00-01')).to.equal('0000-01-01T01:00:00.000Z');
  });

  it('refuses a time whose UTC instant falls outside the years 0000-9999, so that every instant sorts as text', () => {
    expect(parseEventTime('9999-12-31T23:59:59.999Z')).to.equal('9999-12-31T23:59:59.999Z');
    expect(parseEventTime('9999-12-31T23:59:59-23:59')).to.equal(null);
    expect(parseEventTime('0000-01-01T00:00:00+01')).to.equal(null);
    expect(readEventTime('9999-12-31T23:59:59-23:59')).to.deep.equal({ problem: 'must fall within the years 0000-9999 once converted to UTC' });
    const instants = ['0000-01-01T00:00:00-01', '0099-05-01T10:00:00Z', '0999-12-31', '2024-05-01', '9999-12-31T23:59:59Z'].map(parseEventTime) as string[];
    expect([...instants].sort()).to.deep.equal(instants);
  });

  it('says what is wrong: the syntax, the calendar or the range', () => {
    expect(readEventTime('2016-01-01 10:00:00')).to.have.property('problem').that.contains('syntax');
    expect(readEventTime('2023-02-29')).to.deep.equal({ problem: 'must be a date that exists in the calendar' });
    expect(readEventTime('2016-01-01T10:00:00+02')).to.deep.equal({ instant: '2016-01-01T08:00:00.000Z' });
  });
});

import { expect } from 'chai';
import { parseEventTime } from '../../src/eventlog/event-time';

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
});

import { expect } from 'chai';
import { accessesCsv } from '../../src/console/queries/personal-data-export';
import { toJsonState } from '../../src/console/queries/json-state';
import { aggregateOfStream, aggregatesOf } from '../../src/console/queries/stream-history';
import { createServiceModules } from '../../src/services';

describe('Console queries', () => {
  it('names a stream\'s aggregate by the longest prefix of the services\' aggregates', () => {
    const aggregates = aggregatesOf(createServiceModules());
    const nameOf = (streamId: string) => aggregateOfStream(aggregates, streamId)?.name;
    expect(nameOf('notification-template-7')).to.equal('template');
    expect(nameOf('notification-7')).to.equal('notification');
    expect(nameOf('booking-calendar-location-1')).to.equal('calendar-location');
    expect(nameOf('booking-calendar-1')).to.equal('calendar');
    expect(nameOf('eventlog-registration-u')).to.equal('registration');
    expect(nameOf('exchange-demo-producer')).to.equal(undefined);
  });

  it('writes Sets and Maps of a state as JSON can hold them', () => {
    expect(toJsonState({ fingerprints: new Set(['a']), byId: new Map([['x', new Set([1])]]), pairs: new Map([[1, 'one']]) })).to.deep.equal({
      fingerprints: ['a'],
      byId: { x: [1] },
      pairs: [[1, 'one']],
    });
  });

  it('writes CSV with every field quoted, quotes doubled, and formulas defused', () => {
    const csv = accessesCsv({ rows: [{ event_time: '2026-05-01T10:00:00Z', event_type: 'X.PersonalData.Access', legal_basis: 'Law "133"', user: '=HYPERLINK("x")' }], totalCount: 1, upTo: 9 });
    const [, row] = csv.split('\r\n');
    expect(row).to.equal('"2026-05-01T10:00:00Z","X.PersonalData.Access","","","Law ""133""","","\'=HYPERLINK(""x"")","","","",""');
  });
});

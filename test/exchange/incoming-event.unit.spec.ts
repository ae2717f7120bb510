import { expect } from 'chai';
import { normalizeReported, normalizeStructured } from '../../src/exchange/incoming-event';

const context = { now: new Date('2026-01-01T10:00:00Z'), futureTimeToleranceMs: 2000 };
const event = { specversion: '1.0', id: 'e-1', source: 'urn:test', type: 'demo.order.created' };

describe('Incoming events: the defaults the exchange fills in (unit)', () => {
  it('gives JSON data application/json and a missing time now, and says it filled them in', () => {
    const normalized = normalizeStructured({ ...event, data: { a: 1 } }, context);
    expect(normalized).to.deep.include({ ok: true });
    const { value } = normalized as { value: { event: Record<string, unknown>; filledIn: string[] } };
    expect(value.event).to.include({ datacontenttype: 'application/json', time: '2026-01-01T10:00:00.000Z' });
    expect(value.filledIn).to.have.members(['datacontenttype', 'time']);
  });

  it("gives a reported event's binary data application/octet-stream, and drops the delivery's offset", () => {
    const normalized = normalizeReported({ ...event, data_base64: 'AAE=', offset: '7', time: '2025-12-31T10:00:00Z' }, context);
    const { value } = normalized as { value: { event: Record<string, unknown>; filledIn: string[] } };
    expect(value.event).to.include({ datacontenttype: 'application/octet-stream', data_base64: 'AAE=' });
    expect(value.event).to.not.have.property('offset');
    expect(value.filledIn).to.deep.equal(['datacontenttype']);
  });
});

import { expect } from 'chai';
import type { CloudEventRecord } from '../../src/platform/event-store/event-store';
import type { ClientDefinition } from '../../src/platform/identity/client-registry';
import { receivingScope } from '../../src/exchange/receiving-scope';

const event = (type: string, attributes: Record<string, unknown> = {}): CloudEventRecord => ({ specversion: '1.0', id: 'e', source: 'urn:s', type, time: '2026-01-01T00:00:00Z', ...attributes });
const client = (consume: NonNullable<ClientDefinition['exchange']>['consume'], idno: string | null = '1000000000001'): ClientDefinition => ({
  id: 'c',
  ...(idno ? { idno } : {}),
  certificate: {},
  exchange: { consume },
});

describe('receivingScope (unit)', () => {
  it('gives a client the platform\'s events that name its IDNO among their owners, separated by spaces or commas', () => {
    const receives = receivingScope(client({ types: ['md.gov.*'] }));
    expect(receives(event('md.gov.booking.appointment.requested.v1', { mdowners: '1000000000001' }))).to.equal(true);
    expect(receives(event('md.gov.booking.appointment.requested.v1', { mdowners: '1000000000009 1000000000001' }))).to.equal(true);
    expect(receives(event('md.gov.booking.appointment.requested.v1', { mdowners: '1000000000009,1000000000001' }))).to.equal(true);
    expect(receives(event('md.gov.booking.appointment.requested.v1', { mdowners: '1000000000009' }))).to.equal(false);
    expect(receives(event('md.gov.booking.appointment.requested.v1', { mdowners: '10000000000011' }))).to.equal(false);
    // an event naming no owner (one from before the attribute, or of the platform's own bookkeeping)
    expect(receives(event('md.gov.booking.slots.reserved.v1'))).to.equal(false);
    // types it may not consume, and other producers' types without filters
    expect(receivingScope(client({ types: ['demo.*'] }))(event('md.gov.booking.x', { mdowners: '1000000000001' }))).to.equal(false);
    expect(receivingScope(client({ types: ['demo.*'] }))(event('demo.order'))).to.equal(true);
  });

  it('a client without an IDNO owns nothing; allOwners gives the types it names whoever they concern', () => {
    expect(receivingScope(client({ types: ['md.gov.*'] }, null))(event('md.gov.x', { mdowners: '1000000000001' }))).to.equal(false);
    const wide = receivingScope(client({ types: ['md.gov.*'], allOwners: ['md.gov.booking.*'] }));
    expect(wide(event('md.gov.booking.slots.reserved.v1'))).to.equal(true);
    expect(wide(event('md.gov.notification.message.sent.v1', { mdowners: '1000000000009' }))).to.equal(false);
  });

  it('applies every filter whose types match, the owner rule included', () => {
    const receives = receivingScope(
      client({
        types: ['md.gov.*', 'demo.*'],
        allOwners: ['md.gov.eventlog.*'],
        filters: [
          { types: ['demo.*'], filter: { any: [{ exact: { source: 'urn:a' } }, { suffix: { source: ':b' } }] } },
          { types: ['md.gov.*'], filter: { not: { exact: { subject: 'hidden' } } } },
        ],
      }),
    );
    expect(receives(event('demo.x', { source: 'urn:a' }))).to.equal(true);
    expect(receives(event('demo.x', { source: 'urn:b' }))).to.equal(true);
    expect(receives(event('demo.x', { source: 'urn:c' }))).to.equal(false);
    expect(receives(event('md.gov.booking.x', { mdowners: '1000000000001', subject: 'shown' }))).to.equal(true);
    expect(receives(event('md.gov.booking.x', { mdowners: '1000000000001', subject: 'hidden' }))).to.equal(false);
    expect(receives(event('md.gov.eventlog.x', { subject: 'shown' }))).to.equal(true);
    expect(receives(event('md.gov.eventlog.x', { subject: 'hidden' }))).to.equal(false);
  });
});

import { expect } from 'chai';
import { dataSubjectsOf } from '../../src/audit/queries/data-subjects';
import { EVENTS_REGISTERED } from '../../src/eventlog/registration/events';
import type { CloudEventRecord } from '../../src/platform/event-store/event-store';

const event = (type: string, data: unknown): CloudEventRecord => ({ specversion: '1.0', id: 'e', source: 'urn:test', type, time: '2026-01-01T00:00:00Z', data });

describe('dataSubjectsOf: who the platform\'s own events are about (unit)', () => {
  it('reads logged events\' subjects, one or several', () => {
    const registered = event(EVENTS_REGISTERED, { entries: [{ fields: { subject: '2000000000011' } }, { fields: { subject: ['2000000000022', '1003600000003'] } }, { fields: {} }] });
    expect(dataSubjectsOf(registered)).to.deep.equal(['2000000000011', '2000000000022', '1003600000003']);
  });

  it('reads a booking\'s citizen and a notification\'s user and identified recipients, not its addresses', () => {
    expect(dataSubjectsOf(event('md.gov.booking.appointment.requested.v1', { citizen: { idnp: '2000000000033', firstName: 'A' } }))).to.deep.equal(['2000000000033']);
    expect(dataSubjectsOf(event('md.gov.booking.appointment.requested.v1', { citizen: { passportNumber: 'P123' } }))).to.deep.equal(['P123']);
    const notification = { userId: '2000000000044', recipients: [{ Value: '2000000000055', Type: 'IDNP' }, { Value: 'a@b.md', Type: 'Email' }, { Value: '1003600000003', Type: 'IDNO' }] };
    expect(dataSubjectsOf(event('md.gov.notification.accepted.v1', notification))).to.deep.equal(['2000000000044', '2000000000055', '1003600000003']);
  });

  it('finds nobody in events of other shapes or without data', () => {
    expect(dataSubjectsOf(event('demo.order.created', { orderId: 1 }))).to.deep.equal([]);
    expect(dataSubjectsOf(event('demo.order.created', 'text'))).to.deep.equal([]);
    expect(dataSubjectsOf(event('demo.order.created', undefined))).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import { bookingProjections } from '../../projections/booking';
import { APPOINTMENTS } from '../../projections/booking/appointments';
import { book, bookOne, citizen, slot, startBookingPlatform, type BookingPlatform } from './booking-test-platform';
import { CL } from './booking-test-data';

describe('Booking projections: a rebuild from the log gives the same read models (int)', () => {
  let booking: BookingPlatform;
  before(async () => {
    booking = await startBookingPlatform();
    const { institution, clock } = booking;
    const confirmed = await bookOne(institution, CL.passportA1, slot('2026-01-13', '09:00'));
    await institution.patch(`/api/v2/appointments/${confirmed}/confirm`);
    const canceled = await bookOne(institution, CL.idCardA1, slot('2026-01-13', '09:00'), { isEvo: true });
    await institution.delete(`/api/v2/appointments/${canceled}/cancel`);
    await bookOne(institution, CL.passportA2, slot('2026-01-14', '09:00'));
    await book(institution, [citizen(CL.passportA1, slot('2026-01-13', '09:00')), citizen(CL.passportA1, slot('2026-01-13', '09:00'))]);
    await institution.put(`/api/v1/booking-admin/calendars/${(await institution.get('/api/v1/booking-admin/calendars')).json().items[0].id}`, {
      body: { organizationId: (await institution.get('/api/v1/booking-admin/calendars')).json().items[0].organizationId, code: 'RENAMED', name: { ro: 'Redenumit' } },
    });
    clock.advance(25 * 3_600_000);
    await booking.platform.restart(); // the sweep at start expires the waiting appointment
  });
  after(() => booking.platform.stop());

  for (const projection of bookingProjections) {
    it(`${projection.name}`, async () => {
      const { documents, events } = booking.platform.platform.stores;
      await booking.platform.platform.projections.waitFor(await events.headPosition());
      const snapshot = async () => Promise.all(projection.collections.map((name) => documents.collection(name).find({}, { sort: { _id: 1 } })));
      const before = await snapshot();
      expect(before.flat(), 'the scenario fills this read model').to.not.be.empty;
      await booking.platform.platform.projections.rebuild(projection.name);
      expect(await snapshot()).to.deep.equal(before);
    });
  }

  it('skips a booking event without the fields it needs instead of stopping every projection', async () => {
    const { events, documents } = booking.platform.platform.stores;
    const before = await documents.collection(APPOINTMENTS).count({});
    const malformed = { specversion: '1.0' as const, id: 'malformed-1', source: 'urn:md:gov:booking', type: 'md.gov.booking.appointment.requested.v1', time: new Date().toISOString(), data: {} };
    const { lastPosition } = await events.append('booking-appointment-malformed', [{ producer: 'test', event: malformed }]);
    await booking.platform.platform.projections.waitFor(lastPosition);
    expect(await documents.collection(APPOINTMENTS).count({})).to.equal(before);
  });

  it('the scenario covered every status and an expiry', async () => {
    const appointments = await booking.platform.platform.stores.documents.collection(APPOINTMENTS).find({});
    expect(appointments.map((doc) => doc.status)).to.include.members([2, 3]);
    expect(appointments.map((doc) => doc.cancelReason)).to.include.members(['canceled', 'expired']);
  });
});

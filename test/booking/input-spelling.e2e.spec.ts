import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { ADMIN, book, bookOne, citizen, slot, startBookingPlatform, type BookingPlatform } from './booking-test-platform';
import { CL, IDS } from './booking-test-data';

/** What .NET would read as the same Guid or bool: ids in upper case (or as a urn:uuid:), booleans in any case. */
describe('Booking: ids and booleans in other spellings (e2e)', () => {
  let booking: BookingPlatform;
  let institution: HttpsClient;
  before(async () => {
    booking = await startBookingPlatform();
    institution = booking.institution;
  });
  after(() => booking.platform.stop());

  const upper = (id: string) => id.toUpperCase();

  it('books a service named by an upper-case calendarLocationId and option id, stored in lower case', async () => {
    const service = { calendarLocationId: upper(CL.passportA1), start: slot('2026-01-14', '09:00'), requestOptionId: upper(IDS.OPTION_URGENT) };
    const body = [citizen(service.calendarLocationId, service.start, { services: [service] })];
    const response = await book(institution, body, { 'x-custom-lang': 'en' });
    expect(response.status, response.text).to.equal(200);
    const id = response.json().appointmentRequestResultModels[0].id;
    const detailed = await institution.get('/api/v2/appointments/user-list-updated', { query: { Idnp: body[0].idnp } });
    expect(detailed.json()[0]).to.include({ id, calendarLocationId: CL.passportA1, requestOptionId: IDS.OPTION_URGENT });
  });

  it('reads upper-case and urn:uuid: ids in query strings and paths', async () => {
    const id = await bookOne(institution, CL.passportA2, slot('2026-01-14', '09:20'));
    const listed = await institution.get('/api/v2/appointments/calendar-location-list', { query: { CalendarLocationId: upper(CL.passportA2) } });
    expect(listed.status).to.equal(200);
    expect(listed.json().map((item: { id: string }) => item.id)).to.include(id);
    expect((await institution.get('/api/v2/appointments/location-list', { query: { LocationId: upper(IDS.LOC_A2) } })).status).to.equal(200);
    const config = await institution.get('/api/v2/calendars/config', { query: { calendarLocationId: `urn:uuid:${upper(CL.passportA2)}` } });
    expect(config.status).to.equal(200);
    expect(config.json()).to.include({ calendarLocationId: CL.passportA2, locationId: IDS.LOC_A2 });
    expect((await institution.get('/api/v2/calendars/list', { query: { locationId: upper(IDS.LOC_A2) } })).status).to.equal(200);
    expect((await institution.get('/api/v2/locations/list', { query: { OrganizationId: upper(IDS.ORG_A), PageSize: 10, PageNumber: 0 } })).status).to.equal(200);
    expect((await institution.get('/api/v2/settings', { query: { OrganizationId: upper(IDS.ORG_A), CalendarId: upper(IDS.CAL_PASSPORT) } })).status).to.equal(200);
    expect((await institution.patch(`/api/v2/appointments/${upper(id)}/confirm`)).status).to.equal(200);
  });

  it('filters user-list by an organization id in upper case', async () => {
    const body = [citizen(CL.passportA2, slot('2026-01-14', '09:40'))];
    expect((await book(institution, body)).status).to.equal(200);
    const listed = await institution.get('/api/v2/appointments/user-list', { query: { Idnp: body[0].idnp, Organization: upper(IDS.ORG_A) } });
    expect(listed.status).to.equal(200);
    expect(listed.json()).to.have.length(1);
  });

  it('keeps ids of the admin API in lower case, whatever the body’s spelling', async () => {
    const id = '2a000000-0000-4000-8000-0000000000ff';
    const created = await institution.post(`${ADMIN}/calendars`, { body: { id: `urn:uuid:${upper(id)}`, organizationId: upper(IDS.ORG_A), code: 'UPPER', name: { ro: 'Majuscule' } } });
    expect(created.status, created.text).to.equal(201);
    expect(created.json()).to.include({ id, organizationId: IDS.ORG_A });
    expect(created.headers.location).to.equal(`${ADMIN}/calendars/${id}`);
  });

  it('cancel reads notifyUser=False, TRUE and false alike; other words are a 400', async () => {
    const notified = async (notifyUser: string) => {
      const id = await bookOne(institution, CL.idCardA2, slot('2026-01-15', '09:00'));
      const canceled = await institution.delete(`/api/v2/appointments/${id}/cancel`, { query: { notifyUser } });
      expect(canceled.status, canceled.text).to.equal(200);
      const events = await booking.platform.platform.stores.events.readStream(`booking-appointment-${id}`);
      return (events[events.length - 1].event.data as { notifyUser: boolean }).notifyUser;
    };
    expect(await notified('False')).to.equal(false);
    expect(await notified('false')).to.equal(false);
    expect(await notified('TRUE')).to.equal(true);
    const id = await bookOne(institution, CL.idCardA2, slot('2026-01-15', '09:30'));
    const refused = await institution.delete(`/api/v2/appointments/${id}/cancel`, { query: { notifyUser: 'yes' }, headers: { 'x-custom-lang': 'en' } });
    expect(refused.status).to.equal(400);
    expect(refused.json().errors).to.have.key('notifyUser');
  });
});

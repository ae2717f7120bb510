import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { book, bookOne, citizen, nextIdnp, OTHER_OFFICE, slot, startBookingPlatform, type BookingPlatform } from './booking-test-platform';
import { CL, IDS } from './booking-test-data';

async function readAll(client: HttpsClient, instance: string): Promise<any[]> {
  const events: any[] = [];
  for (;;) {
    const response = await client.get(`${instance}/events`);
    if (response.status === 204) return events;
    expect(response.status, response.text).to.equal(200);
    events.push(...response.json());
  }
}

describe('Booking: access per client and domain events on the exchange (e2e)', () => {
  let booking: BookingPlatform;
  let institution: HttpsClient;
  let otherOffice: HttpsClient;
  before(async () => {
    booking = await startBookingPlatform({ exchange: { pollTimeoutMs: 200, batchLingerMs: 10 } });
    institution = booking.institution;
    otherOffice = booking.platform.client(OTHER_OFFICE.id);
  });
  after(() => booking.platform.stop());

  describe('401 and 403', () => {
    const endpoints: [string, string][] = [
      ['POST', '/api/v2/appointments/request'],
      ['PATCH', '/api/v2/appointments/00000000-0000-4000-8000-000000000000/confirm'],
      ['DELETE', '/api/v2/appointments/00000000-0000-4000-8000-000000000000/cancel'],
      ['GET', '/api/v2/appointments/list'],
      ['GET', '/api/v2/appointments/user-list?Idnp=2000000000000'],
      ['GET', '/api/v2/appointments/user-list-updated?Idnp=2000000000000'],
      ['GET', `/api/v2/appointments/location-list?LocationId=${IDS.LOC_A1}`],
      ['GET', `/api/v2/appointments/calendar-location-list?CalendarLocationId=${CL.passportA1}`],
      ['GET', '/api/v2/organizations/list'],
      ['GET', `/api/v2/locations/list?OrganizationId=${IDS.ORG_A}&PageSize=10&PageNumber=0`],
      ['GET', '/api/v2/locations/list-by-idno?Idno=1003600000003&PageSize=10&PageNumber=0'],
      ['GET', `/api/v2/calendars/list?locationId=${IDS.LOC_A1}`],
      ['GET', `/api/v2/calendars/config?calendarLocationId=${CL.passportA1}`],
      ['GET', '/api/v2/calendars/config-by-idno?LocationIdno=1003600000777&ServiceCode=PASSPORT'],
      ['GET', `/api/v2/settings?OrganizationId=${IDS.ORG_A}&CalendarId=${IDS.CAL_PASSPORT}`],
      ['GET', '/api/v1/booking-admin/organizations'],
      ['POST', '/api/v1/booking-admin/imports'],
    ];
    it('every operation answers 401 to an unidentified caller and 403 to a client without the right', async () => {
      const anonymous = booking.platform.anonymous();
      const unregistered = booking.platform.stranger('unregistered');
      const untrusted = booking.platform.stranger('untrusted');
      const noRights = booking.platform.client('no-rights');
      const producerOnly = booking.platform.client('demo-producer');
      for (const [method, path] of endpoints) {
        for (const caller of [anonymous, unregistered, untrusted]) expect((await caller.request(method, path, { body: '[]' })).status, `${method} ${path}`).to.equal(401);
        for (const caller of [noRights, producerOnly]) expect((await caller.request(method, path, { body: '[]' })).status, `${method} ${path}`).to.equal(403);
      }
      expect((await otherOffice.get('/api/v1/booking-admin/organizations')).status).to.equal(403);
    });
  });

  describe("an institution's client acts for its own organization only", () => {
    it('books its own services, not another organization’s (403)', async () => {
      expect((await book(otherOffice, [citizen(CL.taxB1, slot('2026-01-13', '09:00'))])).status).to.equal(200);
      const refused = await book(otherOffice, [citizen(CL.passportA1, slot('2026-01-13', '09:00'))], { 'x-custom-lang': 'en' });
      expect(refused.status).to.equal(403);
      expect(refused.json().detail).to.equal('The client may not book services of another organization.');
    });

    it('sees only its organization’s appointments; a client with appointments:read-all sees every one', async () => {
      const idnp = nextIdnp();
      await bookOne(institution, CL.passportA1, slot('2026-01-14', '09:00'), { idnp });
      await bookOne(otherOffice, CL.taxB1, slot('2026-01-14', '09:00'), { idnp });
      const own = await otherOffice.get('/api/v2/appointments/user-list', { query: { Idnp: idnp } });
      expect(own.json().map((item: { serviceCode: string }) => item.serviceCode)).to.deep.equal(['TAX']);
      const all = await institution.get('/api/v2/appointments/user-list', { query: { Idnp: idnp } });
      expect(all.json()).to.have.length(2);
      expect((await otherOffice.get('/api/v2/appointments/location-list', { query: { LocationId: IDS.LOC_A1 } })).status).to.equal(204);
      const list = await otherOffice.get('/api/v2/appointments/list', { query: { PageSize: 100 } });
      expect(list.json().items.every((item: { organization: string }) => item.organization === 'Oficiul Celălalt')).to.equal(true);
    });

    it('may not confirm or cancel another organization’s appointment (403)', async () => {
      const id = await bookOne(institution, CL.passportA1, slot('2026-01-14', '10:00'));
      expect((await otherOffice.patch(`/api/v2/appointments/${id}/confirm`)).status).to.equal(403);
      expect((await otherOffice.delete(`/api/v2/appointments/${id}/cancel`)).status).to.equal(403);
      expect((await institution.patch(`/api/v2/appointments/${id}/confirm`)).status).to.equal(200);
    });
  });

  describe('domain events', () => {
    it('every state change is a CloudEvent an authorized client consumes, keyed by the appointment stream', async () => {
      const created = await otherOffice.post('/ce/consumers', { query: { group: `booking-${Date.now()}` } });
      expect(created.status, created.text).to.equal(201);
      const instance = new URL(created.headers.location as string).pathname;

      const response = await book(institution, [citizen(CL.passportA1, slot('2026-01-15', '09:00'), { firstName: 'Maria', lastName: 'Rusu', email: 'maria@example.md' })], { 'x-custom-lang': 'ru' });
      const id = response.json().appointmentRequestResultModels[0].id;
      await institution.patch(`/api/v2/appointments/${id}/confirm`);
      await institution.delete(`/api/v2/appointments/${id}/cancel`);

      const consumer = booking.platform.client('demo-institution');
      const group = await consumer.post('/ce/consumers', { query: { group: `audit-${Date.now()}` } });
      const events = (await readAll(consumer, new URL(group.headers.location as string).pathname)).filter((event) => event.partitionkey === `booking-appointment-${id}`);
      expect(events.map((event) => event.type)).to.deep.equal([
        'md.gov.booking.appointment.requested.v1',
        'md.gov.booking.appointment.confirmed.v1',
        'md.gov.booking.appointment.canceled.v1',
      ]);
      for (const event of events) expect(event).to.include({ source: 'urn:md:gov:booking', specversion: '1.0', partitionkey: `booking-appointment-${id}` });
      const [requested, confirmed, canceled] = events.map((event) => event.data);
      expect(requested).to.include({ appointmentId: id, status: 'Waiting', isEvo: false, notifyUser: true, language: 'ru', organizationId: IDS.ORG_A, locationId: IDS.LOC_A1, calendarLocationId: CL.passportA1, requestedBy: 'demo-institution' });
      expect(requested).to.include.keys('code', 'organizationName', 'locationName', 'locationAddress', 'calendarName', 'slot', 'confirmationDeadline', 'userAccessToken', 'citizen');
      expect(requested.citizen).to.include({ isForeignCitizen: false, firstName: 'Maria', lastName: 'Rusu', email: 'maria@example.md', phone: '+37360000000' });
      expect(requested.slot).to.deep.equal({ start: '2026-01-15T09:00:00+02:00', end: '2026-01-15T09:30:00+02:00' });
      expect(requested.confirmationDeadline).to.equal('2026-01-06T08:00:00+02:00');
      expect(confirmed).to.include({ appointmentId: id, confirmedBy: 'demo-institution' });
      expect(canceled).to.include({ appointmentId: id, reason: 'canceled', notifyUser: true, language: 'ru', canceledBy: 'demo-institution' });
      expect(canceled.citizen).to.deep.equal({ firstName: 'Maria', lastName: 'Rusu', email: 'maria@example.md' });
      // what the citizen's cancellation e-mail names, as the requested event's e-mail does
      expect(canceled).to.include({ code: requested.code, locationAddress: requested.locationAddress });
      expect(canceled.organizationName).to.deep.equal(requested.organizationName);
      expect(canceled).to.include.keys('locationName', 'calendarName', 'slot');

      // other-office consumes md.gov.booking.* too, but the appointment is another organisation's (issue 32)
      const seenByOther = (await readAll(otherOffice, instance)).filter((event) => event.partitionkey === `booking-appointment-${id}`);
      expect(seenByOther).to.have.length(0);
    });
  });
});

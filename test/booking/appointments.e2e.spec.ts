import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { book, bookOne, citizen, nextIdnp, slot, startBookingPlatform, type BookingPlatform } from './booking-test-platform';
import { CL, IDS } from './booking-test-data';

describe('Booking: appointments over HTTPS with client certificates (e2e)', () => {
  let booking: BookingPlatform;
  let institution: HttpsClient;
  before(async () => {
    booking = await startBookingPlatform();
    institution = booking.institution;
  });
  after(() => booking.platform.stop());

  describe('POST /api/v2/appointments/request', () => {
    it('creates a Waiting appointment and answers SuccesAppointmentRequestModel', async () => {
      const response = await book(institution, [citizen(CL.passportA1, slot('2026-01-13', '09:30'), { residenceAddress: 'mun. Chișinău' })]);
      expect(response.status, response.text).to.equal(200);
      const body = response.json();
      expect(body).to.have.keys('userAccessToken', 'appointmentRequestResultModels');
      expect(body.userAccessToken).to.be.a('string').and.not.empty;
      expect(body.appointmentRequestResultModels).to.have.length(1);
      const [result] = body.appointmentRequestResultModels;
      expect(result).to.have.keys('id', 'userAccessToken', 'locationName', 'locationAddress', 'email', 'calendarName', 'slotStart', 'slotEnd', 'hoursUntilConfirmationDeadline');
      expect(result).to.deep.include({
        userAccessToken: body.userAccessToken,
        locationName: { ro: 'Sediul A1', en: 'Office A1', ru: 'Офис A1' },
        locationAddress: 'str. Test 1',
        email: 'ion.popescu@example.md',
        calendarName: { ro: 'Pașaport', en: 'Passport', ru: 'Паспорт' },
        slotStart: '2026-01-13T09:30:00+02:00',
        slotEnd: '2026-01-13T10:00:00+02:00',
        hoursUntilConfirmationDeadline: 24,
      });
      const listed = await institution.get('/api/v2/appointments/calendar-location-list', { query: { CalendarLocationId: CL.passportA1 } });
      expect(listed.json().find((item: { id: string }) => item.id === result.id)).to.include({ status: 1 });
    });

    it('creates a Scheduled appointment without a confirmation step when isEvo is true', async () => {
      const response = await book(institution, [citizen(CL.passportA1, slot('2026-01-13', '10:00'), { isEvo: true })]);
      expect(response.status, response.text).to.equal(200);
      expect(response.json().appointmentRequestResultModels[0].hoursUntilConfirmationDeadline).to.equal(0);
      const id = response.json().appointmentRequestResultModels[0].id;
      const listed = await institution.get('/api/v2/appointments/calendar-location-list', { query: { CalendarLocationId: CL.passportA1, Status: 2 } });
      expect(listed.json().map((item: { id: string }) => item.id)).to.include(id);
      expect((await institution.patch(`/api/v2/appointments/${id}/confirm`)).status).to.equal(400);
    });

    it('books several citizens, each with several services, in one request; a person keeps one userAccessToken', async () => {
      const idnp = nextIdnp();
      const first = citizen(CL.passportA1, slot('2026-01-14', '08:00'), { idnp });
      first.services.push({ calendarLocationId: CL.idCardA1, start: slot('2026-01-14', '09:00') });
      const foreigner = citizen(CL.passportA2, slot('2026-01-15', '08:20'), { isForeignCitizen: true, idnp: undefined, passportNumber: 'AB1234567', notifyUser: false, email: undefined });
      const response = await book(institution, [first, foreigner]);
      expect(response.status, response.text).to.equal(200);
      const results = response.json().appointmentRequestResultModels;
      expect(results).to.have.length(3);
      expect(results[0].userAccessToken).to.equal(results[1].userAccessToken).and.equal(response.json().userAccessToken);
      expect(results[2].userAccessToken).to.not.equal(results[0].userAccessToken);
      expect(results[2].email).to.equal(null);
      const again = await book(institution, [citizen(CL.passportA2, slot('2026-01-15', '09:00'), { idnp })]);
      expect(again.json().userAccessToken).to.equal(results[0].userAccessToken);
      const byPassport = await institution.get('/api/v2/appointments/list', { query: { UserIdentifier: 'AB1234567' } });
      expect(byPassport.json().items[0]).to.include({ isForeignCitizen: true, userIdentifier: 'AB1234567' });
    });

    it('records the chosen request option', async () => {
      const body = citizen(CL.passportA1, slot('2026-01-14', '11:00'));
      body.services[0] = { ...body.services[0], requestOptionId: IDS.OPTION_URGENT } as never;
      const response = await book(institution, [body]);
      expect(response.status, response.text).to.equal(200);
      const listed = await institution.get('/api/v2/appointments/user-list', { query: { Idnp: body.idnp } });
      expect(listed.json()[0].requestOption).to.deep.equal({ ro: 'Regim urgent', en: 'Urgent', ru: 'Срочно' });
      const detailed = await institution.get('/api/v2/appointments/user-list-updated', { query: { Idnp: body.idnp } });
      expect(detailed.json()[0].requestOptionId).to.equal(IDS.OPTION_URGENT);
    });
  });

  describe('Idempotency-Key', () => {
    it('books once and answers the same to a retry; another body under the same key is refused', async () => {
      const body = [citizen(CL.passportA2, slot('2026-01-16', '10:00'))];
      const headers = { 'Idempotency-Key': `retry-${Date.now()}` };
      const [first, second] = await Promise.all([book(institution, body, headers), book(institution, body, headers)]);
      expect(first.status, first.text).to.equal(200);
      expect(second.status, second.text).to.equal(200);
      expect(second.json()).to.deep.equal(first.json());
      const third = await book(institution, body, headers);
      expect(third.json()).to.deep.equal(first.json());
      const listed = await institution.get('/api/v2/appointments/user-list', { query: { Idnp: body[0].idnp } });
      expect(listed.json()).to.have.length(1);
      const other = await book(institution, [citizen(CL.passportA2, slot('2026-01-16', '10:20'))], headers);
      expect(other.status).to.equal(400);
      expect(other.json().errors).to.have.key('Idempotency-Key');
    });

    it('answers a retried refusal with the same refusal', async () => {
      const taken = slot('2026-01-16', '11:00');
      await bookOne(institution, CL.passportA2, taken);
      const headers = { 'Idempotency-Key': `refused-${Date.now()}` };
      const body = [citizen(CL.passportA2, taken)];
      const first = await book(institution, body, headers);
      const retry = await book(institution, body, headers);
      expect(first.status).to.equal(400);
      expect(retry.status).to.equal(400);
      expect(retry.json().errors).to.deep.equal(first.json().errors);
    });
  });

  describe('PATCH /api/v2/appointments/{id}/confirm and DELETE /api/v2/appointments/{id}/cancel', () => {
    it('confirms Waiting -> Scheduled, cancels -> Canceled, and refuses invalid moves with a clear 400', async () => {
      const id = await bookOne(institution, CL.passportA1, slot('2026-01-15', '08:00'));
      const confirmed = await institution.patch(`/api/v2/appointments/${id}/confirm`);
      expect(confirmed.status, confirmed.text).to.equal(200);
      expect(confirmed.json()).to.include({ id, status: 2 });
      const again = await institution.patch(`/api/v2/appointments/${id}/confirm`, { headers: { 'x-custom-lang': 'en' } });
      expect(again.status).to.equal(400);
      expect(again.json()).to.include({ detail: 'The appointment is already confirmed.', status: 400 });

      const canceled = await institution.delete(`/api/v2/appointments/${id}/cancel`);
      expect(canceled.status, canceled.text).to.equal(200);
      expect(canceled.json()).to.include({ id, status: 3 });
      const confirmCanceled = await institution.patch(`/api/v2/appointments/${id}/confirm`, { headers: { 'x-custom-lang': 'en' } });
      expect(confirmCanceled.status).to.equal(400);
      expect(confirmCanceled.json().detail).to.equal('The appointment is canceled and can no longer be confirmed.');
      const cancelTwice = await institution.delete(`/api/v2/appointments/${id}/cancel`, { headers: { 'x-custom-lang': 'ru' } });
      expect(cancelTwice.status).to.equal(400);
      expect(cancelTwice.json().detail).to.equal('Запись уже отменена.');
    });

    it('gives the slot of a canceled appointment back', async () => {
      const start = slot('2026-01-15', '13:00');
      const id = await bookOne(institution, CL.passportA1, start);
      expect((await book(institution, [citizen(CL.passportA1, start)])).status).to.equal(400);
      expect((await institution.delete(`/api/v2/appointments/${id}/cancel`, { query: { notifyUser: false } })).status).to.equal(200);
      expect((await book(institution, [citizen(CL.passportA1, start)])).status).to.equal(200);
    });

    it('answers 400 for an unknown or malformed appointment id and a malformed notifyUser', async () => {
      const unknown = await institution.patch('/api/v2/appointments/00000000-0000-4000-8000-000000000000/confirm', { headers: { 'x-custom-lang': 'en' } });
      expect(unknown.status).to.equal(400);
      expect(unknown.json().detail).to.equal('The appointment 00000000-0000-4000-8000-000000000000 does not exist.');
      expect((await institution.delete('/api/v2/appointments/not-a-uuid/cancel')).status).to.equal(400);
      const id = await bookOne(institution, CL.passportA1, slot('2026-01-15', '08:30'));
      expect((await institution.delete(`/api/v2/appointments/${id}/cancel`, { query: { notifyUser: 'maybe' } })).status).to.equal(400);
    });
  });

  describe('lists', () => {
    let idnp: string;
    before(async () => {
      idnp = nextIdnp();
      await bookOne(institution, CL.idCardA1, slot('2026-01-20', '08:00'), { idnp });
      await bookOne(institution, CL.idCardA1, slot('2026-01-20', '08:30'), { idnp, isEvo: true });
      await bookOne(institution, CL.passportA2, slot('2026-01-20', '09:00'), { idnp });
    });

    it('appointments/list pages with the envelope, filters and defaults (PageSize 10, PageNumber 0, Status 0)', async () => {
      const page = await institution.get('/api/v2/appointments/list', { query: { UserIdentifier: idnp, PageSize: 2 } });
      expect(page.status).to.equal(200);
      expect(page.json()).to.include({ totalCount: 3, pageSize: 2, currentPage: 0, totalPages: 2 });
      expect(page.json().items).to.have.length(2);
      const item = page.json().items[0];
      expect(item).to.have.keys(
        'id', 'code', 'userIdentifier', 'isForeignCitizen', 'firstName', 'lastName', 'status', 'serviceCode', 'organization', 'slot',
        'calendar', 'service', 'calendarLocation', 'locationCoordinatesUrl', 'locationAddress', 'requestOption', 'relatedOption',
      );
      expect(item).to.include({ userIdentifier: idnp, serviceCode: 'ID_CARD', organization: 'Agenția de Test', locationAddress: 'str. Test 1' });
      expect(item.slot).to.deep.equal({ start: '2026-01-20T08:00:00+02:00', end: '2026-01-20T08:30:00+02:00' });
      const english = await institution.get('/api/v2/appointments/list', { query: { UserIdentifier: idnp }, headers: { 'x-custom-lang': 'en' } });
      expect(english.json().items[0].organization).to.equal('Test Agency');
      const second = await institution.get('/api/v2/appointments/list', { query: { UserIdentifier: idnp, PageSize: 2, PageNumber: 1 } });
      expect(second.json().items).to.have.length(1);
      const filtered = await institution.get('/api/v2/appointments/list', {
        query: { UserIdentifier: idnp, ServiceCode: 'ID_CARD', Status: 2, Start: '2026-01-20T08:00:00+02:00', End: '2026-01-20T09:00:00+02:00' },
      });
      expect(filtered.json().items.map((i: { slot: { start: string } }) => i.slot.start)).to.deep.equal(['2026-01-20T08:30:00+02:00']);
      const byIdno = await institution.get('/api/v2/appointments/list', { query: { UserIdentifier: idnp, LocationRelatedIDNO: '1003600000777' } });
      expect(byIdno.json().totalCount).to.equal(2);
      expect((await institution.get('/api/v2/appointments/list', { query: { UserIdentifier: '0000000000000' } })).status).to.equal(204);
    });

    it('user-list and user-list-updated find a citizen by IDNP', async () => {
      const list = await institution.get('/api/v2/appointments/user-list', { query: { Idnp: idnp } });
      expect(list.status).to.equal(200);
      expect(list.json()).to.have.length(3);
      expect((await institution.get('/api/v2/appointments/user-list', { query: { Idnp: idnp, Status: 2 } })).json()).to.have.length(1);
      expect((await institution.get('/api/v2/appointments/user-list', { query: { Idnp: idnp, Organization: IDS.ORG_B } })).status).to.equal(204);
      expect((await institution.get('/api/v2/appointments/user-list', { query: { Idnp: idnp, Organization: '1003600000003' } })).json()).to.have.length(3);
      // the name as a list showed it, in any x-custom-lang
      for (const name of ['Agenția de Test', 'Test Agency', 'Тестовое агентство']) {
        expect((await institution.get('/api/v2/appointments/user-list', { query: { Idnp: idnp, Organization: name } })).json()).to.have.length(3);
      }

      const updated = await institution.get('/api/v2/appointments/user-list-updated', { query: { Idnp: idnp, PageSize: 1 } });
      expect(updated.status).to.equal(200);
      const [model] = updated.json();
      expect(model).to.include({ calendarId: IDS.CAL_ID_CARD, serviceId: IDS.CAL_ID_CARD, calendarLocationId: CL.idCardA1, status: 1 });
      expect(model.attendees).to.have.length(1);
      expect(model.attendees[0]).to.include({ indp: idnp, firstName: 'Ion', lastName: 'Popescu', hasAttended: false, appointmentId: model.id });
      expect((await institution.get('/api/v2/appointments/user-list-updated', { query: { Idnp: '0000000000000' } })).status).to.equal(204);
    });

    it('location-list and calendar-location-list show no data about the citizen', async () => {
      const byLocation = await institution.get('/api/v2/appointments/location-list', { query: { LocationId: IDS.LOC_A2, Status: 1 } });
      expect(byLocation.status).to.equal(200);
      for (const item of byLocation.json()) {
        expect(item).to.have.keys('id', 'code', 'status', 'slot', 'calendar', 'service', 'calendarLocation', 'requestOption', 'relatedOption');
      }
      const byCalendarLocation = await institution.get('/api/v2/appointments/calendar-location-list', { query: { CalendarLocationId: CL.idCardA1, PageSize: 1 } });
      expect(byCalendarLocation.json()).to.have.length(1);
      expect((await institution.get('/api/v2/appointments/location-list', { query: { LocationId: IDS.LOC_B1 } })).status).to.equal(204);
      expect((await institution.get('/api/v2/appointments/calendar-location-list', { query: { CalendarLocationId: CL.taxB1 } })).status).to.equal(204);
    });
  });
});

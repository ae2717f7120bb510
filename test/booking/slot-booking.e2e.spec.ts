import { expect } from 'chai';
import { message } from '../../src/booking/messages';
import type { HttpsClient } from '../support/https-client';
import { book, citizen, slot, startBookingPlatform, type BookingPlatform } from './booking-test-platform';
import { CL, IDS } from './booking-test-data';

const refusalOf = async (client: HttpsClient, calendarLocationId: string, start: string) => {
  const response = await book(client, [citizen(calendarLocationId, start)], { 'x-custom-lang': 'en' });
  if (response.status === 200) return 'accepted';
  expect(response.status, response.text).to.equal(400);
  return response.json().errors['[0].services[0].start'][0] as string;
};
const en = (key: Parameters<typeof message>[1]) => message('en', key);

describe('Booking: slot rules and concurrent booking over HTTPS (e2e)', () => {
  let booking: BookingPlatform;
  let institution: HttpsClient;
  before(async () => {
    booking = await startBookingPlatform();
    institution = booking.institution;
  });
  after(() => booking.platform.stop());

  describe('where a request may fall (now: Monday 5 January 2026, 08:00)', () => {
    it('on a slot of a working interval only', async () => {
      expect(await refusalOf(institution, CL.passportA2, slot('2026-01-06', '08:20'))).to.equal('accepted');
      expect(await refusalOf(institution, CL.passportA2, slot('2026-01-06', '08:30'))).to.equal(en('slotNotOnGrid'));
      expect(await refusalOf(institution, CL.passportA2, slot('2026-01-06', '17:00'))).to.equal(en('slotNotOnGrid'));
      expect(await refusalOf(institution, CL.passportA2, slot('2026-01-06', '07:40'))).to.equal(en('slotNotOnGrid'));
    });

    it('not on a weekend, a holiday or a transferred day off; on the recovery Saturday', async () => {
      expect(await refusalOf(institution, CL.passportA2, slot('2026-01-10', '09:00'))).to.equal(en('slotNotWorkDay'));
      expect(await refusalOf(institution, CL.passportA2, slot('2026-01-07', '09:00'))).to.equal(en('slotOnHoliday'));
      expect(await refusalOf(institution, CL.passportA2, slot('2026-01-08', '09:00'))).to.equal(en('slotOnHoliday'));
      expect(await refusalOf(institution, CL.passportA2, slot('2026-01-09', '09:00'))).to.equal(en('slotOnDayOff'));
      expect(await refusalOf(institution, CL.passportA2, slot('2026-01-24', '09:00'))).to.equal('accepted');
    });

    it('inside the bookable window, and not in the past', async () => {
      expect(await refusalOf(institution, CL.passportA2, slot('2026-02-04', '09:00'))).to.equal('accepted');
      expect(await refusalOf(institution, CL.passportA2, slot('2026-02-05', '09:00'))).to.equal(en('slotOutsideWindow'));
      expect(await refusalOf(institution, CL.passportA2, slot('2026-01-05', '08:00'))).to.equal(en('slotInPast'));
      expect(await refusalOf(institution, CL.passportA2, slot('2026-01-05', '08:20'))).to.equal('accepted');
    });

    it('a holiday added to the settings closes the day at once', async () => {
      const settings = await institution.get('/api/v1/booking-admin/settings', { query: { limit: 10 } });
      const orgA = settings.json().items.find((item: { organizationId: string }) => item.organizationId === IDS.ORG_A);
      const updated = await institution.put(`/api/v1/booking-admin/settings/${orgA.id}`, { body: { ...orgA, id: undefined, holidays: [...orgA.holidays, '2026-01-27'] } });
      expect(updated.status, updated.text).to.equal(200);
      expect(await refusalOf(institution, CL.passportA2, slot('2026-01-27', '09:00'))).to.equal(en('slotOnHoliday'));
    });
  });

  describe('how many a slot, a day and a location hold', () => {
    it('a slot holds its per-slot limit; calendars/config shows the count and the fully booked day', async () => {
      const start = slot('2026-01-12', '08:00');
      expect(await refusalOf(institution, CL.passportA1, start)).to.equal('accepted');
      expect(await refusalOf(institution, CL.passportA1, start)).to.equal('accepted');
      expect(await refusalOf(institution, CL.passportA1, start)).to.equal(en('slotFull'));
      const config = (await institution.get('/api/v2/calendars/config', { query: { calendarLocationId: CL.passportA1 } })).json();
      expect(config.bookedSlots).to.deep.include({ start: '2026-01-12T08:00:00+02:00', end: '2026-01-12T08:30:00+02:00', bookedCount: 2 });
      expect(config.fullyBookedDays).to.not.include('2026-01-12');
    });

    it('a calendar-location takes its daily limit (appointmentsLimit), after which the day is fully booked', async () => {
      for (const time of ['09:00', '10:00', '11:00']) expect(await refusalOf(institution, CL.idCardA1, slot('2026-01-19', time))).to.equal('accepted');
      expect(await refusalOf(institution, CL.idCardA1, slot('2026-01-19', '12:00'))).to.equal(en('dayFull'));
      const config = (await institution.get('/api/v2/calendars/config', { query: { calendarLocationId: CL.idCardA1 } })).json();
      expect(config.fullyBookedDays).to.include('2026-01-19');
    });

    it('a location holds its capacity at one moment, all its services together', async () => {
      const start = slot('2026-01-13', '08:00');
      expect(await refusalOf(institution, CL.passportA1, start)).to.equal('accepted');
      expect(await refusalOf(institution, CL.passportA1, start)).to.equal('accepted');
      expect(await refusalOf(institution, CL.idCardA1, start)).to.equal('accepted');
      expect(await refusalOf(institution, CL.idCardA1, start)).to.equal(en('locationFull'));
      expect(await refusalOf(institution, CL.idCardA1, slot('2026-01-13', '08:30'))).to.equal('accepted');
    });

    it('calendars/config shows a slot the location’s capacity closes as booked up to its limit, so what it offers can be booked', async () => {
      const start = slot('2026-01-20', '08:00');
      expect(await refusalOf(institution, CL.passportA1, start)).to.equal('accepted');
      expect(await refusalOf(institution, CL.passportA1, start)).to.equal('accepted');
      expect(await refusalOf(institution, CL.idCardA1, start)).to.equal('accepted');
      const config = (await institution.get('/api/v2/calendars/config', { query: { calendarLocationId: CL.idCardA1 } })).json();
      const limit = config.intervals[0].appointmentsPerSlotLimit;
      const onTheDay = config.bookedSlots.filter((entry: { start: string }) => entry.start.startsWith('2026-01-20'));
      expect(onTheDay).to.deep.equal([{ start, end: slot('2026-01-20', '08:30'), bookedCount: limit }]);
      expect(await refusalOf(institution, CL.idCardA1, start)).to.equal(en('locationFull'));
      expect(await refusalOf(institution, CL.idCardA1, slot('2026-01-20', '08:30'))).to.equal('accepted');
    });

    it('shows a day with every slot taken as fully booked', async () => {
      const times = ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
      for (const time of times) {
        const response = await book(institution, [citizen(CL.passportA1, slot('2026-01-16', time)), citizen(CL.passportA1, slot('2026-01-16', time))]);
        expect(response.status, response.text).to.equal(200);
      }
      const config = (await institution.get('/api/v2/calendars/config', { query: { calendarLocationId: CL.passportA1 } })).json();
      expect(config.fullyBookedDays).to.include('2026-01-16');
    });
  });

  describe('a request is accepted whole or refused whole', () => {
    it('refuses the same person the same service at the same time in a later request, and books it again once canceled', async () => {
      const start = slot('2026-01-19', '10:00');
      const ion = citizen(CL.passportA1, start);
      const first = await book(institution, [ion]);
      expect(first.status, first.text).to.equal(200);
      const again = await book(institution, [ion], { 'x-custom-lang': 'en' });
      expect(again.status).to.equal(400);
      expect(again.json().errors['[0].services[0].start']).to.deep.equal([en('alreadyBooked')]);
      // another person at the same time, and the same person at another time, are booked
      expect((await book(institution, [citizen(CL.passportA1, start)])).status).to.equal(200);
      expect((await book(institution, [{ ...ion, services: [{ calendarLocationId: CL.passportA1, start: slot('2026-01-19', '10:30') }] }])).status).to.equal(200);
      const canceled = await institution.delete(`/api/v2/appointments/${first.json().appointmentRequestResultModels[0].id}/cancel`);
      expect(canceled.status, canceled.text).to.equal(200);
      expect((await book(institution, [ion])).status).to.equal(200);
    });

    it('refuses all citizens when one of them does not fit, and books none of them', async () => {
      const free = slot('2026-01-14', '09:00');
      const taken = slot('2026-01-14', '09:20');
      expect(await refusalOf(institution, CL.passportA2, taken)).to.equal('accepted');
      const response = await book(institution, [citizen(CL.passportA2, free), citizen(CL.passportA2, taken)]);
      expect(response.status).to.equal(400);
      expect(response.json().errors).to.have.key('[1].services[0].start');
      expect(await refusalOf(institution, CL.passportA2, free)).to.equal('accepted');
    });

    it('under a race, requests spanning two days release the first day when the second refuses', async () => {
      const plenty = slot('2026-01-21', '09:00');
      const last = slot('2026-01-22', '09:00');
      const clients = Array.from({ length: 4 }, () => booking.platform.client('demo-institution'));
      const requests = Array.from({ length: 12 }, (_, index) => {
        const body = citizen(CL.idCardA2, plenty);
        body.services.push({ calendarLocationId: CL.passportA2, start: last });
        return book(clients[index % clients.length], [body]);
      });
      const statuses = (await Promise.all(requests)).map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).to.have.length(1);
      expect(statuses.filter((status) => status === 400)).to.have.length(11);
      const config = (await institution.get('/api/v2/calendars/config', { query: { calendarLocationId: CL.idCardA2 } })).json();
      expect(config.bookedSlots.find((entry: { start: string }) => entry.start === plenty).bookedCount).to.equal(1);
    });
  });

  describe('concurrent requests for the last places', () => {
    it('exactly the per-slot limit wins, never more, over many connections', async () => {
      const start = slot('2026-01-23', '08:00');
      const clients = Array.from({ length: 8 }, () => booking.platform.client('demo-institution'));
      const responses = await Promise.all(Array.from({ length: 40 }, (_, index) => book(clients[index % clients.length], [citizen(CL.passportA1, start)])));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).to.have.length(2);
      expect(statuses.filter((status) => status !== 200 && status !== 400)).to.be.empty;
      const listed = await institution.get('/api/v2/appointments/calendar-location-list', { query: { CalendarLocationId: CL.passportA1, PageSize: 100 } });
      expect(listed.json().filter((item: { slot: { start: string } }) => item.slot.start === start)).to.have.length(2);
    });

    it('exactly the location capacity wins when different services race for the same moment', async () => {
      const start = slot('2026-01-26', '10:00');
      const services = [CL.passportA1, CL.idCardA1];
      const clients = Array.from({ length: 4 }, () => booking.platform.client('demo-institution'));
      const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => book(clients[index % clients.length], [citizen(services[index % 2], start)])));
      expect(responses.filter((response) => response.status === 200)).to.have.length(3);
    });
  });
});

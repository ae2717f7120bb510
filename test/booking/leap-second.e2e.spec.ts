import { expect } from 'chai';
import { message, type Language, type MessageKey } from '../../src/booking/messages';
import type { HttpResponse } from '../support/https-client';
import { book, citizen, startBookingPlatform, type BookingPlatform } from './booking-test-platform';
import { CL } from './booking-test-data';

const LANGUAGES: Language[] = ['ro', 'en', 'ru'];

/** 23:59:60 UTC, the only place the date-time format admits a leap second, written in two offsets. */
const LEAP_SECONDS = ['2026-01-12T23:59:60Z', '2026-01-13T01:59:60+02:00'];

function expectFieldError(response: HttpResponse, language: Language, field: string, key: MessageKey) {
  expect(response.status, `${language}: ${response.text}`).to.equal(400);
  expect(response.headers['content-type']).to.match(/application\/problem\+json/);
  const problem = response.json();
  expect(problem).to.include({ status: 400, title: message(language, 'validationTitle') });
  expect(problem.errors[field], `${language}: ${response.text}`).to.include(message(language, key, { field }));
}

describe('Booking: a leap second is refused with a 400, not a 500 (e2e)', () => {
  let booking: BookingPlatform;
  const headPosition = () => booking.platform.platform.stores.events.headPosition();
  before(async () => {
    booking = await startBookingPlatform();
  });
  after(() => booking.platform.stop());

  for (const start of LEAP_SECONDS) {
    it(`POST appointments/request with start ${start}: 400 naming the field, in the caller's language, nothing written`, async () => {
      const before = await headPosition();
      for (const language of LANGUAGES) {
        const response = await book(booking.institution, [citizen(CL.passportA1, start)], { 'x-custom-lang': language });
        expectFieldError(response, language, '[0].services[0].start', 'leapSecond');
      }
      expect(await headPosition()).to.equal(before);
    });
  }

  for (const name of ['Start', 'End']) {
    for (const value of LEAP_SECONDS) {
      it(`GET appointments/list?${name}=${value}: 400 naming the parameter, in the caller's language`, async () => {
        for (const language of LANGUAGES) {
          const response = await booking.institution.get('/api/v2/appointments/list', { query: { [name]: value }, headers: { 'x-custom-lang': language } });
          expectFieldError(response, language, name, 'leapSecond');
        }
      });
    }
  }

  it('reads an unencoded + of the offset as + and still refuses the leap second', async () => {
    const response = await booking.institution.get('/api/v2/appointments/list?Start=2026-01-13T01:59:60+02:00', { headers: { 'x-custom-lang': 'en' } });
    expectFieldError(response, 'en', 'Start', 'leapSecond');
  });

  it('refuses, as not a date-time, an offset without minutes that the format check lets through but Date cannot read', async () => {
    const posted = await book(booking.institution, [citizen(CL.passportA1, '2026-01-13T09:00:00+02')], { 'x-custom-lang': 'en' });
    expectFieldError(posted, 'en', '[0].services[0].start', 'dateTime');
    const listed = await booking.institution.get('/api/v2/appointments/list', { query: { End: '2026-01-13T09:00:00+02' }, headers: { 'x-custom-lang': 'en' } });
    expectFieldError(listed, 'en', 'End', 'dateTime');
  });

  it('still books and lists with ordinary date-times around the same minute', async () => {
    const listed = await booking.institution.get('/api/v2/appointments/list', { query: { Start: '2026-01-12T23:59:59Z', End: '2026-01-13T00:00:00Z' } });
    expect(listed.status, listed.text).to.be.oneOf([200, 204]);
    const booked = await book(booking.institution, [citizen(CL.passportA1, '2026-01-13T08:00:00+02:00')]);
    expect(booked.status, booked.text).to.equal(200);
  });
});

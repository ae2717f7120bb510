import { expect } from 'chai';
import { message } from '../../src/booking/messages';
import { ADMIN, book, bookOne, citizen, slot, startBookingPlatform, type BookingPlatform } from './booking-test-platform';
import { CL, IDS, TEST_DATA } from './booking-test-data';

const en = { 'x-custom-lang': 'en' };

describe('Booking: admin changes that would break a pairing or split bookings over two ledgers (e2e)', () => {
  let booking: BookingPlatform;
  beforeEach(async () => {
    booking = await startBookingPlatform();
  });
  afterEach(() => booking.platform.stop());

  const stored = async (path: string) => {
    const { id, ...definition } = (await booking.institution.get(`${ADMIN}/${path}`)).json();
    return definition;
  };
  const put = (path: string, body: object) => booking.institution.put(`${ADMIN}/${path}`, { body, headers: en });
  const changeWithBookings = (field: string) => message('en', 'changeWithBookings', { field });

  it('refuses to move a calendar or a location to another organization while a calendar-location pairs them', async () => {
    const inUse = [message('en', 'organizationInUse', { id: CL.taxB1 })];
    const calendar = await put(`calendars/${IDS.CAL_TAX}`, { ...(await stored(`calendars/${IDS.CAL_TAX}`)), organizationId: IDS.ORG_A });
    expect(calendar.status, calendar.text).to.equal(400);
    expect(calendar.json().errors).to.deep.equal({ organizationId: inUse });
    const location = await put(`locations/${IDS.LOC_B1}`, { ...(await stored(`locations/${IDS.LOC_B1}`)), organizationId: IDS.ORG_A });
    expect(location.status, location.text).to.equal(400);
    expect(location.json().errors).to.deep.equal({ organizationId: inUse });
    expect((await stored(`calendars/${IDS.CAL_TAX}`)).organizationId).to.equal(IDS.ORG_B);

    const file = { calendars: [{ ...TEST_DATA.calendars[2], organizationId: IDS.ORG_A }] };
    const imported = await booking.institution.post(`${ADMIN}/imports`, { body: file, headers: en });
    expect(imported.status, imported.text).to.equal(400);
    expect(imported.json().errors).to.deep.equal({ 'calendars[0].organizationId': inUse });
    // moved together, calendar and location stay of one organization
    const together = { ...file, locations: [{ ...TEST_DATA.locations[2], organizationId: IDS.ORG_A }] };
    expect((await booking.institution.post(`${ADMIN}/imports`, { body: together })).json()).to.deep.equal({ created: 0, updated: 2, unchanged: 0 });
  });

  it('moves a calendar offered nowhere yet to another organization', async () => {
    const created = await booking.institution.post(`${ADMIN}/calendars`, { body: { organizationId: IDS.ORG_A, code: 'NEW', name: { ro: 'Nou' } } });
    const moved = await put(`calendars/${created.json().id}`, { organizationId: IDS.ORG_B, code: 'NEW', name: { ro: 'Nou' } });
    expect(moved.status, moved.text).to.equal(200);
  });

  it('refuses to move a calendar-location to another location while appointments are booked ahead, which would overbook its slots', async () => {
    const start = slot('2026-01-13', '09:00');
    const appointmentId = await bookOne(booking.institution, CL.passportA2, start);
    const definition = await stored(`calendar-locations/${CL.passportA2}`);
    const moved = await put(`calendar-locations/${CL.passportA2}`, { ...definition, locationId: IDS.LOC_A1 });
    expect(moved.status, moved.text).to.equal(400);
    expect(moved.json().errors).to.deep.equal({ locationId: [changeWithBookings('locationId')] });
    // the slot (one place) stays full
    expect((await book(booking.institution, [citizen(CL.passportA2, start)])).status).to.equal(400);
    const file = { calendarLocations: [{ ...TEST_DATA.calendarLocations[2], locationId: IDS.LOC_A1 }] };
    const imported = await booking.institution.post(`${ADMIN}/imports`, { body: file, headers: en });
    expect(imported.json().errors).to.deep.equal({ 'calendarLocations[0].locationId': [changeWithBookings('calendarLocations[0].locationId')] });

    expect((await booking.institution.delete(`/api/v2/appointments/${appointmentId}/cancel`)).status).to.equal(200);
    expect((await put(`calendar-locations/${CL.passportA2}`, { ...definition, locationId: IDS.LOC_A1 })).status).to.equal(200);
  });

  it('refuses to change a location’s time zone while appointments are booked ahead there; past ones do not count', async () => {
    await bookOne(booking.institution, CL.passportA2, slot('2026-01-13', '09:00'), { isEvo: true });
    const definition = await stored(`locations/${IDS.LOC_A2}`);
    const changed = await put(`locations/${IDS.LOC_A2}`, { ...definition, timeZone: 'UTC' });
    expect(changed.status, changed.text).to.equal(400);
    expect(changed.json().errors).to.deep.equal({ timeZone: [changeWithBookings('timeZone')] });
    const file = { locations: [{ ...TEST_DATA.locations[1], timeZone: 'UTC' }] };
    const imported = await booking.institution.post(`${ADMIN}/imports`, { body: file, headers: en });
    expect(imported.json().errors).to.deep.equal({ 'locations[0].timeZone': [changeWithBookings('locations[0].timeZone')] });
    // a location with no bookings changes at once
    expect((await put(`locations/${IDS.LOC_B1}`, { ...(await stored(`locations/${IDS.LOC_B1}`)), timeZone: 'UTC' })).status).to.equal(200);

    booking.clock.advance(9 * 24 * 3_600_000); // the appointment is over
    expect((await put(`locations/${IDS.LOC_A2}`, { ...definition, timeZone: 'UTC' })).status).to.equal(200);
  });
});

import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';
import { ADMIN, startBookingPlatform, type BookingPlatform } from './booking-test-platform';
import { CL, IDS, TEST_DATA } from './booking-test-data';

describe('Booking: organizations, locations, calendars and settings (e2e)', () => {
  let booking: BookingPlatform;
  let institution: HttpsClient;
  before(async () => {
    booking = await startBookingPlatform();
    institution = booking.institution;
  });
  after(() => booking.platform.stop());

  describe('v2 reads', () => {
    it('organizations/list gives OrganizationModel[] of organizations offering services', async () => {
      const response = await institution.get('/api/v2/organizations/list');
      expect(response.status).to.equal(200);
      const [first] = response.json();
      expect(response.json().map((o: { id: string }) => o.id)).to.have.members([IDS.ORG_A, IDS.ORG_B]);
      expect(first).to.have.keys('id', 'idno', 'code', 'homeAlias', 'name', 'title', 'subTitle', 'description', 'about', 'filterByLocation', 'filterByService', 'webPage', 'faqId', 'type', 'isActive', 'contact');
      expect(first.contact).to.have.keys('fullAddress', 'phones', 'email', 'locationUrl');
      // every ResourceDto has its three members, null where there is no text (the lists answer them so too)
      for (const organization of response.json()) {
        for (const text of ['name', 'title', 'subTitle', 'description', 'about']) expect(organization[text], text).to.have.keys('ro', 'ru', 'en');
      }
      const empty = response.json().find((organization: { subTitle: { ro: string | null } }) => organization.subTitle.ro === null);
      expect(empty?.subTitle).to.deep.equal({ ro: null, ru: null, en: null });
    });

    it('locations/list and list-by-idno page LocationModel[]; 204 when the organization has none', async () => {
      const page = await institution.get('/api/v2/locations/list', { query: { OrganizationId: IDS.ORG_A, PageSize: 1, PageNumber: 1 } });
      expect(page.status).to.equal(200);
      expect(page.json()).to.include({ totalCount: 2, pageSize: 1, currentPage: 1, totalPages: 2 });
      const [location] = page.json().items;
      expect(location).to.have.keys(
        'id', 'name', 'title', 'about', 'webPage', 'phone', 'email', 'relatedIDNO', 'capacity', 'addressId', 'organizationId', 'country', 'region',
        'locality', 'locationAddress', 'coordinatesUrl', 'index', 'isActive', 'imageInfo', 'counters',
      );
      const byIdno = await institution.get('/api/v2/locations/list-by-idno', { query: { Idno: '1002600000099', PageSize: 10, PageNumber: 0 } });
      expect(byIdno.json().items.map((l: { id: string }) => l.id)).to.deep.equal([IDS.LOC_B1]);
      expect((await institution.get('/api/v2/locations/list', { query: { OrganizationId: IDS.LOC_A1, PageSize: 10, PageNumber: 0 } })).status).to.equal(204);
      expect((await institution.get('/api/v2/locations/list-by-idno', { query: { Idno: '1111111111111', PageSize: 10, PageNumber: 0 } })).status).to.equal(204);
    });

    it('calendars/list gives the services at a location with their calendarLocationId; 204 when none', async () => {
      const response = await institution.get('/api/v2/calendars/list', { query: { locationId: IDS.LOC_A1 } });
      expect(response.json()).to.deep.equal([
        { name: { ro: 'Buletin', en: 'Identity card', ru: 'Удостоверение личности' }, calendarLocationId: CL.idCardA1 },
        { name: { ro: 'Pașaport', en: 'Passport', ru: 'Паспорт' }, calendarLocationId: CL.passportA1 },
      ]);
      expect((await institution.get('/api/v2/calendars/list', { query: { locationId: IDS.ORG_A } })).status).to.equal(204);
    });

    it('calendars/config gives CalendarLocationUiConfigModel with restrictions from the settings', async () => {
      const response = await institution.get('/api/v2/calendars/config', { query: { calendarLocationId: CL.passportA1 } });
      expect(response.status).to.equal(200);
      const config = response.json();
      expect(config).to.include({ calendarId: IDS.CAL_PASSPORT, calendarLocationId: CL.passportA1, slotDuration: 30, locationCapacity: 3, locationId: IDS.LOC_A1, activeDays: 30 });
      expect(config).to.include({ startDate: '2026-01-05T00:00:00+02:00', endDate: '2026-02-04T00:00:00+02:00' });
      expect(config.intervals).to.have.length(2);
      expect(config.intervals[0]).to.include({ start: '08:00', end: '12:00', appointmentsPerSlotLimit: 2 }).and.to.have.keys('id', 'start', 'end', 'appointmentsPerSlotLimit', 'workDays');
      expect(config.restrictions).to.deep.equal({ holidays: ['2026-01-07', '2026-01-08'], recoverableDaysOffs: [{ dayOff: '2026-01-09', recovery: '2026-01-24' }] });
      expect(config.organizationServiceDocuments).to.deep.equal([{ calendarName: { ro: 'Pașaport', en: 'Passport', ru: 'Паспорт' }, documents: { ro: 'Buletinul', en: 'Identity card', ru: 'Удостоверение' } }]);
      expect(config).to.include.keys('bookedSlots', 'fullyBookedDays', 'calendarName', 'appointmentActiveDays', 'appointmentsLimit');
      expect((await institution.get('/api/v2/calendars/config', { query: { calendarLocationId: IDS.ORG_A } })).status).to.equal(204);
    });

    it('calendars/config-by-idno finds the service by the location’s IDNO (or its organization’s) and service code', async () => {
      const byLocation = await institution.get('/api/v2/calendars/config-by-idno', { query: { LocationIdno: '1003600000777', ServiceCode: 'ID_CARD' } });
      expect(byLocation.json().calendarLocationId).to.equal(CL.idCardA1);
      const byOrganization = await institution.get('/api/v2/calendars/config-by-idno', { query: { LocationIdno: '1002600000099', ServiceCode: 'TAX' } });
      expect(byOrganization.json().calendarLocationId).to.equal(CL.taxB1);
      expect((await institution.get('/api/v2/calendars/config-by-idno', { query: { LocationIdno: '1003600000777', ServiceCode: 'TAX' } })).status).to.equal(204);
    });

    it('calendars/config-by-idno falls back to the organization when the locations with that IDNO do not offer the service', async () => {
      // B1 (tax advice only) given organization A's IDNO as its relatedIDNO, as a head office often has
      const locationB1 = (await institution.get(`${ADMIN}/locations/${IDS.LOC_B1}`)).json();
      expect((await institution.put(`${ADMIN}/locations/${IDS.LOC_B1}`, { body: { ...locationB1, relatedIdno: '1003600000003' } })).status).to.equal(200);
      try {
        const passport = await institution.get('/api/v2/calendars/config-by-idno', { query: { LocationIdno: '1003600000003', ServiceCode: 'PASSPORT' } });
        expect(passport.status, passport.text).to.equal(200);
        expect(passport.json().calendarLocationId).to.equal(CL.passportA1);
        expect((await institution.get('/api/v2/calendars/config-by-idno', { query: { LocationIdno: '1003600000003', ServiceCode: 'TAX' } })).json().calendarLocationId).to.equal(CL.taxB1);
      } finally {
        await institution.put(`${ADMIN}/locations/${IDS.LOC_B1}`, { body: locationB1 });
      }
    });

    it('settings gives SettingModel (the calendar’s, else the organization’s); 204 when none', async () => {
      const response = await institution.get('/api/v2/settings', { query: { OrganizationId: IDS.ORG_A, CalendarId: IDS.CAL_PASSPORT } });
      expect(response.status).to.equal(200);
      expect(response.json()).to.deep.equal({
        organizationId: IDS.ORG_A,
        calendarId: IDS.CAL_PASSPORT,
        workDays: [1, 2, 3, 4, 5],
        holidays: ['2026-01-07T00:00:00+02:00', '2026-01-08T00:00:00+02:00'],
        recoverableDaysOffs: [{ dayOff: '2026-01-09T00:00:00+02:00', recovery: '2026-01-24T00:00:00+02:00' }],
        workHours: [{ start: '08:00', end: '17:00' }],
        hoursUntilConfirmationDeadline: 24,
      });
      expect((await institution.get('/api/v2/settings', { query: { OrganizationId: IDS.ORG_B, CalendarId: IDS.CAL_PASSPORT } })).status).to.equal(204);
      expect((await institution.get('/api/v2/settings', { query: { OrganizationId: IDS.LOC_A1, CalendarId: IDS.CAL_PASSPORT } })).status).to.equal(204);
    });
  });

  describe('admin API (/api/v1/booking-admin)', () => {
    const organization = { idno: '1003600000999', code: 'NEW', name: { ro: 'Organizație nouă', en: 'New organization' } };

    it('creates with 201 and a Location, reads, replaces with PUT, and refuses a duplicate with 409', async () => {
      const created = await institution.post(`${ADMIN}/organizations`, { body: organization });
      expect(created.status, created.text).to.equal(201);
      const id = created.json().id;
      expect(created.headers.location).to.equal(`${ADMIN}/organizations/${id}`);
      expect(created.json()).to.include({ isActive: true, filterByLocation: false }).and.to.have.property('contact');
      expect((await institution.get(`${ADMIN}/organizations/${id}`)).json()).to.deep.equal(created.json());
      const replaced = await institution.put(`${ADMIN}/organizations/${id}`, { body: { ...organization, isActive: false } });
      expect(replaced.json()).to.include({ id, isActive: false });
      expect((await institution.post(`${ADMIN}/organizations`, { body: { ...organization, id } })).status).to.equal(409);
      expect((await institution.put(`${ADMIN}/organizations/00000000-0000-4000-8000-000000000000`, { body: organization })).status).to.equal(404);
      expect((await institution.get(`${ADMIN}/organizations/00000000-0000-4000-8000-000000000000`)).status).to.equal(404);
    });

    it('checks references and rules the schema cannot, in the caller’s language', async () => {
      const location = { ...TEST_DATA.locations[0], id: undefined, organizationId: '00000000-0000-4000-8000-000000000000', timeZone: 'Mars/Olympus' };
      const refused = await institution.post(`${ADMIN}/locations`, { body: location, headers: { 'x-custom-lang': 'en' } });
      expect(refused.status).to.equal(400);
      expect(refused.json().errors).to.deep.equal({
        timeZone: ['The time zone Mars/Olympus is not known.'],
        organizationId: ['The organization 00000000-0000-4000-8000-000000000000 does not exist.'],
      });
      const mismatch = await institution.post(`${ADMIN}/calendar-locations`, {
        body: { calendarId: IDS.CAL_TAX, locationId: IDS.LOC_A1, slotDuration: 30, intervals: [{ start: '10:00', end: '09:00', appointmentsPerSlotLimit: 1, workDays: [1] }] },
      });
      expect(mismatch.status).to.equal(400);
      expect(mismatch.json().errors).to.have.keys('calendarId', 'intervals[0]');
      expect((await institution.post(`${ADMIN}/calendars`, { body: { organizationId: IDS.ORG_A, code: 'X', name: { ro: 'X' }, colour: 'red' } })).json().errors).to.have.key('colour');
    });

    it('names an unknown member called like a property every object has (constructor, __proto__) as any other', async () => {
      for (const member of ['constructor', 'toString', '__proto__']) {
        const body = `{"idno":"1003600000123","name":{"ro":"X"},"${member}":1}`;
        const response = await institution.post(`${ADMIN}/organizations`, { body, headers: { 'content-type': 'application/json' } });
        expect(response.status, response.text).to.equal(400);
        expect(response.json().errors).to.have.property(member);
      }
    });

    it('lists with cursor and limit, nextCursor empty at the end', async () => {
      const first = await institution.get(`${ADMIN}/calendar-locations`, { query: { limit: 3 } });
      expect(first.status).to.equal(200);
      expect(first.json().items).to.have.length(3);
      expect(first.json().totalCount).to.equal(5);
      const rest = await institution.get(`${ADMIN}/calendar-locations`, { query: { limit: 3, cursor: first.json().nextCursor } });
      expect(rest.json().items).to.have.length(2);
      expect(rest.json().nextCursor).to.equal('');
      expect((await institution.get(`${ADMIN}/calendar-locations`, { query: { cursor: 'bad' } })).status).to.equal(400);
    });

    it('imports the same file again without changing anything', async () => {
      const head = await booking.platform.platform.stores.events.headPosition();
      const again = await institution.post(`${ADMIN}/imports`, { body: TEST_DATA });
      expect(again.json()).to.deep.equal({ created: 0, updated: 0, unchanged: 15 });
      expect(await booking.platform.platform.stores.events.headPosition()).to.equal(head);
      const bad = await institution.post(`${ADMIN}/imports`, { body: { locations: [{ ...TEST_DATA.locations[0], organizationId: IDS.LOC_A1 }] } });
      expect(bad.status).to.equal(400);
      expect(bad.json().errors).to.have.key('locations[0].organizationId');
    });
  });
});

describe('Booking: demo data on the first start (e2e)', () => {
  let platform: TestPlatform;
  after(() => platform?.stop());

  it('loads Moldovan institutions, locations in several cities and the 2026-2027 holidays once, then leaves later edits alone', async () => {
    platform = await TestPlatform.start({ seedDevelopmentData: true });
    const client = platform.client('demo-institution');
    const organizations = (await client.get('/api/v2/organizations/list')).json();
    expect(organizations.map((o: { code: string }) => o.code)).to.include.members(['ASP', 'CNAS', 'IGP', 'SFS']);
    expect(organizations.find((o: { idno: string }) => o.idno === '1003600000003').code).to.equal('ASP');
    const localities = new Set<string>();
    for (const organization of organizations) {
      const page = await client.get('/api/v2/locations/list', { query: { OrganizationId: organization.id, PageSize: 100, PageNumber: 0 } });
      for (const location of page.json().items) localities.add(location.locality);
    }
    expect([...localities]).to.include.members(['Chișinău', 'Bălți', 'Cahul']);
    const settings = await client.get('/api/v2/settings', { query: { OrganizationId: '10000000-0000-4000-8000-000000000001', CalendarId: '30000000-0000-4000-8000-000000000001' } });
    expect(settings.json().holidays).to.include.members(['2026-04-12T00:00:00+03:00', '2027-05-02T00:00:00+03:00', '2026-08-27T00:00:00+03:00']);

    const renamed = { ...organizations[0], name: { ro: 'Nume schimbat' } };
    delete renamed.id;
    expect((await client.put(`${ADMIN}/organizations/${organizations[0].id}`, { body: renamed })).status).to.equal(200);
    const head = await platform.platform.stores.events.headPosition();
    await platform.restart();
    // booking's streams only: other services' demo data leaves work that goes on after a restart (the notices of demo petitions and deliveries)
    expect(await platform.platform.stores.events.readAll({ after: head, limit: 100, filter: { streamPrefix: 'booking-' } })).to.deep.equal([]);
    const after = (await platform.client('demo-institution').get(`${ADMIN}/organizations/${organizations[0].id}`)).json();
    expect(after.name).to.deep.equal({ ro: 'Nume schimbat' });
  });
});

import { expect } from 'chai';
import { message, type Language, type MessageKey, type MessageParams } from '../../src/booking/messages';
import type { HttpResponse, HttpsClient } from '../support/https-client';
import { ADMIN, citizen, slot, startBookingPlatform, type BookingPlatform } from './booking-test-platform';
import { CL, IDS } from './booking-test-data';

type Rule = { name: string; send: (client: HttpsClient, headers: Record<string, string>) => Promise<HttpResponse>; field: string; key: MessageKey; params?: MessageParams };

const LANGUAGES: Language[] = ['ro', 'en', 'ru'];
const start = slot('2026-01-13', '09:00');
const post = (body: unknown) => (client: HttpsClient, headers: Record<string, string>) =>
  client.post('/api/v2/appointments/request', { body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const get = (path: string, query: Record<string, string | number>) => (client: HttpsClient, headers: Record<string, string>) => client.get(path, { query, headers });
const one = (overrides: Record<string, unknown>) => [citizen(CL.passportA1, start, overrides)];
const withService = (service: Record<string, unknown>) => [{ ...citizen(CL.passportA1, start), services: [service] }];

/** Every rule of the seed's field tables, and the query rules, each checked in the three languages. */
const RULES: Rule[] = [
  { name: 'body is not JSON', send: post('[{'), field: '$', key: 'invalidJson' },
  {
    name: 'a number parsing would change',
    send: post(JSON.stringify(one({})).replace(/^\[\{/, '[{"extra":12345678901234567890,')),
    field: '$',
    key: 'inexactNumber',
    params: { value: '12345678901234567890' },
  },
  { name: 'body is not UTF-8', send: post(Buffer.from('[{"firstName":"Ir\xe9na"}]', 'latin1')), field: '$', key: 'invalidJson' },
  {
    name: 'a compressed body',
    send: (client, headers) => post(JSON.stringify(one({})))(client, { ...headers, 'content-encoding': 'gzip' }),
    field: 'Content-Encoding',
    key: 'contentEncodingUnsupported',
  },
  { name: 'body is not an array', send: post({}), field: '$', key: 'type', params: { expected: 'array' } },
  { name: 'body nested 100,000 levels deep', send: post(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), field: '$', key: 'nestedTooDeep', params: { max: 64 } },
  {
    name: 'an unknown member of a citizen nested 10,000 levels deep',
    send: post(JSON.stringify(one({})).replace(/^\[\{/, `[{"extra":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)},`)),
    field: '$',
    key: 'nestedTooDeep',
    params: { max: 64 },
  },
  { name: 'body is an empty array', send: post([]), field: '$', key: 'minItems', params: { min: 1 } },
  { name: 'isForeignCitizen is required', send: post(one({ isForeignCitizen: undefined })), field: '[0].isForeignCitizen', key: 'required' },
  { name: 'idnp is required when isForeignCitizen is false', send: post(one({ idnp: undefined })), field: '[0].idnp', key: 'idnpRequired' },
  { name: 'idnp has 13 digits', send: post(one({ idnp: '12345' })), field: '[0].idnp', key: 'idnpFormat' },
  { name: 'passportNumber is required when isForeignCitizen is true', send: post(one({ isForeignCitizen: true, idnp: undefined })), field: '[0].passportNumber', key: 'passportRequired' },
  { name: 'passportNumber is 5 to 20 letters or digits', send: post(one({ isForeignCitizen: true, passportNumber: 'A-1' })), field: '[0].passportNumber', key: 'passportFormat' },
  { name: 'firstName is required', send: post(one({ firstName: undefined })), field: '[0].firstName', key: 'required' },
  { name: 'firstName has at least 2 characters', send: post(one({ firstName: 'I' })), field: '[0].firstName', key: 'lengthBetween', params: { min: 2, max: 60 } },
  ...['   ', '\n\n\t', '\u0000\u0001', '\u200b\u200b', 'Io\u200bn', '12'].map((name): Rule => ({
    name: `firstName ${JSON.stringify(name)} is not a name`,
    send: post(one({ firstName: name })),
    field: '[0].firstName',
    key: 'nameFormat',
  })),
  { name: 'lastName has at most 60 characters', send: post(one({ lastName: 'P'.repeat(61) })), field: '[0].lastName', key: 'lengthBetween', params: { min: 2, max: 60 } },
  { name: 'email is required when notifyUser is true (the default)', send: post(one({ email: undefined })), field: '[0].email', key: 'emailRequired' },
  { name: 'email is required when notifyUser is set true', send: post(one({ email: null, notifyUser: true })), field: '[0].email', key: 'emailRequired' },
  { name: 'email is an e-mail address', send: post(one({ email: 'not-an-address' })), field: '[0].email', key: 'email' },
  { name: 'notifyUser is a boolean', send: post(one({ notifyUser: 'yes' })), field: '[0].notifyUser', key: 'type', params: { expected: 'boolean' } },
  { name: 'isEvo is a boolean', send: post(one({ isEvo: 1 })), field: '[0].isEvo', key: 'type', params: { expected: 'boolean' } },
  { name: 'phone is required', send: post(one({ phone: undefined })), field: '[0].phone', key: 'required' },
  { name: 'phone is a phone number', send: post(one({ phone: 'call me' })), field: '[0].phone', key: 'phoneFormat' },
  { name: 'services are required', send: post(one({ services: undefined })), field: '[0].services', key: 'required' },
  { name: 'services are not empty', send: post(one({ services: [] })), field: '[0].services', key: 'minItems', params: { min: 1 } },
  { name: 'calendarLocationId is required', send: post(withService({ start })), field: '[0].services[0].calendarLocationId', key: 'required' },
  { name: 'calendarLocationId is a uuid', send: post(withService({ calendarLocationId: 'x', start })), field: '[0].services[0].calendarLocationId', key: 'uuid' },
  { name: 'start is required', send: post(withService({ calendarLocationId: CL.passportA1 })), field: '[0].services[0].start', key: 'required' },
  { name: 'start carries a UTC offset', send: post(withService({ calendarLocationId: CL.passportA1, start: '2026-01-13T09:00:00' })), field: '[0].services[0].start', key: 'dateTime' },
  { name: 'requestOptionId is a uuid', send: post(withService({ calendarLocationId: CL.passportA1, start, requestOptionId: 'x' })), field: '[0].services[0].requestOptionId', key: 'uuid' },
  { name: 'requestOptionId is an option of the service', send: post(withService({ calendarLocationId: CL.passportA1, start, requestOptionId: IDS.ORG_A })), field: '[0].services[0].requestOptionId', key: 'optionNotFound', params: { id: IDS.ORG_A } },
  { name: 'calendarLocationId names a service', send: post(withService({ calendarLocationId: IDS.ORG_A, start })), field: '[0].services[0].calendarLocationId', key: 'calendarLocationNotFound', params: { id: IDS.ORG_A } },
  { name: 'the same service at the same time twice for one person', send: post([{ ...citizen(CL.passportA1, start), services: [{ calendarLocationId: CL.passportA1, start }, { calendarLocationId: CL.passportA1, start: '2026-01-13T07:00:00Z' }] }]), field: '[0].services[1].start', key: 'duplicateService' },
  { name: 'Idempotency-Key is 1 to 200 visible characters', send: (client, headers) => post(one({}))(client, { ...headers, 'Idempotency-Key': 'x'.repeat(201) }), field: 'Idempotency-Key', key: 'idempotencyKeyInvalid' },
  { name: 'user-list: Idnp is required', send: get('/api/v2/appointments/user-list', {}), field: 'Idnp', key: 'required' },
  { name: 'user-list: Idnp has 13 digits', send: get('/api/v2/appointments/user-list', { Idnp: '123' }), field: 'Idnp', key: 'idnpFormat' },
  { name: 'user-list-updated: Idnp has 13 digits', send: get('/api/v2/appointments/user-list-updated', { Idnp: '2000000000000x' }), field: 'Idnp', key: 'idnpFormat' },
  { name: 'list: PageSize is 1 to 100', send: get('/api/v2/appointments/list', { PageSize: 0 }), field: 'PageSize', key: 'range', params: { min: 1, max: 100 } },
  { name: 'list: PageNumber is not negative', send: get('/api/v2/appointments/list', { PageNumber: -1 }), field: 'PageNumber', key: 'range', params: { min: 0, max: 1000000 } },
  { name: 'list: Status is 0 to 7', send: get('/api/v2/appointments/list', { Status: 8 }), field: 'Status', key: 'range', params: { min: 0, max: 7 } },
  { name: 'list: Status is an integer', send: get('/api/v2/appointments/list', { Status: 'all' }), field: 'Status', key: 'type', params: { expected: 'integer' } },
  { name: 'list: Start is a date-time with offset', send: get('/api/v2/appointments/list', { Start: '2026-01-13' }), field: 'Start', key: 'dateTime' },
  { name: 'list: LocationRelatedIDNO has 13 digits', send: get('/api/v2/appointments/list', { LocationRelatedIDNO: '42' }), field: 'LocationRelatedIDNO', key: 'idnoFormat' },
  { name: 'location-list: LocationId is required', send: get('/api/v2/appointments/location-list', {}), field: 'LocationId', key: 'required' },
  { name: 'calendar-location-list: CalendarLocationId is a uuid', send: get('/api/v2/appointments/calendar-location-list', { CalendarLocationId: '1' }), field: 'CalendarLocationId', key: 'uuid' },
  { name: 'locations/list: PageSize has no default', send: get('/api/v2/locations/list', { OrganizationId: IDS.ORG_A, PageNumber: 0 }), field: 'PageSize', key: 'required' },
  { name: 'locations/list: PageNumber has no default', send: get('/api/v2/locations/list', { OrganizationId: IDS.ORG_A, PageSize: 10 }), field: 'PageNumber', key: 'required' },
  { name: 'locations/list: OrganizationId is a uuid', send: get('/api/v2/locations/list', { OrganizationId: 'x', PageSize: 10, PageNumber: 0 }), field: 'OrganizationId', key: 'uuid' },
  { name: 'locations/list-by-idno: Idno has 13 digits', send: get('/api/v2/locations/list-by-idno', { Idno: '1', PageSize: 10, PageNumber: 0 }), field: 'Idno', key: 'idnoFormat' },
  { name: 'calendars/list: locationId is required', send: get('/api/v2/calendars/list', {}), field: 'locationId', key: 'required' },
  { name: 'calendars/config: calendarLocationId is a uuid', send: get('/api/v2/calendars/config', { calendarLocationId: 'abc' }), field: 'calendarLocationId', key: 'uuid' },
  { name: 'calendars/config-by-idno: ServiceCode is required', send: get('/api/v2/calendars/config-by-idno', { LocationIdno: '1003600000777' }), field: 'ServiceCode', key: 'required' },
  { name: 'calendars/config-by-idno: LocationIdno has 13 digits', send: get('/api/v2/calendars/config-by-idno', { LocationIdno: 'abc', ServiceCode: 'PASSPORT' }), field: 'LocationIdno', key: 'idnoFormat' },
  { name: 'settings: CalendarId is a uuid', send: get('/api/v2/settings', { OrganizationId: IDS.ORG_A, CalendarId: 'x' }), field: 'CalendarId', key: 'uuid' },
  { name: 'an appointment id that is not percent-encoding', send: (client, headers) => client.patch('/api/v2/appointments/%ZZ/confirm', { headers }), field: 'appointmentId', key: 'uuid' },
  { name: 'an admin id that is not UTF-8', send: (client, headers) => client.get(`${ADMIN}/locations/%ED%A0%80`, { headers }), field: 'id', key: 'uuid' },
  { name: 'a repeated query parameter', send: (client, headers) => client.get('/api/v2/appointments/user-list?Idnp=2000000000000&Idnp=2000000000001', { headers }), field: 'Idnp', key: 'repeatedParameter' },
  { name: 'list: End before Start', send: get('/api/v2/appointments/list', { Start: '2026-01-20T10:00:00+02:00', End: '2026-01-20T09:00:00+02:00' }), field: 'End', key: 'endBeforeStart' },
  { name: 'a query parameter repeated in another case', send: (client, headers) => client.get('/api/v2/appointments/list?PageSize=10&pagesize=1', { headers }), field: 'PageSize', key: 'repeatedParameter' },
  ...['0x10', '1e1', ' 10', '+5', '1.0', '0b11'].map((value): Rule => ({
    name: `list: PageSize ${JSON.stringify(value)} is not decimal digits`,
    send: (client, headers) => client.get(`/api/v2/appointments/list?PageSize=${encodeURIComponent(value)}`, { headers }),
    field: 'PageSize',
    key: 'type',
    params: { expected: 'integer' },
  })),
];

describe('Booking: validation messages in ro, en and ru (e2e)', () => {
  let booking: BookingPlatform;
  before(async () => {
    booking = await startBookingPlatform();
  });
  after(() => booking.platform.stop());

  for (const rule of RULES) {
    it(`${rule.name}: 400 AppointmentProblemDetails in the caller's language`, async () => {
      for (const language of LANGUAGES) {
        const headers: Record<string, string> = language === 'ro' ? {} : { 'x-custom-lang': language };
        const response = await rule.send(booking.institution, headers);
        expect(response.status, `${language}: ${response.text}`).to.equal(400);
        expect(response.headers['content-type']).to.match(/application\/problem\+json/);
        const problem = response.json();
        expect(problem).to.include.keys('type', 'title', 'status', 'detail', 'instance', 'errors', 'traceId');
        expect(problem.status).to.equal(400);
        expect(problem.title).to.equal(message(language, ['idempotencyKeyInvalid', 'contentEncodingUnsupported'].includes(rule.key) ? 'badRequestTitle' : 'validationTitle'));
        expect(problem.errors[rule.field], `${language}: ${response.text}`).to.include(message(language, rule.key, { field: rule.field, ...rule.params }));
      }
    });
  }

  it('the three languages really differ, and an unknown x-custom-lang falls back to Romanian', async () => {
    const texts = await Promise.all(
      ['ro', 'en', 'ru', 'de'].map(async (language) => (await booking.institution.get('/api/v2/appointments/user-list', { query: { Idnp: '1' }, headers: { 'x-custom-lang': language } })).json().errors.Idnp[0]),
    );
    expect(texts).to.deep.equal([
      'Câmpul Idnp trebuie să conțină un IDNP din exact 13 cifre.',
      'The field Idnp must be an IDNP of exactly 13 digits.',
      'Поле Idnp должно содержать IDNP ровно из 13 цифр.',
      'Câmpul Idnp trebuie să conțină un IDNP din exact 13 cifre.',
    ]);
  });

  it('refuses a body over 256 KB with a 413 in the caller\'s language', async () => {
    for (const language of LANGUAGES) {
      const response = await booking.institution.post('/api/v2/appointments/request', { body: JSON.stringify(one({ residenceAddress: 'x'.repeat(300_000) })), headers: { 'content-type': 'application/json', 'x-custom-lang': language } });
      expect(response.status, response.text).to.equal(413);
      expect(response.headers['content-type']).to.match(/application\/problem\+json/);
      expect(response.json()).to.include({ title: message(language, 'payloadTooLargeTitle'), detail: message(language, 'bodyTooLarge', { max: 262144 }) });
    }
  });

  it('answers a path under the booking API that no endpoint serves with a 404 in the caller\'s language', async () => {
    for (const language of LANGUAGES) {
      for (const path of ['/api/v2/calendars/no/such/endpoint', '/api/v2/nope', '/api/v2']) {
        const response = await booking.institution.get(path, { headers: { 'x-custom-lang': language } });
        expect(response.status, response.text).to.equal(404);
        expect(response.headers['content-type']).to.match(/application\/problem\+json/);
        expect(response.json()).to.include({ title: message(language, 'notFoundTitle'), detail: message(language, 'noSuchEndpoint', { method: 'GET', path }) });
      }
    }
  });

  it('answers an unidentified caller (401) and a client without the right (403) in the caller\'s language', async () => {
    for (const language of LANGUAGES) {
      const headers = { 'x-custom-lang': language };
      const unidentified = await booking.platform.anonymous().get('/api/v2/organizations/list', { headers });
      expect(unidentified.status).to.equal(401);
      expect(unidentified.json()).to.include({ title: message(language, 'unauthorizedTitle'), detail: message(language, 'clientNotIdentified') });
      const withoutRight = await booking.platform.client('demo-consumer').get('/api/v2/organizations/list', { headers });
      expect(withoutRight.status).to.equal(403);
      expect(withoutRight.json()).to.include({ title: message(language, 'forbiddenTitle'), detail: message(language, 'missingRight', { client: 'demo-consumer', right: 'organizations:read' }) });
    }
  });

  it('reports every error of a request at once and writes nothing', async () => {
    const before = await booking.platform.platform.stores.events.headPosition();
    const response = await booking.institution.post('/api/v2/appointments/request', {
      body: [citizen(CL.passportA1, start, { firstName: 'I', phone: 'x' }), citizen(CL.passportA1, start, { idnp: undefined })],
    });
    expect(response.status).to.equal(400);
    expect(response.json().errors).to.have.keys('[0].firstName', '[0].phone', '[1].idnp');
    expect(await booking.platform.platform.stores.events.headPosition()).to.equal(before);
  });

  it('accepts a foreign citizen without IDNP and a citizen without e-mail who is not notified', async () => {
    const foreign = citizen(CL.passportA1, slot('2026-01-13', '11:00'), { isForeignCitizen: true, idnp: undefined, passportNumber: 'AB1234567' });
    const quiet = citizen(CL.passportA1, slot('2026-01-13', '11:30'), { notifyUser: false, email: undefined });
    const response = await booking.institution.post('/api/v2/appointments/request', { body: [foreign, quiet] });
    expect(response.status, response.text).to.equal(200);
  });
});

import { expect } from 'chai';
import { message, type Language } from '../../src/booking/messages';
import { seededRandom, type Random } from '../support/generated-input';
import type { HttpResponse, HttpsClient } from '../support/https-client';
import {
  checksWrites,
  describeRequest,
  FUZZ_SEED,
  FuzzTally,
  fuzzRequests,
  jsonRequest,
  METHODS,
  mutated,
  ODD_LANGUAGES,
  queryOf,
  runOperations,
  segmentOf,
  type RawRequest,
} from '../support/service-fuzz';
import { ADMIN, startBookingPlatform, type BookingPlatform } from './booking-test-platform';
import { CL, IDS, TEST_DATA } from './booking-test-data';

/**
 * Generated bad input against every endpoint of the booking service (v2 and the admin API): bodies with
 * members deleted, retyped or made up, broken JSON, odd query values and repeated parameters, junk path
 * segments, odd x-custom-lang values. Whatever arrives, the answer is a 2xx or a 4xx problem, never a 5xx;
 * a 4xx of the service is in the caller's language; a refused write leaves no appointment and no
 * reference change behind, and every appointment in the log was answered to its requester.
 * Seeded: FUZZ_SEED=<n> repeats a run, FUZZ_REQUESTS=<n> makes it longer, FUZZ_CONCURRENCY=<n> sends n at once
 * (see test/support/service-fuzz.ts); FUZZ_VERBOSE=1 prints the answers' statuses per operation.
 */
const SEED = FUZZ_SEED;
const REQUESTS = fuzzRequests(600);

const WORKING_DAYS = ['2026-01-06', '2026-01-09', '2026-01-12', '2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16', '2026-01-19', '2026-01-20', '2026-01-21', '2026-01-27', '2026-02-02'];
const OTHER_DAYS = ['2026-01-05', '2026-01-07', '2026-01-10', '2026-01-24', '2026-02-20', '2025-12-31'];
const TIMES = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30'];
const OFF_GRID_TIMES = ['09:20', '10:40', '07:30', '12:10', '17:00', '23:59'];
const CALENDAR_LOCATIONS = Object.values(CL);
const ORGANIZATION_IDNOS = ['1003600000003', '1002600000099', '1003600000777', '0000000000000'];
const COLLECTIONS = ['organizations', 'locations', 'calendars', 'calendar-locations', 'settings'] as const;
/** Values the reference data may hold at its edges: time zones far from Chișinău's, the longest days and slots. */
const REFERENCE_VALUES = [
  'Pacific/Kiritimati', 'Etc/GMT+12', 'Asia/Kathmandu', 'America/St_Johns', 'utc', 'EST5EDT', 'Europe/London', 'Etc/GMT-14',
  '00:00', '24:00', '23:59', '00:00:00', '24:00:00', 5, 480, 730, 10000, 100000, 0, [0, 6], [0, 1, 2, 3, 4, 5, 6], [7], [1, 1],
  '1900-01-01', '9999-12-31', '2026-01-05', '2026-02-03', [{ start: '00:00', end: '24:00', appointmentsPerSlotLimit: 10000, workDays: [0, 1, 2, 3, 4, 5, 6] }],
  [{ dayOff: '2026-01-13', recovery: '2026-01-17' }], [{ dayOff: '2026-01-17', recovery: '2026-01-13' }], ['2026-01-13', '2026-01-13'],
];

/** The titles the booking service answers in one language (AppointmentProblemDetails). */
const titlesIn = (language: Language) => new Set((['validationTitle', 'badRequestTitle', 'forbiddenTitle', 'conflictTitle', 'notFoundTitle', 'payloadTooLargeTitle'] as const).map((key) => message(language, key)));
const TITLES: Record<Language, Set<string>> = { ro: titlesIn('ro'), en: titlesIn('en'), ru: titlesIn('ru') };
/** How the service reads x-custom-lang (messages.ts): the first two letters, Romanian unless en or ru. */
const languageOfHeader = (header: string | undefined): Language => {
  const value = header?.trim().toLowerCase().slice(0, 2);
  return value === 'en' || value === 'ru' ? value : 'ro';
};

let serial = 0;
const idnp = () => `2${String(SEED % 1000).padStart(3, '0')}${String((serial += 1)).padStart(9, '0')}`;

function validService(random: Random) {
  const day = random.chance(0.9) ? random.pick(WORKING_DAYS) : random.pick(OTHER_DAYS);
  const service: Record<string, unknown> = { calendarLocationId: random.pick(CALENDAR_LOCATIONS), start: `${day}T${random.chance(0.9) ? random.pick(TIMES) : random.pick(OFF_GRID_TIMES)}:00+02:00` };
  if (service.calendarLocationId === CL.passportA1 && random.chance(0.3)) service.requestOptionId = IDS.OPTION_URGENT;
  return service;
}

function validCitizen(random: Random): Record<string, unknown> {
  const foreign = random.chance(0.15);
  return {
    isForeignCitizen: foreign,
    ...(foreign ? { passportNumber: `AB${String((serial += 1)).padStart(6, '0')}` } : { idnp: idnp() }),
    firstName: random.pick(['Ion', 'Ана', 'Éléonore', 'Li']),
    lastName: random.pick(['Popescu', 'Ceban', 'O\'Neil', 'Lungu-Rusu']),
    email: 'ion.popescu@example.md',
    phone: random.pick(['+37360000000', '060 000 000', '022 22-33-44']),
    ...(random.chance(0.2) ? { notifyUser: false } : {}),
    ...(random.chance(0.2) ? { isEvo: true } : {}),
    ...(random.chance(0.1) ? { residenceAddress: 'str. Test 1' } : {}),
    services: Array.from({ length: 1 + (random.chance(0.2) ? 1 : 0) }, () => validService(random)),
  };
}

const IDEMPOTENCY_KEYS = ['key-1', 'key-2', '', ' ', 'x'.repeat(201), 'x'.repeat(200), 'ü', 'a b', '\t'];

describe('Booking: generated bad input never gets a 5xx (e2e over mTLS)', function () {
  this.timeout(300_000);
  let booking: BookingPlatform;
  let client: HttpsClient;

  before(async () => {
    booking = await startBookingPlatform();
    client = booking.institution;
  });
  after(() => booking.platform.stop());

  it(`answers ${REQUESTS} generated requests with 2xx or a 4xx problem in the caller's language, and keeps refused writes out (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const tally = new FuzzTally();
    const events = booking.platform.platform.stores.events;
    const answeredAppointments = new Set<string>();
    const notInCallersLanguage: string[] = [];
    const referenceIds: Record<(typeof COLLECTIONS)[number], string[]> = { organizations: [], locations: [], calendars: [], 'calendar-locations': [], settings: [] };
    const stored: Record<string, Record<string, unknown>> = {};
    for (const collection of COLLECTIONS) {
      const page = (await client.get(`${ADMIN}/${collection}?limit=200`)).json();
      for (const item of page.items) {
        referenceIds[collection].push(item.id);
        stored[item.id] = item;
      }
    }

    const languageHeader = (): Record<string, string> => (random.chance(0.7) ? { 'x-custom-lang': random.pick(ODD_LANGUAGES) } : {});
    const send = async (what: string, method: string, path: string, options: RawRequest = {}) => {
      const headers = { ...languageHeader(), ...options.headers };
      const request = describeRequest(method, path, { ...options, headers });
      const response = tally.check(what, request, await client.request(method, path, { ...options, headers }));
      if (!inCallersLanguage(response, headers['x-custom-lang'])) notInCallersLanguage.push(`${request.slice(0, 300)} -> ${response.text.slice(0, 300)}`);
      return response;
    };
    /** Stream events a refused write appended to the booking's streams. */
    const appendedSince = async (head: number) => events.readAll({ after: head, limit: 1000, filter: { streamPrefix: 'booking-' } });
    const expectNothingWritten = async (what: string, head: number, allowedTypes: string[] = []) => {
      if (!checksWrites) return;
      const appended = (await appendedSince(head)).map((stored) => String(stored.event.type)).filter((type) => !allowedTypes.includes(type));
      expect(appended, `${what} was refused but wrote`).to.deep.equal([]);
    };
    const bookedIds = () => [...answeredAppointments];
    const appointmentSegment = () => {
      if (random.chance(0.25) || answeredAppointments.size === 0) return segmentOf(random, '00000000-0000-4000-8000-000000000000', 0.8);
      const id = random.pick(bookedIds());
      return random.chance(0.8) ? segmentOf(random, random.pick([id, id.toUpperCase(), `urn:uuid:${id}`]), 0.1) : segmentOf(random, id, 1);
    };
    const pageQuery = () => ({ PageSize: random.pick(['1', '10', '100']), PageNumber: random.pick(['0', '0', '1']), Status: random.pick(['0', '1', '2', '3']) });
    const someOf = (query: Record<string, string>) => Object.fromEntries(Object.entries(query).filter(() => random.chance(0.5)));
    const anyIdnp = () => (answeredAppointments.size && random.chance(0.5) ? `2${String(SEED % 1000).padStart(3, '0')}${String(1 + random.int(serial)).padStart(9, '0')}` : idnp());

    const operations: Record<string, () => Promise<void>> = {
      'POST request': async () => {
        const citizens = Array.from({ length: 1 + (random.chance(0.2) ? 1 + random.int(2) : 0) }, () => validCitizen(random));
        const value = random.chance(0.55) ? citizens : mutated(random, citizens);
        const { broken, ...request } = jsonRequest(random, value, random.chance(0.1) ? { 'idempotency-key': random.pick(IDEMPOTENCY_KEYS) } : {});
        const head = await events.headPosition();
        const response = await send('POST request', 'POST', '/api/v2/appointments/request', request);
        if (response.status === 200) {
          expect(broken, 'a broken body was accepted').to.equal(false);
          for (const result of response.json().appointmentRequestResultModels) answeredAppointments.add(result.id);
        } else {
          // a request refused for its slots leaves its own record (received, refused) and maybe a person's token; no appointment
          await expectNothingWritten('POST request', head, [
            'md.gov.booking.request.received.v1',
            'md.gov.booking.request.refused.v1',
            'md.gov.booking.slots.reserved.v1',
            'md.gov.booking.slots.released.v1',
            'md.gov.booking.person.token-issued.v1',
          ]);
        }
      },
      'PATCH confirm': async () => {
        const head = await events.headPosition();
        const response = await send('PATCH confirm', 'PATCH', `/api/v2/appointments/${appointmentSegment()}/confirm`, random.chance(0.1) ? jsonRequest(random, mutated(random, {})) : {});
        if (response.status >= 400) await expectNothingWritten('PATCH confirm', head);
      },
      'DELETE cancel': async () => {
        const head = await events.headPosition();
        const response = await send('DELETE cancel', 'DELETE', `/api/v2/appointments/${appointmentSegment()}/cancel${queryOf(random, random.chance(0.5) ? { notifyUser: random.pick(['false', 'False', 'true']) } : {}, ['TRUE', 'fAlSe', '1'])}`);
        if (response.status >= 400) await expectNothingWritten('DELETE cancel', head);
      },
      'GET list': async () => {
        const query = someOf({
          LocationRelatedIDNO: random.pick(ORGANIZATION_IDNOS),
          UserIdentifier: anyIdnp(),
          ServiceCode: random.pick(['PASSPORT', 'ID_CARD', 'TAX']),
          Start: `${random.pick(WORKING_DAYS)}T00:00:00+02:00`,
          End: `${random.pick(WORKING_DAYS)}T23:00:00Z`,
          ...pageQuery(),
        });
        await send('GET list', 'GET', `/api/v2/appointments/list${queryOf(random, query)}`);
      },
      'GET user-list': async () => {
        const query = { Idnp: anyIdnp(), ...someOf({ ...pageQuery(), Organization: random.pick([IDS.ORG_A, IDS.ORG_A.toUpperCase(), '1003600000003', 'Agenția de Test', 'nope']) }) };
        await send('GET user-list', 'GET', `/api/v2/appointments/user-list${queryOf(random, query)}`);
      },
      'GET user-list-updated': async () => {
        await send('GET user-list-updated', 'GET', `/api/v2/appointments/user-list-updated${queryOf(random, { Idnp: anyIdnp(), ...someOf(pageQuery()) })}`);
      },
      'GET location-list': async () => {
        const query = { LocationId: random.pick([IDS.LOC_A1, IDS.LOC_A2, IDS.LOC_B1]), ...someOf(pageQuery()) };
        await send('GET location-list', 'GET', `/api/v2/appointments/location-list${queryOf(random, query)}`);
      },
      'GET calendar-location-list': async () => {
        const query = { CalendarLocationId: random.pick(CALENDAR_LOCATIONS), ...someOf(pageQuery()) };
        await send('GET calendar-location-list', 'GET', `/api/v2/appointments/calendar-location-list${queryOf(random, query)}`);
      },
      'GET organizations/list': async () => {
        await send('GET organizations/list', 'GET', `/api/v2/organizations/list${queryOf(random, {})}`);
      },
      'GET locations/list': async () => {
        const query = { OrganizationId: random.pick([IDS.ORG_A, IDS.ORG_B]), PageSize: random.pick(['1', '10', '100']), PageNumber: random.pick(['0', '1', '2']) };
        await send('GET locations/list', 'GET', `/api/v2/locations/list${queryOf(random, query)}`);
      },
      'GET locations/list-by-idno': async () => {
        const query = { Idno: random.pick(ORGANIZATION_IDNOS), PageSize: random.pick(['1', '10']), PageNumber: random.pick(['0', '1']) };
        await send('GET locations/list-by-idno', 'GET', `/api/v2/locations/list-by-idno${queryOf(random, query)}`);
      },
      'GET calendars/list': async () => {
        await send('GET calendars/list', 'GET', `/api/v2/calendars/list${queryOf(random, { locationId: random.pick([IDS.LOC_A1, IDS.LOC_A2, IDS.LOC_B1]) })}`);
      },
      'GET calendars/config': async () => {
        await send('GET calendars/config', 'GET', `/api/v2/calendars/config${queryOf(random, { calendarLocationId: random.pick(CALENDAR_LOCATIONS) })}`);
      },
      'GET calendars/config-by-idno': async () => {
        const query = { LocationIdno: random.pick(['1003600000777', '1002600000099', '1003600000003']), ServiceCode: random.pick(['PASSPORT', 'ID_CARD', 'TAX']) };
        await send('GET calendars/config-by-idno', 'GET', `/api/v2/calendars/config-by-idno${queryOf(random, query)}`);
      },
      'GET settings': async () => {
        const query = random.pick([{ OrganizationId: IDS.ORG_A, CalendarId: IDS.CAL_PASSPORT }, { OrganizationId: IDS.ORG_B, CalendarId: IDS.CAL_TAX }, { OrganizationId: IDS.ORG_A, CalendarId: IDS.CAL_TAX }]);
        await send('GET settings', 'GET', `/api/v2/settings${queryOf(random, query)}`);
      },
      'GET admin collection': async () => {
        const collection = random.pick(COLLECTIONS);
        const cursor = random.pick([Buffer.from(random.pick(referenceIds[collection])).toString('base64url'), 'abc', '', '%%%', Buffer.from('\u0000'.repeat(36)).toString('base64url'), 'x'.repeat(300)]);
        await send('GET admin collection', 'GET', `${ADMIN}/${segmentOf(random, collection, 0.1)}${queryOf(random, someOf({ cursor, limit: random.pick(['1', '50', '200']) }))}`);
      },
      'GET admin item': async () => {
        const collection = random.pick(COLLECTIONS);
        await send('GET admin item', 'GET', `${ADMIN}/${collection}/${segmentOf(random, random.pick(referenceIds[collection]))}`);
      },
      'POST admin item': async () => {
        const collection = random.pick(COLLECTIONS);
        const definition = { ...stored[random.pick(referenceIds[collection])] };
        // a new one: another id (settings have theirs derived from organization and calendar)
        if (collection === 'settings') definition.calendarId = random.pick([IDS.CAL_PASSPORT, IDS.CAL_ID_CARD, IDS.CAL_TAX, null]);
        else definition.id = `5e000000-0000-4000-8000-${String((serial += 1)).padStart(12, '0')}`;
        if (collection === 'organizations') definition.idno = `1009${String(serial).padStart(9, '0')}`;
        const head = await events.headPosition();
        const { broken, ...request } = jsonRequest(random, random.chance(0.5) ? definition : mutated(random, definition, REFERENCE_VALUES));
        const response = await send('POST admin item', 'POST', `${ADMIN}/${collection}`, request);
        if (response.status === 201) {
          expect(broken, 'a broken body was accepted').to.equal(false);
          referenceIds[collection].push(response.json().id);
          stored[response.json().id] = response.json();
        } else if (response.status >= 400) await expectNothingWritten('POST admin item', head);
      },
      'PUT admin item': async () => {
        const collection = random.pick(COLLECTIONS);
        const id = random.pick(referenceIds[collection]);
        const head = await events.headPosition();
        const { broken, ...request } = jsonRequest(random, random.chance(0.4) ? stored[id] : mutated(random, stored[id], REFERENCE_VALUES));
        const response = await send('PUT admin item', 'PUT', `${ADMIN}/${collection}/${segmentOf(random, id, 0.15)}`, request);
        if (response.status === 200) {
          expect(broken, 'a broken body was accepted').to.equal(false);
          stored[id] = response.json();
        } else if (response.status >= 400) await expectNothingWritten('PUT admin item', head);
      },
      'other method': async () => {
        const id = answeredAppointments.size ? random.pick(bookedIds()) : IDS.ORG_A;
        const path = random.pick([
          '/api/v2/appointments/request',
          `/api/v2/appointments/${id}/confirm`,
          `/api/v2/appointments/${id}/cancel`,
          `/api/v2/appointments/${id}`,
          '/api/v2/appointments/list',
          '/api/v2/organizations/list',
          '/api/v2/settings',
          `${ADMIN}/imports`,
          `${ADMIN}/organizations`,
          `${ADMIN}/organizations/${IDS.ORG_A}`,
          `${ADMIN}/organizations/${IDS.ORG_A}/locations`,
        ]);
        const head = await events.headPosition();
        const response = await send('other method', random.pick(METHODS), path, random.chance(0.5) ? jsonRequest(random, mutated(random, {})) : {});
        if (response.status >= 400) await expectNothingWritten('other method', head);
      },
      'POST import': async () => {
        const head = await events.headPosition();
        const { broken, ...request } = jsonRequest(random, random.chance(0.3) ? TEST_DATA : mutated(random, TEST_DATA, REFERENCE_VALUES));
        const response = await send('POST import', 'POST', `${ADMIN}/imports`, request);
        if (response.status === 200) expect(broken, 'a broken body was accepted').to.equal(false);
        else if (response.status >= 400) await expectNothingWritten('POST import', head);
      },
    };

    const names = Object.keys(operations);
    // writes of appointments are what most rules are about: they come up more often
    const weighted = [...names, 'POST request', 'POST request', 'POST request', 'PATCH confirm', 'DELETE cancel', 'PUT admin item'];
    await runOperations(random, REQUESTS, operations, weighted);

    if (process.env.FUZZ_VERBOSE) console.log(tally.describe());
    expect(notInCallersLanguage, 'refusals not in the caller\'s language').to.deep.equal([]);
    tally.expectBothSides(REQUESTS >= 500 ? ['POST request', 'PATCH confirm', 'DELETE cancel', 'GET list', 'GET user-list', 'PUT admin item'] : []);
    expect(tally.count((status) => status < 300)).to.be.above(REQUESTS / 10);
    expect(tally.count((status) => status >= 400)).to.be.above(REQUESTS / 10);

    // every appointment in the log was answered to its requester: nothing was booked behind a refusal
    const requested = await events.readAll({ after: 0, limit: 1_000_000, filter: { types: ['md.gov.booking.appointment.requested.v1'] } });
    expect(new Set(requested.map((stored) => (stored.event.data as { appointmentId: string }).appointmentId))).to.deep.equal(answeredAppointments);
  });
});

/** A refusal of the booking service (400, 404, 409, 413) is in the language x-custom-lang asks for. */
function inCallersLanguage(response: HttpResponse, header: string | undefined): boolean {
  if (![400, 404, 409, 413].includes(response.status)) return true;
  const problem = response.json();
  // a path a junk segment took out of the service's prefixes ('..', or empty) is the platform's 404, not the service's
  if (problem.detail?.startsWith('no resource at')) return true;
  return TITLES[languageOfHeader(header)].has(problem.title);
}

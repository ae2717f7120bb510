import { expect } from 'chai';
import { fixedClock } from '../../src/platform/clock';
import type { ClientDefinition } from '../../src/platform/identity/client-registry';
import type { HttpsClient, HttpResponse } from '../support/https-client';
import { TestPlatform, type TestPlatformOptions } from '../support/test-platform';
import { TEST_DATA } from './booking-test-data';

/** Monday 5 January 2026, 08:00 in Chișinău: the tests' "now". */
export const TEST_NOW = new Date('2026-01-05T06:00:00Z');

export const ADMIN = '/api/v1/booking-admin';

/** A client of the second test organization, with the appointment rights but acting for its organization only. */
export const OTHER_OFFICE: ClientDefinition = {
  id: 'other-office',
  idno: '1002600000099',
  certificate: { commonName: 'other-office' },
  exchange: { consume: { types: ['md.gov.booking.*'] } },
  rights: {
    booking: ['organizations:read', 'locations:read', 'calendars:read', 'settings:read', 'appointments:request', 'appointments:confirm', 'appointments:cancel', 'appointments:read'],
  },
};

/** A registered client with no booking rights at all. */
export const NO_RIGHTS: ClientDefinition = { id: 'no-rights', certificate: { commonName: 'no-rights' }, rights: { booking: [] } };

export type BookingPlatform = { platform: TestPlatform; clock: ReturnType<typeof fixedClock>; institution: HttpsClient };

/** The real platform (HTTPS, client certificates, SQLite) on a fixed clock, with the test reference data imported. */
export async function startBookingPlatform(options: TestPlatformOptions = {}): Promise<BookingPlatform> {
  const clock = fixedClock(TEST_NOW);
  const platform = await TestPlatform.start({ clock, extraClients: [OTHER_OFFICE, NO_RIGHTS], ...options });
  const institution = platform.client('demo-institution');
  const imported = await institution.post(`${ADMIN}/imports`, { body: TEST_DATA });
  expect(imported.status, imported.text).to.equal(200);
  return { platform, clock, institution };
}

/** Local Chișinău time in winter (UTC+2). */
export const slot = (date: string, time: string) => `${date}T${time}:00+02:00`;

let sequence = 0;
/** A unique valid IDNP for each call. */
export function nextIdnp(): string {
  sequence += 1;
  return `2${String(process.pid % 1000).padStart(3, '0')}${String(sequence).padStart(9, '0')}`;
}

/** One valid AppointmentRequestV2Model. */
export function citizen(calendarLocationId: string, start: string, overrides: Record<string, unknown> = {}) {
  return {
    isForeignCitizen: false,
    idnp: nextIdnp(),
    firstName: 'Ion',
    lastName: 'Popescu',
    email: 'ion.popescu@example.md',
    phone: '+37360000000',
    services: [{ calendarLocationId, start }],
    ...overrides,
  };
}

export async function book(client: HttpsClient, body: unknown, headers: Record<string, string> = {}): Promise<HttpResponse> {
  return client.post('/api/v2/appointments/request', { body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}

export async function bookOne(client: HttpsClient, calendarLocationId: string, start: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await book(client, [citizen(calendarLocationId, start, overrides)]);
  expect(response.status, response.text).to.equal(200);
  return response.json().appointmentRequestResultModels[0].id;
}

/** Waits for something the background scheduler does (no timing is asserted, only the outcome). */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

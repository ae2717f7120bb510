import { expect } from 'chai';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { PDFParse } from 'pdf-parse';
import { fixedClock } from '../../src/platform/clock';
import { RequestSchemas } from '../../src/platform/http/request-validation';
import type { ClientDefinition } from '../../src/platform/identity/client-registry';
import type { HttpResponse, HttpsClient } from '../support/https-client';
import { TestPlatform, type TestPlatformOptions } from '../support/test-platform';

/** Wed 1 April 2026, 10:00 in Chișinău: the answer of a petition registered today is due Mon 4 May (1 May is a holiday). */
export const TEST_NOW = new Date('2026-04-01T07:00:00Z');
export const AUTHORITY = '1003600000003';
export const TOWN_HALL_IDNO = '1007600000021';
export const OTHER_AUTHORITY = '1002600000011';
export const PERSON = '2000000000011';
export const OTHER_PERSON = '2000000000022';
export const OFFICER = '2000000000055';

/** The portal's RSA key: its public half is registered for citizen-portal (jwks); a stranger's is not. */
export const PORTAL_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const STRANGER_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 });

const jwkOf = (key: KeyObject) => ({ ...key.export({ format: 'jwk' }), kid: 'portal-1', alg: 'RS256', use: 'sig' });

export const CLIENTS: ClientDefinition[] = [
  { id: 'citizen-portal', idno: '1009600000055', certificate: {}, rights: { petitions: ['intake', 'requestor'] }, jwks: { keys: [jwkOf(PORTAL_KEY.publicKey)] } },
  { id: 'town-hall', idno: TOWN_HALL_IDNO, certificate: {}, rights: { petitions: ['authority:own-authority', 'requestor'] } },
  { id: 'other-authority', idno: OTHER_AUTHORITY, certificate: {}, rights: { petitions: ['authority:own-authority'] } },
  { id: 'no-idno-authority', certificate: {}, rights: { petitions: ['authority:own-authority', 'requestor'] } },
  { id: 'no-petitions', idno: '1000000000099', certificate: {}, rights: { booking: ['*'] } },
];

export type PetitionsPlatform = {
  platform: TestPlatform;
  clock: ReturnType<typeof fixedClock>;
  /** demo-institution: authority of scope all, intake, requestor (as IDNO 1003600000003) */
  institution: HttpsClient;
  portal: HttpsClient;
  townHall: HttpsClient;
};

export async function startPetitionsPlatform(options: TestPlatformOptions = {}): Promise<PetitionsPlatform> {
  const clock = fixedClock(TEST_NOW);
  // the periodic sweep is an hour away: a test runs the sweep itself, or restarts the platform
  const platform = await TestPlatform.start({ clock, extraClients: CLIENTS, env: { PETITIONS_SWEEP_INTERVAL_MS: '3600000' }, ...options });
  return { platform, clock, institution: platform.client('demo-institution'), portal: platform.client('citizen-portal'), townHall: platform.client('town-hall') };
}

/** An RS256 token naming `idno` in data.idno, valid for an hour from `now` unless told otherwise. */
export async function ownerToken(idno: string, now: Date, options: { key?: KeyObject; alg?: string; expiresInSeconds?: number; notBefore?: Date; exp?: boolean } = {}): Promise<string> {
  const seconds = Math.floor(now.getTime() / 1000);
  let jwt = new SignJWT({ data: { idno } }).setProtectedHeader({ alg: options.alg ?? 'RS256', kid: 'portal-1' }).setIssuedAt(seconds);
  if (options.exp !== false) jwt = jwt.setExpirationTime(seconds + (options.expiresInSeconds ?? 3600));
  if (options.notBefore) jwt = jwt.setNotBefore(Math.floor(options.notBefore.getTime() / 1000));
  return jwt.sign(options.key ?? PORTAL_KEY.privateKey);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A small real PDF, base64 (the documents the authority uploads). */
export const PDF_BASE64 = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');
export const pdfFile = (fileName = 'raspuns.pdf') => ({ fileName, contentType: 'application/pdf', content: PDF_BASE64 });

export const filing = (overrides: Record<string, unknown> = {}) => ({
  requestorIdn: PERSON,
  requestorName: 'Ion Popescu',
  authorityIdno: AUTHORITY,
  subject: 'Iluminatul stradal',
  text: 'Vă rog să reparați iluminatul pe strada Ștefan cel Mare.',
  language: 'ro',
  ...overrides,
});

/** Files a petition through the intake; its number. */
export async function file(client: HttpsClient, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await client.post('/api/v1/petitions', { body: filing(overrides) });
  expect(response.status, response.text).to.equal(201);
  return response.json().petitionNumber;
}

export const registration = (petitionNumber: string, overrides: Record<string, unknown> = {}) => ({
  petitionNumber,
  registrationNumber: 'REG-1/2026',
  registrationDate: '2026-04-01T10:30:00+03:00',
  responsiblePersonIdnp: OFFICER,
  ...overrides,
});

export async function register(client: HttpsClient, petitionNumber: string, overrides: Record<string, unknown> = {}): Promise<HttpResponse> {
  const response = await client.post('/petitie/authority/petitions/register', { body: registration(petitionNumber, overrides) });
  expect(response.status, response.text).to.equal(200);
  return response;
}

export const closing = (petitionNumber: string, overrides: Record<string, unknown> = {}) => ({
  petitionNumber,
  petitionExitNumber: 'IES-7/2026',
  satisfactionState: 'Full',
  file: pdfFile(),
  responsiblePersonIdnp: OFFICER,
  ...overrides,
});

/**
 * What the petition service wrote since a log position: its own events and its legal events (the notices
 * the notification service sends of earlier moves arrive in its streams at their own pace, and are left out).
 */
export async function writtenSince(platform: TestPlatform, head: number): Promise<string[]> {
  const written = await platform.platform.stores.events.readAll({ after: head, limit: 1000 });
  return written.filter((stored) => stored.streamId.startsWith('petitions-') || stored.streamId.startsWith('eventlog-')).map((stored) => `${stored.event.type} ${stored.streamId}`);
}

export const headOf = (platform: TestPlatform) => platform.platform.stores.events.headPosition();

/** A problem with the seed's code. */
export function expectProblem(response: HttpResponse, status: number, code?: string): any {
  expect(response.status, response.text).to.equal(status);
  expect(String(response.headers['content-type'])).to.match(/^application\/problem\+json/);
  const problem = response.json();
  if (code) expect(problem.code, response.text).to.equal(code);
  return problem;
}

/** The answer fits its response schema (schemas/petitions/<name>.response.json). */
export function expectShape(name: string, body: unknown): void {
  RequestSchemas.of('petitions').value(`${name}.response.json`, body);
}

export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

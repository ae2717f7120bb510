import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { fixedClock } from '../../src/platform/clock';
import type { ClientDefinition } from '../../src/platform/identity/client-registry';
import { compileSchema, formatSchemaErrors } from '../../src/platform/json-schema';
import { schemasDir } from '../../src/platform/project-paths';
import type { RepresentationModule } from '../../src/representation/module';
import { CheckEndpoints, RepresentationRights } from '../../src/representation/rights';
import type { HttpResponse, HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';

export const INSTITUTION_IDNO = '1003600000003';
export const CONSTRUCT_IDNO = '1003600000010';
export const ION = '2000000000011';
export const MARIA = '2000000000022';
export const ANDREI = '2000000000033';
export const ELENA = '2000000000044';
export const VICTOR = '2000000000055';
export const DAY = 86_400_000;

const client = (id: string, idno: string | undefined, rights: string[]): ClientDefinition => ({
  id,
  name: id,
  ...(idno ? { idno } : {}),
  certificate: { commonName: id },
  rights: { representation: rights },
});

/**
 * Clients beside demo-institution (all rights, view-all): a partner of the demo institution's service
 * provider with every endpoint but without view-all; another provider's system that sees its own powers;
 * a system allowed Code-True-One alone; a system with no IDNO.
 */
export const REPRESENTATION_CLIENTS: ClientDefinition[] = [
  client('mpower-partner', INSTITUTION_IDNO, [...Object.values(CheckEndpoints), RepresentationRights.manageAuthorizations, RepresentationRights.manageAuthorizationTypes]),
  client('mpower-construct', CONSTRUCT_IDNO, [...Object.values(CheckEndpoints), RepresentationRights.manageAuthorizations, RepresentationRights.manageAuthorizationTypes]),
  client('mpower-true-one', INSTITUTION_IDNO, [CheckEndpoints.codeTrueOne]),
  client('mpower-no-idno', undefined, [...Object.values(CheckEndpoints), RepresentationRights.manageAuthorizations]),
];

/** A platform with the clients above, a clock that tests move, and the service's module (its scheduler). */
export async function startRepresentation(start = '2026-06-01T09:00:00.000Z') {
  const clock = fixedClock(new Date(start));
  const platform = await TestPlatform.start({ clock, extraClients: REPRESENTATION_CLIENTS });
  const module = () => platform.platform.services.find((service) => service.name === 'representation') as RepresentationModule;
  return { platform, clock, sweep: () => module().sweepNow() };
}

export const INTAKE = '/api/v1/representation';
export const CHECKS = '/clients-api/api/Authorization';

export const TYPE_PLAIN = {
  code: 'AT-0000001',
  names: { ro: 'Ridicare document', en: 'Document pick-up' },
  requiresAcceptance: false,
  requiresCoSigning: false,
  serviceProviderIdno: INSTITUTION_IDNO,
  serviceProviderName: 'Demo public institution',
};

export async function defineType(who: HttpsClient, overrides: Partial<Omit<typeof TYPE_PLAIN, 'names'>> & { names?: Record<string, string> } = {}) {
  const response = await who.post(`${INTAKE}/authorization-types`, { body: { ...TYPE_PLAIN, ...overrides } });
  expect([200, 201], response.text).to.include(response.status);
  return response.json();
}

export function powerBody(overrides: Record<string, unknown> = {}) {
  return {
    authorizationTypeCode: 'AT-0000001',
    authorizingPartyType: 1,
    authorizingIdn: ION,
    authorizedPartyType: 1,
    authorizedIdn: MARIA,
    fromDate: '2026-07-01T00:00:00Z',
    toDate: '2026-07-31T23:59:59.999Z',
    ...overrides,
  };
}

/** Grants a power through the intake; its code. */
export async function grant(who: HttpsClient, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await who.post(`${INTAKE}/authorizations`, { body: powerBody(overrides) });
  expect(response.status, response.text).to.equal(201);
  expectFits('authorization.response.json', response.json());
  return response.json().authorizationCode;
}

export async function act(who: HttpsClient, code: string, subResource: string, body: object = {}) {
  return who.post(`${INTAKE}/authorizations/${code}/${subResource}`, { body });
}

export const check = (who: HttpsClient, name: string, query: Record<string, string | number>) => who.get(`${CHECKS}/check/${name}`, { query });

/** The response's body fits the service's schema of it (schemas/representation/<name>). */
export function expectFits(schemaFile: string, body: unknown): void {
  const validate = compiled(schemaFile);
  expect(validate(body), `${schemaFile}: ${formatSchemaErrors(validate.errors).join('; ')}\n${JSON.stringify(body)}`).to.equal(true);
}

const validators = new Map<string, ReturnType<typeof compileSchema>>();
function compiled(file: string) {
  let validate = validators.get(file);
  if (!validate) {
    validate = compileSchema(JSON.parse(readFileSync(join(schemasDir, 'representation', file), 'utf8')));
    validators.set(file, validate);
  }
  return validate;
}

/** A 200 in the seed's envelope that fits its schema; its data. */
export function okData<T = any>(response: HttpResponse, schemaFile: string): T {
  expect(response.status, response.text).to.equal(200);
  expectFits(schemaFile, response.json());
  return response.json().data;
}

/** A refusal of a check: the status, problem details and the envelope at once, its messages matching. */
export function expectCheckRefusal(response: HttpResponse, status: number, message?: RegExp): void {
  expect(response.status, response.text).to.equal(status);
  expect(String(response.headers['content-type'])).to.match(/^application\/problem\+json/);
  expectFits('check-refusal.response.json', response.json());
  expect(response.json().status).to.equal(status);
  if (message) expect(response.json().messages.join('\n')).to.match(message);
}

/** A refusal of the intake: RFC 7807 only. */
export function expectIntakeRefusal(response: HttpResponse, status: number, detail?: RegExp): void {
  expect(response.status, response.text).to.equal(status);
  expect(String(response.headers['content-type'])).to.match(/^application\/problem\+json/);
  expectFits('intake-refusal.response.json', response.json());
  if (detail) expect(`${response.json().detail} ${JSON.stringify(response.json().errors ?? {})}`).to.match(detail);
}

import type { ClosePetition, ExtendTerm, FilePetition, RedirectPetition, RegisterPetition } from '../../src/petitions/petition/commands';
import type { StoredFile } from '../../src/petitions/petition/events';
import { outcomesOf, type ResponseStates } from '../../src/petitions/petition/response-states';

/** Commands of one petition's life, for the decider's tests: filed on Wed 1 April 2026 at 10:00 in Chișinău. */
export const NUMBER = 'P-2026-7K3QX9MB';
export const AUTHORITY = '1003600000003';
export const OTHER_AUTHORITY = '1002600000011';
export const PERSON = '2000000000011';
export const OFFICER = '2000000000022';
export const CENTRAL = { clientId: 'central' };
export const TOWN_HALL = { clientId: 'town-hall', onlyAuthorityIdno: AUTHORITY };

export const DOCUMENT: StoredFile = { fileName: 'raspuns.pdf', contentType: 'application/pdf', size: 1234, sha256: 'a'.repeat(64) };

export const at = (localDateTime: string) => new Date(`${localDateTime}+03:00`).toISOString();

export const filePetition = (overrides: Partial<FilePetition> = {}): FilePetition => ({
  type: 'FilePetition',
  petitionNumber: NUMBER,
  requestor: { idn: PERSON, kind: 'Person', name: 'Ion Popescu' },
  authorityIdno: AUTHORITY,
  subject: 'Iluminatul stradal',
  text: 'Vă rog să reparați iluminatul pe strada Ștefan cel Mare.',
  language: 'ro',
  attachments: [],
  filedBy: 'portal',
  at: at('2026-04-01T10:00:00'),
  ...overrides,
});

export const registerPetition = (overrides: Partial<RegisterPetition> = {}): RegisterPetition => ({
  type: 'RegisterPetition',
  petitionNumber: NUMBER,
  actor: CENTRAL,
  registrationNumber: 'REG-17/2026',
  registrationDate: at('2026-04-01T11:00:00'),
  responsiblePersonIdnp: OFFICER,
  at: at('2026-04-01T11:05:00'),
  ...overrides,
});

export const extendTerm = (overrides: Partial<ExtendTerm> = {}): ExtendTerm => ({
  type: 'ExtendTerm',
  petitionNumber: NUMBER,
  actor: CENTRAL,
  decisionId: '3f2c6a0e-5b1d-4c8e-9a7f-0d1e2f3a4b5c',
  decisionNumber: 'D-5/2026',
  extensionDays: 15,
  exceptional: false,
  reason: 'verificări pe teren',
  document: DOCUMENT,
  at: at('2026-04-20T09:00:00'),
  ...overrides,
});

export const redirectPetition = (overrides: Partial<RedirectPetition> = {}): RedirectPetition => ({
  type: 'RedirectPetition',
  petitionNumber: NUMBER,
  actor: CENTRAL,
  toAuthorityIdno: OTHER_AUTHORITY,
  reason: 'iluminatul public ține de Î.M. Lumteh',
  at: at('2026-04-03T09:00:00'),
  ...overrides,
});

export const outcomes = (given: Partial<ResponseStates> = { satisfactionState: 'Full' }): ResponseStates => outcomesOf(given);

export const closePetition = (overrides: Partial<ClosePetition> = {}): ClosePetition => ({
  type: 'ClosePetition',
  petitionNumber: NUMBER,
  actor: CENTRAL,
  petitionExitNumber: 'IES-99/2026',
  responseStates: outcomes(),
  responseId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  document: DOCUMENT,
  responsiblePersonIdnp: OFFICER,
  at: at('2026-04-28T15:00:00'),
  ...overrides,
});

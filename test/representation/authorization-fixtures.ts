import type { CreateAuthorization } from '../../src/representation/authorization/commands';
import { authorizationDecider } from '../../src/representation/authorization/decider';
import type { AuthorizationEvent } from '../../src/representation/authorization/events';
import type { AuthorizationState } from '../../src/representation/authorization/state';

/** Pure fixtures for the authorization aggregate's unit tests: a command, the events it makes, the state they fold to. */
export const CODE = '0123456789012345';
export const ION = '2000000000011';
export const MARIA = '2000000000022';
export const ELENA = '2000000000044';
export const VICTOR = '2000000000055';
export const PROVIDER = '1003600000003';

export const T0 = '2026-06-01T09:00:00.000Z';

export function createCommand(overrides: Partial<CreateAuthorization> = {}, type: Partial<CreateAuthorization['authorizationType']> = {}): CreateAuthorization {
  return {
    type: 'CreateAuthorization',
    authorizationCode: CODE,
    authorizationType: {
      code: 'AT-0000001',
      name: 'Ridicare document',
      requiresAcceptance: false,
      requiresCoSigning: false,
      serviceProviderIdno: PROVIDER,
      serviceProviderName: 'Demo public institution',
      ...type,
    },
    authorizing: { partyType: 1, idn: ION, name: 'Ion Popescu' },
    authorized: { partyType: 1, idn: MARIA, name: 'Maria Rusu' },
    coSignerIdns: [],
    fromDate: '2026-06-10T00:00:00.000Z',
    toDate: '2026-06-30T23:59:59.999Z',
    at: T0,
    createdBy: 'demo-institution',
    ...overrides,
  };
}

/** The events of a power created by `command` (decided at its `at`). */
export const created = (command: CreateAuthorization = createCommand()): AuthorizationEvent[] => authorizationDecider.decide(command, null);

export const fold = (events: AuthorizationEvent[]): AuthorizationState => events.reduce(authorizationDecider.evolve, authorizationDecider.initialState())!;

/** An instant `ms` after another. */
export const plus = (instant: string, ms: number) => new Date(Date.parse(instant) + ms).toISOString();
export const DAY = 86_400_000;

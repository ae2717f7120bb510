import type { ClientDefinition } from '../../platform/identity/client-registry';
import { COUNTRY_TIME_ZONE } from '../../platform/time/work-calendar';
import { addDays, localParts } from '../../platform/time/zoned-time';
import { AuthorizationNotFoundError } from '../authorization/decider';
import type { AuthorizationTypeDefinition } from '../authorization-type/events';
import type { AuthorizationAction } from '../authorization/transitions';
import type { AuthorizationRequest } from '../handlers/authorization-intake';
import type { RepresentationContext } from '../handlers/context';
import { DEMO_DATA_LOADER, REPRESENTATION_SERVICE } from '../service';

/** Who the demo data is recorded as made by: the service's own loader, which sees every provider. */
const LOADER: ClientDefinition = { id: DEMO_DATA_LOADER, certificate: {}, rights: { [REPRESENTATION_SERVICE]: ['*'] } };

const INSTITUTION = { serviceProviderIdno: '1003600000003', serviceProviderName: 'Demo public institution' };
const CONSTRUCT = { serviceProviderIdno: '1003600000010', serviceProviderName: 'SRL Demo Construct' };

export const DEMO_TYPES: AuthorizationTypeDefinition[] = [
  { code: 'AT-0000001', names: { ro: 'Ridicare document', ru: 'Получение документа', en: 'Document pick-up' }, requiresAcceptance: false, requiresCoSigning: false, ...INSTITUTION },
  { code: 'AT-0000002', names: { ro: 'Depunere cerere', ru: 'Подача заявления', en: 'Filing an application' }, requiresAcceptance: true, requiresCoSigning: false, ...INSTITUTION },
  { code: 'AT-0000003', names: { ro: 'Înstrăinare bun comun', ru: 'Отчуждение общего имущества', en: 'Disposal of joint property' }, requiresAcceptance: false, requiresCoSigning: true, ...INSTITUTION },
  { code: 'AT-0000004', names: { ro: 'Reprezentare în relația cu furnizorul', en: 'Representation before the provider' }, requiresAcceptance: false, requiresCoSigning: false, ...CONSTRUCT },
];

const ION = '2000000000011';
const MARIA = '2000000000022';
const ANDREI = '2000000000033';
const ELENA = '2000000000044';
const VICTOR = '2000000000055';
const DEMO_CONSTRUCT = '1003600000010';

type DemoPower = { code: string; type: string; from: string; to: string; by: [1 | 2, string]; grantee: string; coSigners?: string[]; then?: AuthorizationAction[] };

/**
 * Powers in every status, their dates in local days counted from the day of the first start (each day
 * from its first instant in Chișinău to its last): some start and end during the next days, so that the
 * scheduler and the checks show validity following time. Codes are fixed (idempotent: a power already
 * there is left as it is).
 */
function demoPowers(today: string): DemoPower[] {
  const day = (offset: number) => addDays(today, offset);
  return [
    { code: '0100000000000001', type: 'AT-0000001', from: day(-30), to: day(180), by: [1, ION], grantee: MARIA },
    { code: '0100000000000002', type: 'AT-0000001', from: day(1), to: day(90), by: [1, ION], grantee: ANDREI },
    { code: '0100000000000003', type: 'AT-0000001', from: day(-10), to: day(2), by: [1, MARIA], grantee: ANDREI },
    { code: '0100000000000004', type: 'AT-0000001', from: day(3), to: day(5), by: [1, ELENA], grantee: MARIA },
    { code: '0100000000000005', type: 'AT-0000002', from: day(0), to: day(60), by: [1, ION], grantee: ANDREI },
    { code: '0100000000000006', type: 'AT-0000003', from: day(0), to: day(365), by: [1, ION], grantee: MARIA, coSigners: [ELENA] },
    { code: '0100000000000007', type: 'AT-0000001', from: day(-5), to: day(30), by: [1, MARIA], grantee: ION, then: ['suspend'] },
    { code: '0100000000000008', type: 'AT-0000001', from: day(-5), to: day(30), by: [1, ANDREI], grantee: ION, then: ['revoke'] },
    { code: '0100000000000009', type: 'AT-0000002', from: day(0), to: day(30), by: [1, ELENA], grantee: VICTOR, then: ['accept', 'renounce'] },
    { code: '0100000000000010', type: 'AT-0000001', from: day(-1), to: day(365), by: [2, DEMO_CONSTRUCT], grantee: ION },
    { code: '0100000000000011', type: 'AT-0000004', from: day(0), to: day(120), by: [1, MARIA], grantee: ANDREI },
  ];
}

export async function loadDemoData(context: RepresentationContext): Promise<void> {
  const { types, authorizations, deps } = context;
  for (const definition of DEMO_TYPES) await types.define(definition, LOADER);
  const today = localParts(deps.clock.now(), COUNTRY_TIME_ZONE).date;
  for (const power of demoPowers(today)) {
    if (await exists(context, power.code)) continue;
    const request: AuthorizationRequest = {
      authorizationTypeCode: power.type,
      authorizingPartyType: power.by[0],
      authorizingIdn: power.by[1],
      authorizedPartyType: 1,
      authorizedIdn: power.grantee,
      fromDate: power.from,
      toDate: power.to,
      coSignerIdns: power.coSigners,
    };
    await authorizations.create(request, LOADER, power.code);
    for (const action of power.then ?? []) await authorizations.act(power.code, action, { reason: 'demo data' }, LOADER);
  }
}

async function exists(context: RepresentationContext, code: string): Promise<boolean> {
  try {
    await context.authorizations.visible(code, LOADER);
    return true;
  } catch (error) {
    if (error instanceof AuthorizationNotFoundError) return false;
    throw error;
  }
}

import {
  AuthorizationTypeExistsError,
  authorizationTypeDecider,
  AuthorizationTypeNotFoundError,
  ServiceProviderChangeError,
} from '../../src/representation/authorization-type/decider';
import type { AuthorizationTypeDefinition } from '../../src/representation/authorization-type/events';
import { deciderSpec } from '../support/decider-spec';

const spec = deciderSpec(authorizationTypeDecider);
const at = '2026-06-01T09:00:00.000Z';
const definition: AuthorizationTypeDefinition = {
  code: 'AT-0000001',
  names: { ro: 'Ridicare document', en: 'Document pick-up' },
  requiresAcceptance: false,
  requiresCoSigning: false,
  serviceProviderIdno: '1003600000003',
  serviceProviderName: 'Demo public institution',
};
const defined = { type: 'md.gov.representation.authorization-type.defined.v1' as const, data: { definition, at } };

describe('Authorization type: the decider (unit, given/when/then)', () => {
  it('defines a type once; the same definition again decides nothing; another one is refused', () => {
    spec.given([]).when({ type: 'DefineAuthorizationType', definition, at }).then([defined]);
    spec.given([defined]).when({ type: 'DefineAuthorizationType', definition, at }).then([]);
    spec.given([defined]).when({ type: 'DefineAuthorizationType', definition: { ...definition, requiresAcceptance: true }, at }).thenThrows(AuthorizationTypeExistsError);
  });

  it('changes a defined type, never its service provider, and knows no type before it is defined', () => {
    const changed = { ...definition, requiresAcceptance: true };
    spec.given([defined]).when({ type: 'UpdateAuthorizationType', definition: changed, at }).then([{ type: 'md.gov.representation.authorization-type.updated.v1', data: { definition: changed, at } }]);
    spec.given([defined]).when({ type: 'UpdateAuthorizationType', definition, at }).then([]);
    spec.given([defined]).when({ type: 'UpdateAuthorizationType', definition: { ...definition, serviceProviderIdno: '1003600000010' }, at }).thenThrows(ServiceProviderChangeError);
    spec.given([]).when({ type: 'UpdateAuthorizationType', definition, at }).thenThrows(AuthorizationTypeNotFoundError);
  });
});

import { documentTypeDecider, BuiltInTypeError, DocumentTypeExistsError, DocumentTypeNotFoundError } from '../../src/documents/document-type/decider';
import { InvalidContentSchemaError } from '../../src/documents/document-type/content-schema';
import { BUILT_IN_TYPES, type DocumentTypeDefinition } from '../../src/documents/document-type/definition';
import { DOCUMENT_TYPE_CHANGED, DOCUMENT_TYPE_DEFINED } from '../../src/documents/document-type/events';
import { checkQuota, quotaDecider, QuotaExceededError } from '../../src/documents/quota/decider';
import { QUOTA_SET } from '../../src/documents/quota/events';
import { reservationDecider, ReservationNotFoundError, ReservationUsedError } from '../../src/documents/reservation/decider';
import { RESERVATION_MADE, RESERVATION_USED } from '../../src/documents/reservation/events';
import { expect } from 'chai';
import { deciderSpec } from '../support/decider-spec';

const at = '2026-05-01T10:00:00.000Z';
const definition: DocumentTypeDefinition = { ...BUILT_IN_TYPES.Unknown, code: 'PERMIT', titles: { ro: 'Autorizație', en: null, ru: null } };

describe('document type, quota and reservation deciders', () => {
  const types = deciderSpec(documentTypeDecider);
  const defined = { type: DOCUMENT_TYPE_DEFINED, data: { ...definition, definedBy: 'demo-institution', definedAt: at } } as const;

  it('defines a type once, changes it whole, never a built-in one, and only with a schema that compiles', () => {
    types.given([]).when({ type: 'DefineDocumentType', definition, clientId: 'demo-institution', at }).then([defined]);
    types.given([defined]).when({ type: 'DefineDocumentType', definition, clientId: 'demo-institution', at }).thenThrows(DocumentTypeExistsError);
    types.given([]).when({ type: 'ChangeDocumentType', definition, clientId: 'c', at }).thenThrows(DocumentTypeNotFoundError);
    types.given([defined]).when({ type: 'ChangeDocumentType', definition: { ...definition, official: true }, clientId: 'c', at }).thenMatches((events) => expect(events[0]).to.deep.include({ type: DOCUMENT_TYPE_CHANGED }));
    types.given([]).when({ type: 'DefineDocumentType', definition: { ...definition, code: 'folder' }, clientId: 'c', at }).thenThrows(BuiltInTypeError);
    types.given([]).when({ type: 'DefineDocumentType', definition: { ...definition, schema: { type: 'nothing' } }, clientId: 'c', at }).thenThrows(InvalidContentSchemaError);
  });

  it('sets a quota when it changes, and refuses what would pass it', () => {
    const quotas = deciderSpec(quotaDecider);
    const set = { type: 'SetQuota' as const, principal: 'urn:md:idnp:2000000000011', storageMaximum: 10, clientId: 'c', at };
    const event = { type: QUOTA_SET, data: { principal: set.principal, storageMaximum: 10, setBy: 'c', setAt: at } } as const;
    quotas.given([]).when(set).then([event]);
    quotas.given([event]).when(set).then([]);
    expect(() => checkQuota('p', { storageMaximum: 10, storageUsage: 6 }, 5)).to.throw(QuotaExceededError);
    expect(() => checkQuota('p', { storageMaximum: 10, storageUsage: 6 }, 4)).to.not.throw();
    expect(() => checkQuota('p', { storageMaximum: 10, storageUsage: 20 }, 0), 'adding nothing passes nothing').to.not.throw();
  });

  it('uses a reservation once, for one document, by the client that made it', () => {
    const reservations = deciderSpec(reservationDecider);
    const [r, d, p] = ['00000000-0000-4000-8000-000000000071', '00000000-0000-4000-8000-0000000000d1', 'urn:md:idno:1003600000003'];
    const made = { type: RESERVATION_MADE, data: { reservationId: r, accessCodeSha256: null, link: `https://localhost/mdocs/view/${r}`, by: p, clientId: 'c', at } } as const;
    const use = { type: 'UseReservation' as const, reservationId: r, documentId: d, by: p, clientId: 'c', at };
    const used = { type: RESERVATION_USED, data: { reservationId: r, documentId: d, by: p, clientId: 'c', at } } as const;
    reservations.given([made]).when(use).then([used]);
    reservations.given([made, used]).when(use).then([]);
    reservations.given([made, used]).when({ ...use, documentId: '00000000-0000-4000-8000-0000000000d2' }).thenThrows(ReservationUsedError);
    reservations.given([made]).when({ ...use, clientId: 'another' }).thenThrows(ReservationNotFoundError);
    reservations.given([]).when(use).thenThrows(ReservationNotFoundError);
  });
});

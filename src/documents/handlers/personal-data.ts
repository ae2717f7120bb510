import type { ClientDefinition } from '../../platform/identity/client-registry';
import type { DocumentsContext } from './context';
import { idnpOf } from '../principals/principal';
import { DOCUMENTS_LOG_PREFIX, DOCUMENTS_SOURCE } from '../service';

/**
 * Every read that shows documents of a person registers one MDocs.PersonalData.Access event in the
 * event log (section E; the brief), for the institution whose system read them: legal_entity its IDNO,
 * subject the persons' IDNPs, object the documents. A read that shows no person's document logs nothing.
 */
export async function logPersonalDataAccess(
  ctx: DocumentsContext,
  client: ClientDefinition,
  actingFor: string,
  action: string,
  documents: { _id: string; owner: string }[],
): Promise<void> {
  const ofPersons = documents.filter((document) => idnpOf(document.owner) !== null);
  if (ofPersons.length === 0) return;
  const subjects = [...new Set(ofPersons.map((document) => idnpOf(document.owner)!))];
  await ctx.deps.legalEvents.register({ id: client.id, idno: client.idno }, [
    {
      event_time: ctx.now(),
      event_type: `${DOCUMENTS_LOG_PREFIX}.PersonalData.Access`,
      event_source: DOCUMENTS_SOURCE,
      event_message: `${action}: ${ofPersons.length} document(s) of ${subjects.length} person(s)`,
      ...(client.idno ? { legal_entity: client.idno } : {}),
      legal_basis: ctx.settings.legalBasis,
      legal_reason: action,
      user: actingFor,
      subject: subjects.length === 1 ? subjects[0] : subjects,
      subject_type: 'Person',
      object: ofPersons.slice(0, 100).map((document) => document._id).join(','),
      object_type: 'MDocs.Document',
    },
  ], 'service');
}

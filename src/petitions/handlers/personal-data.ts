import type { Clock } from '../../platform/clock';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import type { LegalEventFields, LegalEventLog } from '../../platform/legal-events';
import type { PetitionDocument } from '../queries/petition-views';

export const PERSONAL_DATA_ACCESS = 'Petitions.PersonalData.Access';
export const PETITIONS_LEGAL_BASIS = 'Codul administrativ nr. 116/2018, art. 70-80 (petiționarea); HG nr. 564/2024 (SIA e-Democrație)';

/** Why the data was read: the authority examines petitions, the requestor reads their own. */
export type AccessReason = 'authority' | 'requestor' | 'intake';
const REASONS: Record<AccessReason, string> = {
  authority: 'examining petitions addressed to the authority',
  requestor: "the petitioner's own petitions",
  intake: 'petitions the portal filed',
};

/**
 * Registers who read the personal data of which petitioners (their identity and the petition's text) as a
 * Petitions.PersonalData.Access legal event in the event log, before the answer leaves. Subjects are the
 * natural persons among the requestors; a page holding only legal entities' petitions logs nothing.
 */
export async function logPersonalDataAccess(
  deps: { legalEvents: LegalEventLog; clock: Clock },
  client: ClientDefinition,
  petitions: PetitionDocument[],
  access: { reason: AccessReason; what: string; user?: string },
): Promise<void> {
  const persons = petitions.filter((petition) => petition.requestor.kind === 'Person');
  if (persons.length === 0) return;
  const subjects = [...new Set(persons.map((petition) => petition.requestorIdn))];
  const objects = persons.map((petition) => petition.petitionNumber);
  const fields: LegalEventFields = {
    event_time: deps.clock.now().toISOString(),
    event_type: PERSONAL_DATA_ACCESS,
    event_source: 'petitions',
    event_message: access.what,
    ...(client.idno ? { legal_entity: client.idno } : {}),
    legal_basis: PETITIONS_LEGAL_BASIS,
    legal_reason: REASONS[access.reason],
    user: access.user ?? client.id,
    subject: subjects.length === 1 ? subjects[0] : subjects,
    subject_type: 'Person',
    object: objects.join(', '),
    object_type: 'Petition',
  };
  await deps.legalEvents.register({ id: client.id, idno: client.idno }, [fields], 'service');
}

import type { ClientDefinition } from '../../platform/identity/client-registry';
import type { LegalEventFields, LegalEventLog } from '../../platform/legal-events';
import type { AuthorizationState } from '../authorization/state';
import { REPRESENTATION_SOURCE } from '../service';
import { personsOf } from './authorization-details';

export const PERSONAL_DATA_ACCESS = 'MPower.PersonalData.Access';
/** The public guide's legal basis of MPower (index: "Legal basis"). */
export const LEGAL_BASIS = 'HG nr. 375/2020 cu privire la serviciul guvernamental de împuterniciri electronice (MPower)';

/**
 * Registers, in the event-logging service, that a client was shown the data of the natural persons these
 * powers name (legal_entity: the client's IDNO; subject: their IDNPs), before the answer leaves. An answer
 * that names no natural person (legal entities only) registers nothing.
 */
export async function logPersonalDataAccess(
  legalEvents: LegalEventLog,
  client: ClientDefinition,
  read: { what: string; at: string; powers: AuthorizationState[]; withCoSigners?: boolean },
): Promise<void> {
  const subjects = [...new Set(read.powers.flatMap((state) => personsOf(state, read.withCoSigners)))];
  if (subjects.length === 0) return;
  const codes = read.powers.map((state) => state.authorizationCode);
  const fields: LegalEventFields = {
    event_time: read.at,
    event_type: PERSONAL_DATA_ACCESS,
    event_source: REPRESENTATION_SOURCE,
    event_message: `${read.what}: ${codes.length} power(s) of representation shown`,
    ...(client.idno ? { legal_entity: client.idno } : {}),
    legal_basis: LEGAL_BASIS,
    legal_reason: read.what,
    user: client.id,
    subject: subjects.length === 1 ? subjects[0] : subjects,
    subject_type: 'Person',
    object_type: 'PowerOfRepresentation',
    ...(codes.length === 1 ? { object: codes[0] } : { objects: codes }),
  };
  await legalEvents.register({ id: client.id, idno: client.idno }, [fields], 'service');
}

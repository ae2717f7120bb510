import type { DocumentSession } from '../../platform/document-store/document-store';
import { authorityCovers, PetitionsAccessDeniedError, type AuthorityCaller } from '../handlers/caller';
import { PetitionNotFoundError } from '../petition/errors';
import { petitionsOf, type PetitionDocument } from './petition-views';

/** The petition, or PetitionNotFound (400, as the seed's table has it for the authority's operations). */
export async function findPetition(documents: DocumentSession, petitionNumber: string): Promise<PetitionDocument> {
  const found = await petitionsOf(documents).findOne({ _id: petitionNumber });
  if (!found) throw new PetitionNotFoundError(petitionNumber);
  return found;
}

/** The petition, when the authority's scope covers it: own-authority sees only those addressed to it (403). */
export async function petitionForAuthority(documents: DocumentSession, caller: AuthorityCaller, petitionNumber: string): Promise<PetitionDocument> {
  const petition = await findPetition(documents, petitionNumber);
  if (!authorityCovers(caller, petition.authorityIdno)) throw new PetitionsAccessDeniedError(`petition ${petitionNumber} is addressed to another authority`);
  return petition;
}

/** The requestor's own petition, or null: another person's petition is answered as one that does not exist. */
export async function petitionOfRequestor(documents: DocumentSession, owner: string, petitionNumber: string): Promise<PetitionDocument | null> {
  const found = await petitionsOf(documents).findOne({ _id: petitionNumber });
  return found && found.requestorIdn === owner ? found : null;
}

import { PETITIONS } from '../../../projections/petitions/petitions';
import type { PetitionDocument } from '../../../projections/petitions/petition-document';
import type { DocumentSession } from '../../platform/document-store/document-store';
import { isOverdue } from '../petition/deadlines';
import { PETITION_STATUSES } from '../petition/status';

export { PETITIONS, type PetitionDocument };

export const petitionsOf = (documents: DocumentSession) => documents.collection<PetitionDocument>(PETITIONS);

/** PetitionModel: the seed shows no fields; these are ours (docs/decisions.md, Petitions). */
export function toPetitionModel(document: PetitionDocument, today: string) {
  return {
    petitionNumber: document.petitionNumber,
    status: document.status,
    statusCode: PETITION_STATUSES[document.status],
    subject: document.subject,
    text: document.text,
    requestorIdn: document.requestor.idn,
    requestorType: document.requestor.kind,
    requestorName: document.requestor.name ?? null,
    authorityIdno: document.authorityIdno,
    filedAt: document.filedAt,
    receivedOn: document.receivedOn,
    registrationDueDate: document.registrationDueDate,
    registered: document.registered,
    registrationNumber: document.registrationNumber ?? null,
    registrationDate: document.registrationDate ?? null,
    responsiblePersonIdnp: document.responsiblePersonIdnp ?? null,
    estimatedResolveDate: document.estimatedResolveDate ?? null,
    answerDueDate: document.answerDueDate ?? null,
    dueDate: document.dueDate,
    overdue: isOverdue(document.dueDate, today),
    termExtensions: document.termExtensions.map(({ decisionId, decisionNumber, extensionDays, exceptional, reason, answerDueDate, extendedAt }) => ({
      decisionId,
      decisionNumber,
      extensionDays,
      exceptional,
      reason,
      answerDueDate,
      extendedAt,
    })),
    redirections: document.redirections.map(({ fromAuthorityIdno, toAuthorityIdno, reason, redirectedAt }) => ({ fromAuthorityIdno, toAuthorityIdno, reason, redirectedAt })),
    attachments: document.attachments.map(({ attachmentId, fileName, contentType, size }) => ({ attachmentId, fileName, contentType, size })),
    response: document.response
      ? {
          responseId: document.response.responseId,
          petitionExitNumber: document.response.petitionExitNumber,
          responseDate: document.response.responseDate,
          ...document.response.responseStates,
          late: document.response.late,
          closedAt: document.response.closedAt,
        }
      : null,
  };
}

export type PetitionModel = ReturnType<typeof toPetitionModel>;

import { pendingAlertOf, type DeadlineAlert } from '../../src/petitions/petition/deadlines';
import * as E from '../../src/petitions/petition/events';
import type { ResponseStates } from '../../src/petitions/petition/response-states';
import type { PetitionStatus } from '../../src/petitions/petition/status';

/** Past the last due date: the sort key of a petition with no deadline (answered, withdrawn), so it sorts last. */
export const NO_DUE_DATE = '9999-12-31';

/** One petition as the lists and downloads read it; dates are local 'YYYY-MM-DD', instants ISO UTC. */
export type PetitionDocument = {
  _id: string;
  petitionNumber: string;
  status: PetitionStatus;
  requestor: E.Requestor;
  /** the requestor's IDNP or IDNO, indexed for the requestor's list */
  requestorIdn: string;
  authorityIdno: string;
  subject: string;
  text: string;
  language?: E.Language;
  filedAt: string;
  filedBy: string;
  /** the log position of the filing: the intake list's cursor */
  filedPosition: number;
  receivedOn: string;
  registrationDueDate: string;
  redirectionDueDate: string;
  registered: boolean;
  registrationNumber?: string;
  registrationDate?: string;
  responsiblePersonIdnp?: string;
  estimatedResolveDate?: string;
  answerDueDate?: string;
  /** the deadline that runs now: the registration's while Submitted, the answer's while InProgress; null after */
  dueDate: string | null;
  dueSort: string;
  /** which alert the answer's due date still waits for (the scheduler's sweep looks here) */
  pendingAlert: DeadlineAlert | null;
  signalled: { approachingFor?: string; passedFor?: string };
  attachments: E.Attachment[];
  termExtensions: (Omit<E.PetitionTermExtended['data'], 'requestor' | 'language' | 'petitionNumber' | 'authorityIdno'>)[];
  redirections: { fromAuthorityIdno: string; toAuthorityIdno: string; reason: string; outgoingNumber?: string; redirectedAt: string }[];
  response: {
    responseId: string;
    petitionExitNumber: string;
    responseDate: string;
    responseStates: ResponseStates;
    responsiblePersonIdnp: string;
    document: E.StoredFile;
    late: boolean;
    closedAt: string;
  } | null;
  /** withdrawn or hidden by the requestor: out of the requestor's list */
  deletedByRequestor: boolean;
};

export function filedDocument(data: E.PetitionFiled['data'], position: number): PetitionDocument {
  return withDeadline({
    _id: data.petitionNumber,
    petitionNumber: data.petitionNumber,
    status: 'Submitted',
    requestor: data.requestor,
    requestorIdn: data.requestor.idn,
    authorityIdno: data.authorityIdno,
    subject: data.subject,
    text: data.text,
    ...(data.language ? { language: data.language } : {}),
    filedAt: data.filedAt,
    filedBy: data.filedBy,
    filedPosition: position,
    receivedOn: data.receivedOn,
    registrationDueDate: data.registrationDueDate,
    redirectionDueDate: data.redirectionDueDate,
    registered: false,
    dueDate: null,
    dueSort: NO_DUE_DATE,
    pendingAlert: null,
    signalled: {},
    attachments: data.attachments,
    termExtensions: [],
    redirections: [],
    response: null,
    deletedByRequestor: false,
  });
}

/** The document after one of the petition's later events. */
export function evolvedDocument(document: PetitionDocument, event: E.PetitionEvent): PetitionDocument {
  switch (event.type) {
    case E.PETITION_FILED:
      return document;
    case E.PETITION_REGISTERED: {
      const { registrationNumber, registrationDate, responsiblePersonIdnp, estimatedResolveDate, answerDueDate } = event.data;
      const estimate = estimatedResolveDate ? { estimatedResolveDate } : {};
      return withDeadline({ ...document, status: 'InProgress', registered: true, registrationNumber, registrationDate, responsiblePersonIdnp, ...estimate, answerDueDate });
    }
    case E.PETITION_TERM_EXTENDED: {
      const { requestor: _r, language: _l, petitionNumber: _p, authorityIdno: _a, ...extension } = event.data;
      return withDeadline({ ...document, answerDueDate: extension.answerDueDate, termExtensions: [...document.termExtensions, extension] });
    }
    case E.PETITION_REDIRECTED: {
      const { fromAuthorityIdno, toAuthorityIdno, reason, outgoingNumber, redirectedAt, receivedOn, registrationDueDate, redirectionDueDate } = event.data;
      const redirection = { fromAuthorityIdno, toAuthorityIdno, reason, ...(outgoingNumber ? { outgoingNumber } : {}), redirectedAt };
      const { registrationNumber: _n, registrationDate: _d, responsiblePersonIdnp: _p, estimatedResolveDate: _e, answerDueDate: _a, ...rest } = document;
      return withDeadline({ ...rest, status: 'Submitted', authorityIdno: toAuthorityIdno, receivedOn, registrationDueDate, redirectionDueDate, registered: false, signalled: {}, termExtensions: [], redirections: [...document.redirections, redirection] });
    }
    case E.PETITION_CLOSED: {
      const { responseId, petitionExitNumber, responseDate, responseStates, responsiblePersonIdnp, document: file, late, closedAt, status } = event.data;
      return withDeadline({ ...document, status, responsiblePersonIdnp, response: { responseId, petitionExitNumber, responseDate, responseStates, responsiblePersonIdnp, document: file, late, closedAt } });
    }
    case E.PETITION_WITHDRAWN:
      return withDeadline({ ...document, status: 'Cancelled', deletedByRequestor: true });
    case E.PETITION_HIDDEN:
      return { ...document, deletedByRequestor: true };
    case E.PETITION_DEADLINE_APPROACHING:
      return withDeadline({ ...document, signalled: { ...document.signalled, approachingFor: event.data.dueDate } });
    case E.PETITION_DEADLINE_PASSED:
      return withDeadline({ ...document, signalled: { ...document.signalled, passedFor: event.data.dueDate } });
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/** The deadline fields, from the status and due dates. */
function withDeadline(document: PetitionDocument): PetitionDocument {
  const dueDate = document.status === 'Submitted' ? document.registrationDueDate : document.status === 'InProgress' ? (document.answerDueDate ?? null) : null;
  const pendingAlert = document.status === 'InProgress' && document.answerDueDate ? pendingAlertOf(document.answerDueDate, document.signalled) : null;
  return { ...document, dueDate, dueSort: dueDate ?? NO_DUE_DATE, pendingAlert };
}

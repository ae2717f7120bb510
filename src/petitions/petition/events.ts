import type { DomainEvent } from '../../platform/decider';
import type { ResponseStates } from './response-states';

export const PETITION_FILED = 'md.gov.petitions.petition.filed.v1';
export const PETITION_REGISTERED = 'md.gov.petitions.petition.registered.v1';
export const PETITION_TERM_EXTENDED = 'md.gov.petitions.petition.term-extended.v1';
export const PETITION_REDIRECTED = 'md.gov.petitions.petition.redirected.v1';
export const PETITION_CLOSED = 'md.gov.petitions.petition.closed.v1';
export const PETITION_WITHDRAWN = 'md.gov.petitions.petition.withdrawn.v1';
export const PETITION_HIDDEN = 'md.gov.petitions.petition.hidden.v1';
export const PETITION_DEADLINE_APPROACHING = 'md.gov.petitions.petition.deadline-approaching.v1';
export const PETITION_DEADLINE_PASSED = 'md.gov.petitions.petition.deadline-passed.v1';

export const PETITION_EVENT_TYPES = [
  PETITION_FILED,
  PETITION_REGISTERED,
  PETITION_TERM_EXTENDED,
  PETITION_REDIRECTED,
  PETITION_CLOSED,
  PETITION_WITHDRAWN,
  PETITION_HIDDEN,
  PETITION_DEADLINE_APPROACHING,
  PETITION_DEADLINE_PASSED,
];

export type Language = 'ro' | 'ru' | 'en';

/** Who filed: a natural person (IDNP) or a legal entity (IDNO). */
export type Requestor = { idn: string; kind: 'Person' | 'Organization'; name?: string };

/** A file kept in the blob store: events name it by its SHA-256, never carry its bytes. */
export type StoredFile = { fileName: string; contentType: string; size: number; sha256: string };
export type Attachment = StoredFile & { attachmentId: string };

/** What the notices about a petition need to reach its requestor. */
type RequestorRef = { requestor: Pick<Requestor, 'idn' | 'kind'>; language?: Language };

export type PetitionFiled = DomainEvent<
  typeof PETITION_FILED,
  {
    petitionNumber: string;
    requestor: Requestor;
    authorityIdno: string;
    subject: string;
    text: string;
    language?: Language;
    attachments: Attachment[];
    filedAt: string;
    /** the registry client that filed it (the portal) */
    filedBy: string;
    /** the local date the authority received it: the terms count from it */
    receivedOn: string;
    registrationDueDate: string;
    redirectionDueDate: string;
  }
>;

export type PetitionRegistered = DomainEvent<
  typeof PETITION_REGISTERED,
  RequestorRef & {
    petitionNumber: string;
    authorityIdno: string;
    registrationNumber: string;
    registrationDate: string;
    responsiblePersonIdnp: string;
    estimatedResolveDate?: string;
    /** the local date the answer's term counts from (the registration's, or the transfer's) */
    termStart: string;
    answerDueDate: string;
    registeredAt: string;
    registeredBy: string;
  }
>;

export type PetitionTermExtended = DomainEvent<
  typeof PETITION_TERM_EXTENDED,
  RequestorRef & {
    petitionNumber: string;
    authorityIdno: string;
    decisionId: string;
    decisionNumber: string;
    extensionDays: number;
    exceptional: boolean;
    reason: string;
    document: StoredFile;
    previousDueDate: string;
    answerDueDate: string;
    extendedAt: string;
    extendedBy: string;
  }
>;

export type PetitionRedirected = DomainEvent<
  typeof PETITION_REDIRECTED,
  RequestorRef & {
    petitionNumber: string;
    fromAuthorityIdno: string;
    toAuthorityIdno: string;
    reason: string;
    outgoingNumber?: string;
    redirectedAt: string;
    redirectedBy: string;
    /** the transfer's local date: the competent authority's terms count from it */
    receivedOn: string;
    registrationDueDate: string;
    redirectionDueDate: string;
  }
>;

export type PetitionClosed = DomainEvent<
  typeof PETITION_CLOSED,
  RequestorRef & {
    petitionNumber: string;
    authorityIdno: string;
    petitionExitNumber: string;
    responseStates: ResponseStates;
    status: 'Completed' | 'Rejected';
    responseId: string;
    document: StoredFile;
    responsiblePersonIdnp: string;
    responseDate: string;
    /** answered after the due date */
    late: boolean;
    closedAt: string;
    closedBy: string;
  }
>;

export type PetitionWithdrawn = DomainEvent<typeof PETITION_WITHDRAWN, { petitionNumber: string; authorityIdno: string; withdrawnAt: string; withdrawnBy: string }>;

export type PetitionHidden = DomainEvent<typeof PETITION_HIDDEN, { petitionNumber: string; hiddenAt: string; hiddenBy: string }>;

type DeadlineAlertData = { petitionNumber: string; authorityIdno: string; responsiblePersonIdnp: string; dueDate: string; signalledAt: string };
export type PetitionDeadlineApproaching = DomainEvent<typeof PETITION_DEADLINE_APPROACHING, DeadlineAlertData>;
export type PetitionDeadlinePassed = DomainEvent<typeof PETITION_DEADLINE_PASSED, DeadlineAlertData>;

export type PetitionEvent =
  | PetitionFiled
  | PetitionRegistered
  | PetitionTermExtended
  | PetitionRedirected
  | PetitionClosed
  | PetitionWithdrawn
  | PetitionHidden
  | PetitionDeadlineApproaching
  | PetitionDeadlinePassed;

import type { Attachment, Language, Requestor, StoredFile } from './events';
import type { ResponseStates } from './response-states';

/**
 * Who acts on a petition: the registry client, and for an authority of scope own-authority the IDNO it is
 * limited to (the decider refuses a petition addressed to another authority, on the state it decides on).
 */
export type AuthorityActor = { clientId: string; onlyAuthorityIdno?: string };

/** `at`: the instant of the command, from the platform clock (deciders take no clock). */
export type FilePetition = {
  type: 'FilePetition';
  petitionNumber: string;
  requestor: Requestor;
  authorityIdno: string;
  subject: string;
  text: string;
  language?: Language;
  attachments: Attachment[];
  filedBy: string;
  at: string;
};

export type RegisterPetition = {
  type: 'RegisterPetition';
  petitionNumber: string;
  actor: AuthorityActor;
  registrationNumber: string;
  registrationDate: string;
  responsiblePersonIdnp: string;
  estimatedResolveDate?: string;
  at: string;
};

export type ExtendTerm = {
  type: 'ExtendTerm';
  petitionNumber: string;
  actor: AuthorityActor;
  decisionId: string;
  decisionNumber: string;
  extensionDays: number;
  exceptional: boolean;
  reason: string;
  document: StoredFile;
  at: string;
};

export type RedirectPetition = {
  type: 'RedirectPetition';
  petitionNumber: string;
  actor: AuthorityActor;
  toAuthorityIdno: string;
  reason: string;
  outgoingNumber?: string;
  at: string;
};

export type ClosePetition = {
  type: 'ClosePetition';
  petitionNumber: string;
  actor: AuthorityActor;
  petitionExitNumber: string;
  responseStates: ResponseStates;
  responseId: string;
  document: StoredFile;
  responsiblePersonIdnp: string;
  responseDate?: string;
  at: string;
};

/** The requestor's DELETE: withdraws or hides (status.ts, requestorDeletionOf). */
export type DeleteForRequestor = { type: 'DeleteForRequestor'; petitionNumber: string; requestorIdn: string; by: string; at: string };

/** The scheduler's: signal the deadline alert that is due, if any. */
export type SignalDeadline = { type: 'SignalDeadline'; petitionNumber: string; warningDays: number; at: string };

export type PetitionCommand = FilePetition | RegisterPetition | ExtendTerm | RedirectPetition | ClosePetition | DeleteForRequestor | SignalDeadline;

import { localDateOf, type Term } from './deadlines';
import * as E from './events';
import type { PetitionStatus } from './status';

/** What the decider needs to know of a filed petition. */
export type FiledPetition = {
  petitionNumber: string;
  status: PetitionStatus;
  requestor: E.Requestor;
  language?: E.Language;
  authorityIdno: string;
  /** the local date the current authority received it, and whether that was by a transfer */
  receivedOn: string;
  transferred: boolean;
  redirectionDueDate: string;
  registeredOn?: string;
  responsiblePersonIdnp?: string;
  term?: Term;
  answerDueDate?: string;
  hidden: boolean;
  /** the due dates whose alerts were signalled */
  signalled: { approachingFor?: string; passedFor?: string };
};

export type PetitionState = { filed: FiledPetition | null };

export const initialPetitionState = (): PetitionState => ({ filed: null });

export function evolvePetition(state: PetitionState, event: E.PetitionEvent): PetitionState {
  if (event.type === E.PETITION_FILED) {
    const { petitionNumber, requestor, language, authorityIdno, receivedOn, redirectionDueDate } = event.data;
    return { filed: { petitionNumber, status: 'Submitted', requestor, language, authorityIdno, receivedOn, transferred: false, redirectionDueDate, hidden: false, signalled: {} } };
  }
  const petition = state.filed;
  if (!petition) return state;
  return { filed: evolveFiled(petition, event) };
}

function evolveFiled(petition: FiledPetition, event: E.PetitionEvent): FiledPetition {
  switch (event.type) {
    case E.PETITION_FILED:
      return petition;
    case E.PETITION_REGISTERED: {
      const { registrationDate, responsiblePersonIdnp, termStart, answerDueDate } = event.data;
      const term = { start: termStart, ordinaryDays: 0, exceptionalDays: 0 };
      return { ...petition, status: 'InProgress', registeredOn: localDateOf(registrationDate), responsiblePersonIdnp, term, answerDueDate };
    }
    case E.PETITION_TERM_EXTENDED: {
      const { exceptional, extensionDays, answerDueDate } = event.data;
      const term = petition.term!;
      const extended = exceptional ? { ...term, exceptionalDays: term.exceptionalDays + extensionDays } : { ...term, ordinaryDays: term.ordinaryDays + extensionDays };
      return { ...petition, term: extended, answerDueDate };
    }
    case E.PETITION_REDIRECTED: {
      const { toAuthorityIdno, receivedOn, redirectionDueDate } = event.data;
      return {
        ...petition,
        status: 'Submitted',
        authorityIdno: toAuthorityIdno,
        receivedOn,
        transferred: true,
        redirectionDueDate,
        registeredOn: undefined,
        responsiblePersonIdnp: undefined,
        term: undefined,
        answerDueDate: undefined,
        signalled: {},
      };
    }
    case E.PETITION_CLOSED:
      return { ...petition, status: event.data.status, responsiblePersonIdnp: event.data.responsiblePersonIdnp };
    case E.PETITION_WITHDRAWN:
      return { ...petition, status: 'Cancelled' };
    case E.PETITION_HIDDEN:
      return { ...petition, hidden: true };
    case E.PETITION_DEADLINE_APPROACHING:
      return { ...petition, signalled: { ...petition.signalled, approachingFor: event.data.dueDate } };
    case E.PETITION_DEADLINE_PASSED:
      return { ...petition, signalled: { ...petition.signalled, passedFor: event.data.dueDate } };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

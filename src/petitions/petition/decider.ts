import type { Decider } from '../../platform/decider';
import type { AuthorityActor, ClosePetition, DeleteForRequestor, ExtendTerm, FilePetition, PetitionCommand, RedirectPetition, RegisterPetition, SignalDeadline } from './commands';
import { answerDueDate, deadlineAlertOn, extensionRefusal, localDateOf, redirectionDueDate, redirectionRefusal, registrationDueDate } from './deadlines';
import { IllegalPetitionMoveError, PetitionAccessDeniedError, PetitionAlreadyFiledError, PetitionNotFoundError } from './errors';
import * as E from './events';
import { closedStatusOf, responseStatesRefusal } from './response-states';
import { evolvePetition, initialPetitionState, type FiledPetition, type PetitionState } from './state';
import { refusalOf, requestorDeletionOf, type PetitionAction } from './status';

/** The petition's life: every rule of a move is decided here, on the state folded from its stream. */
export const petitionDecider: Decider<PetitionCommand, E.PetitionEvent, PetitionState> = {
  initialState: initialPetitionState,
  evolve: evolvePetition,
  decide(command, state) {
    switch (command.type) {
      case 'FilePetition':
        return file(command, state);
      case 'RegisterPetition':
        return register(command, movable(state, command, 'register'));
      case 'ExtendTerm':
        return extend(command, movable(state, command, 'extendTerm'));
      case 'RedirectPetition':
        return redirect(command, movable(state, command, 'redirect'));
      case 'ClosePetition':
        return close(command, movable(state, command, 'close'));
      case 'DeleteForRequestor':
        return deleteForRequestor(command, state);
      case 'SignalDeadline':
        return signalDeadline(command, state);
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
};

/** The filed petition, when the actor may act on it and its status allows the action. */
function movable(state: PetitionState, command: { petitionNumber: string; actor: AuthorityActor }, action: PetitionAction): FiledPetition {
  const { actor } = command;
  if (!state.filed) throw new PetitionNotFoundError(command.petitionNumber);
  const petition = state.filed;
  if (actor.onlyAuthorityIdno !== undefined && actor.onlyAuthorityIdno !== petition.authorityIdno) throw new PetitionAccessDeniedError(petition.petitionNumber);
  const refusal = refusalOf(action, petition.status);
  if (refusal) throw new IllegalPetitionMoveError(petition.petitionNumber, refusal);
  return petition;
}

const requestorRef = (petition: FiledPetition) => ({
  requestor: { idn: petition.requestor.idn, kind: petition.requestor.kind },
  ...(petition.language ? { language: petition.language } : {}),
});

function file(command: FilePetition, state: PetitionState): E.PetitionEvent[] {
  if (state.filed) throw new PetitionAlreadyFiledError(command.petitionNumber);
  const receivedOn = localDateOf(command.at);
  const { type: _type, at, ...filing } = command;
  return [
    {
      type: E.PETITION_FILED,
      data: { ...filing, filedAt: at, receivedOn, registrationDueDate: registrationDueDate(receivedOn), redirectionDueDate: redirectionDueDate(receivedOn) },
    },
  ];
}

function register(command: RegisterPetition, petition: FiledPetition): E.PetitionEvent[] {
  const registeredOn = localDateOf(command.registrationDate);
  const refuse = (reason: string, field: string) => new IllegalPetitionMoveError(petition.petitionNumber, reason, field);
  if (registeredOn < petition.receivedOn) throw refuse(`the registration date ${registeredOn} is before the petition was received (${petition.receivedOn})`, 'registrationDate');
  if (registeredOn > localDateOf(command.at)) throw refuse(`the registration date ${registeredOn} is in the future`, 'registrationDate');
  // a transferred petition's term runs from the transfer, whenever the competent authority registers it
  const termStart = petition.transferred ? petition.receivedOn : registeredOn;
  const due = answerDueDate(termStart);
  if (command.estimatedResolveDate !== undefined) {
    const estimated = localDateOf(command.estimatedResolveDate);
    if (estimated < registeredOn || estimated > due) throw refuse(`the estimated resolve date ${estimated} must fall between the registration (${registeredOn}) and the legal due date (${due})`, 'estimatedResolveDate');
  }
  const { type: _type, petitionNumber: _number, actor, at, ...registration } = command;
  return [
    {
      type: E.PETITION_REGISTERED,
      data: { ...requestorRef(petition), petitionNumber: petition.petitionNumber, authorityIdno: petition.authorityIdno, ...registration, termStart, answerDueDate: due, registeredAt: at, registeredBy: actor.clientId },
    },
  ];
}

function extend(command: ExtendTerm, petition: FiledPetition): E.PetitionEvent[] {
  const term = petition.term!;
  const refusal = extensionRefusal(term, { days: command.extensionDays, exceptional: command.exceptional }, localDateOf(command.at));
  if (refusal) throw new IllegalPetitionMoveError(petition.petitionNumber, refusal, 'extensionDays');
  const { type: _type, petitionNumber: _number, actor, at, ...decision } = command;
  const answerDue = answerDueDate(term.start, term.ordinaryDays + term.exceptionalDays + command.extensionDays);
  return [
    {
      type: E.PETITION_TERM_EXTENDED,
      data: { ...requestorRef(petition), petitionNumber: petition.petitionNumber, authorityIdno: petition.authorityIdno, ...decision, previousDueDate: petition.answerDueDate!, answerDueDate: answerDue, extendedAt: at, extendedBy: actor.clientId },
    },
  ];
}

function redirect(command: RedirectPetition, petition: FiledPetition): E.PetitionEvent[] {
  if (command.toAuthorityIdno === petition.authorityIdno) throw new IllegalPetitionMoveError(petition.petitionNumber, `it is already addressed to ${petition.authorityIdno}`, 'competentAuthorityIdno');
  const today = localDateOf(command.at);
  const refusal = redirectionRefusal(petition.redirectionDueDate, today);
  if (refusal) throw new IllegalPetitionMoveError(petition.petitionNumber, refusal);
  return [
    {
      type: E.PETITION_REDIRECTED,
      data: {
        ...requestorRef(petition),
        petitionNumber: petition.petitionNumber,
        fromAuthorityIdno: petition.authorityIdno,
        toAuthorityIdno: command.toAuthorityIdno,
        reason: command.reason,
        ...(command.outgoingNumber ? { outgoingNumber: command.outgoingNumber } : {}),
        redirectedAt: command.at,
        redirectedBy: command.actor.clientId,
        receivedOn: today,
        registrationDueDate: registrationDueDate(today),
        redirectionDueDate: redirectionDueDate(today),
      },
    },
  ];
}

function close(command: ClosePetition, petition: FiledPetition): E.PetitionEvent[] {
  const refusal = responseStatesRefusal(command.responseStates);
  if (refusal) throw new IllegalPetitionMoveError(petition.petitionNumber, refusal, 'satisfactionState');
  const responseDate = command.responseDate ?? command.at;
  const answeredOn = localDateOf(responseDate);
  const today = localDateOf(command.at);
  if (answeredOn < petition.registeredOn!) throw new IllegalPetitionMoveError(petition.petitionNumber, `the response date ${answeredOn} is before the registration (${petition.registeredOn})`, 'responseDate');
  if (answeredOn > today) throw new IllegalPetitionMoveError(petition.petitionNumber, `the response date ${answeredOn} is in the future`, 'responseDate');
  const { type: _type, petitionNumber: _number, actor, at, responseDate: _given, ...response } = command;
  return [
    {
      type: E.PETITION_CLOSED,
      data: {
        ...requestorRef(petition),
        petitionNumber: petition.petitionNumber,
        authorityIdno: petition.authorityIdno,
        ...response,
        status: closedStatusOf(command.responseStates),
        responseDate,
        late: today > petition.answerDueDate!,
        closedAt: at,
        closedBy: actor.clientId,
      },
    },
  ];
}

function deleteForRequestor(command: DeleteForRequestor, state: PetitionState): E.PetitionEvent[] {
  // another requestor's petition is answered as one that does not exist: its number reveals nothing
  if (!state.filed || state.filed.requestor.idn !== command.requestorIdn) throw new PetitionNotFoundError(command.petitionNumber);
  const petition = state.filed;
  switch (requestorDeletionOf(petition.status, petition.hidden)) {
    case 'withdraw':
      return [{ type: E.PETITION_WITHDRAWN, data: { petitionNumber: petition.petitionNumber, authorityIdno: petition.authorityIdno, withdrawnAt: command.at, withdrawnBy: command.by } }];
    case 'hide':
      return [{ type: E.PETITION_HIDDEN, data: { petitionNumber: petition.petitionNumber, hiddenAt: command.at, hiddenBy: command.by } }];
    case 'nothing':
      return [];
  }
}

function signalDeadline(command: SignalDeadline, state: PetitionState): E.PetitionEvent[] {
  const petition = state.filed;
  // the sweep read a read model that may lag: a petition answered meanwhile needs no alert
  if (!petition || refusalOf('signalDeadline', petition.status) !== null || !petition.answerDueDate) return [];
  const alert = deadlineAlertOn(petition.answerDueDate, petition.signalled, localDateOf(command.at), command.warningDays);
  if (!alert) return [];
  const data = {
    petitionNumber: petition.petitionNumber,
    authorityIdno: petition.authorityIdno,
    responsiblePersonIdnp: petition.responsiblePersonIdnp!,
    dueDate: petition.answerDueDate,
    signalledAt: command.at,
  };
  return [alert === 'passed' ? { type: E.PETITION_DEADLINE_PASSED, data } : { type: E.PETITION_DEADLINE_APPROACHING, data }];
}

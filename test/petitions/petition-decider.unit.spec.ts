import { expect } from 'chai';
import { join } from 'node:path';
import { EventSchemas } from '../../src/exchange/event-schemas';
import type { PetitionCommand } from '../../src/petitions/petition/commands';
import { petitionDecider } from '../../src/petitions/petition/decider';
import { IllegalPetitionMoveError, PetitionAccessDeniedError, PetitionAlreadyFiledError, PetitionNotFoundError } from '../../src/petitions/petition/errors';
import * as E from '../../src/petitions/petition/events';
import { schemasDir } from '../../src/platform/project-paths';
import { deciderSpec } from '../support/decider-spec';
import {
  at,
  AUTHORITY,
  CENTRAL,
  closePetition,
  DOCUMENT,
  extendTerm,
  filePetition,
  NUMBER,
  OFFICER,
  OTHER_AUTHORITY,
  outcomes,
  PERSON,
  redirectPetition,
  registerPetition,
  TOWN_HALL,
} from './petition-fixtures';

const spec = deciderSpec(petitionDecider);
const contracts = EventSchemas.fromDirectory(join(schemasDir, 'events'));

/** The events of a life, decided command after command (each on the state the earlier ones left). */
function lifeOf(...commands: PetitionCommand[]): E.PetitionEvent[] {
  const events: E.PetitionEvent[] = [];
  for (const command of commands) events.push(...petitionDecider.decide(command, events.reduce(petitionDecider.evolve, petitionDecider.initialState())));
  for (const event of events) expect(contracts.check(event.type, { data: event.data }), event.type).to.deep.equal([]);
  return events;
}

const filed = () => lifeOf(filePetition());
const registered = () => lifeOf(filePetition(), registerPetition());
const signal = (localDateTime: string): PetitionCommand => ({ type: 'SignalDeadline', petitionNumber: NUMBER, warningDays: 3, at: at(localDateTime) });
const deleteFor = (requestorIdn: string): PetitionCommand => ({ type: 'DeleteForRequestor', petitionNumber: NUMBER, requestorIdn, by: 'portal', at: at('2026-04-02T08:00:00') });

describe('Petitions: the petition decider (unit)', () => {
  describe('filing', () => {
    it('records the petition with its receipt date and its registration and redirection terms', () => {
      spec.given([]).when(filePetition()).then([
        {
          type: E.PETITION_FILED,
          data: {
            petitionNumber: NUMBER,
            requestor: { idn: PERSON, kind: 'Person', name: 'Ion Popescu' },
            authorityIdno: AUTHORITY,
            subject: 'Iluminatul stradal',
            text: 'Vă rog să reparați iluminatul pe strada Ștefan cel Mare.',
            language: 'ro',
            attachments: [],
            filedBy: 'portal',
            filedAt: at('2026-04-01T10:00:00'),
            receivedOn: '2026-04-01',
            registrationDueDate: '2026-04-03',
            redirectionDueDate: '2026-04-08',
          },
        },
      ]);
    });

    it('a number is filed once', () => {
      spec.given(filed()).when(filePetition()).thenThrows(PetitionAlreadyFiledError);
    });
  });

  describe('registration', () => {
    it('starts the 30-day term; one ending on Labour Day and a weekend is due the Monday after', () => {
      spec.given(filed()).when(registerPetition()).thenMatches(([event]) => {
        expect(event.type).to.equal(E.PETITION_REGISTERED);
        expect(event.data).to.deep.include({ termStart: '2026-04-01', answerDueDate: '2026-05-04', registrationNumber: 'REG-17/2026', responsiblePersonIdnp: OFFICER, requestor: { idn: PERSON, kind: 'Person' }, registeredBy: 'central' });
      });
    });

    it('is refused for an unknown petition, another authority (own-authority scope), or a second time', () => {
      spec.given([]).when(registerPetition()).thenThrows(PetitionNotFoundError, /P-2026-7K3QX9MB/);
      spec.given(filed()).when(registerPetition({ actor: { clientId: 'other', onlyAuthorityIdno: OTHER_AUTHORITY } })).thenThrows(PetitionAccessDeniedError);
      spec.given(filed()).when(registerPetition({ actor: TOWN_HALL })).thenMatches((events) => expect(events).to.have.length(1));
      spec.given(registered()).when(registerPetition()).thenThrows(IllegalPetitionMoveError, /status InProgress cannot be registered/);
    });

    it('refuses a registration date before the receipt or in the future, and an estimate beyond the legal term', () => {
      spec.given(filed()).when(registerPetition({ registrationDate: at('2026-03-31T23:00:00') })).thenThrows(IllegalPetitionMoveError, /before the petition was received \(2026-04-01\)/);
      spec.given(filed()).when(registerPetition({ registrationDate: at('2026-04-02T09:00:00') })).thenThrows(IllegalPetitionMoveError, /in the future/);
      spec.given(filed()).when(registerPetition({ estimatedResolveDate: at('2026-05-05T09:00:00') })).thenThrows(IllegalPetitionMoveError, /legal due date \(2026-05-04\)/);
      spec.given(filed()).when(registerPetition({ estimatedResolveDate: at('2026-05-04T09:00:00') })).thenMatches(([event]) => expect(event.data).to.have.property('estimatedResolveDate'));
    });
  });

  describe('term extension', () => {
    it('an ordinary extension within the 30 days moves the due date, past a weekend', () => {
      spec.given(registered()).when(extendTerm()).thenMatches(([event]) => {
        expect(event.type).to.equal(E.PETITION_TERM_EXTENDED);
        expect(event.data).to.deep.include({ previousDueDate: '2026-05-04', answerDueDate: '2026-05-18', extensionDays: 15, exceptional: false, document: DOCUMENT });
      });
    });

    it('is refused beyond 15 days, after the 30 days, before registration; an exceptional one reaches 90 days', () => {
      spec.given(registered()).when(extendTerm({ extensionDays: 16 })).thenThrows(IllegalPetitionMoveError, /at most 15 days/);
      spec.given(registered()).when(extendTerm({ at: at('2026-05-05T09:00:00') })).thenThrows(IllegalPetitionMoveError, /the term ended on 2026-05-04/);
      spec.given(lifeOf(filePetition(), registerPetition(), extendTerm())).when(extendTerm({ extensionDays: 1, at: at('2026-05-06T09:00:00') })).thenThrows(IllegalPetitionMoveError, /within the 30 days/);
      spec.given(filed()).when(extendTerm()).thenThrows(IllegalPetitionMoveError, /status Submitted cannot have its term extended/);
      spec.given(lifeOf(filePetition(), registerPetition(), extendTerm())).when(extendTerm({ extensionDays: 45, exceptional: true, at: at('2026-05-10T09:00:00') })).thenMatches(([event]) =>
        expect(event.data).to.deep.include({ previousDueDate: '2026-05-18', answerDueDate: '2026-06-30' }),
      );
      spec.given(registered()).when(extendTerm({ extensionDays: 61, exceptional: true })).thenThrows(IllegalPetitionMoveError, /at most 90 days/);
    });
  });

  describe('redirection', () => {
    it('within 5 working days of receipt; the competent authority receives it afresh', () => {
      spec.given(registered()).when(redirectPetition()).thenMatches(([event]) => {
        expect(event.type).to.equal(E.PETITION_REDIRECTED);
        expect(event.data).to.deep.include({ fromAuthorityIdno: AUTHORITY, toAuthorityIdno: OTHER_AUTHORITY, receivedOn: '2026-04-03', registrationDueDate: '2026-04-06', redirectionDueDate: '2026-04-10' });
      });
    });

    it('is refused after the 5 working days, to the same authority, or once answered', () => {
      spec.given(filed()).when(redirectPetition({ at: at('2026-04-09T09:00:00') })).thenThrows(IllegalPetitionMoveError, /which ended on 2026-04-08/);
      spec.given(filed()).when(redirectPetition({ toAuthorityIdno: AUTHORITY })).thenThrows(IllegalPetitionMoveError, /already addressed/);
      spec.given(lifeOf(filePetition(), registerPetition(), closePetition({ at: at('2026-04-02T09:00:00') }))).when(redirectPetition()).thenThrows(IllegalPetitionMoveError, /status Completed cannot be redirected/);
    });

    it('the competent authority registers it, and its term counts from the transfer; the first authority has no say any more', () => {
      const transferred = lifeOf(filePetition(), registerPetition(), redirectPetition());
      spec.given(transferred).when(registerPetition({ registrationDate: at('2026-04-06T09:00:00'), at: at('2026-04-06T09:30:00') })).thenMatches(([event]) =>
        expect(event.data).to.deep.include({ authorityIdno: OTHER_AUTHORITY, termStart: '2026-04-03', answerDueDate: '2026-05-04' }),
      );
      spec.given(transferred).when(registerPetition({ actor: TOWN_HALL, registrationDate: at('2026-04-06T09:00:00'), at: at('2026-04-06T09:30:00') })).thenThrows(PetitionAccessDeniedError);
    });
  });

  describe('closing', () => {
    it('records the response and its outcomes; the status follows them', () => {
      spec.given(registered()).when(closePetition()).thenMatches(([event]) => {
        expect(event.type).to.equal(E.PETITION_CLOSED);
        expect(event.data).to.deep.include({ status: 'Completed', late: false, responseDate: at('2026-04-28T15:00:00'), petitionExitNumber: 'IES-99/2026' });
      });
      spec.given(registered()).when(closePetition({ responseStates: outcomes({ unexaminedState: 'Full' }) })).thenMatches(([event]) => expect(event.data).to.include({ status: 'Rejected' }));
    });

    it('an answer after the due date is still taken, marked late', () => {
      spec.given(registered()).when(closePetition({ at: at('2026-05-05T09:00:00') })).thenMatches(([event]) => expect(event.data).to.include({ late: true }));
    });

    it('is refused before registration, without outcome, with a Full outcome among others, or with a response date out of range', () => {
      spec.given(filed()).when(closePetition()).thenThrows(IllegalPetitionMoveError, /register it first/);
      spec.given(registered()).when(closePetition({ responseStates: outcomes({}) })).thenThrows(IllegalPetitionMoveError, /at least one outcome/);
      spec.given(registered()).when(closePetition({ responseStates: outcomes({ satisfactionState: 'Full', redirectedState: 'Partial' }) })).thenThrows(IllegalPetitionMoveError, /Full/);
      spec.given(registered()).when(closePetition({ responseDate: at('2026-03-30T09:00:00') })).thenThrows(IllegalPetitionMoveError, /before the registration/);
      spec.given(registered()).when(closePetition({ responseDate: at('2026-04-29T09:00:00') })).thenThrows(IllegalPetitionMoveError, /in the future/);
      spec.given(lifeOf(filePetition(), registerPetition(), closePetition())).when(closePetition()).thenThrows(IllegalPetitionMoveError, /status Completed cannot be closed/);
    });
  });

  describe("the requestor's DELETE", () => {
    it('withdraws a petition not yet registered, once', () => {
      spec.given(filed()).when(deleteFor(PERSON)).thenMatches(([event]) => expect(event.type).to.equal(E.PETITION_WITHDRAWN));
      spec.given(lifeOf(filePetition(), deleteFor(PERSON))).when(deleteFor(PERSON)).then([]);
      spec.given(lifeOf(filePetition(), deleteFor(PERSON))).when(registerPetition()).thenThrows(IllegalPetitionMoveError, /the requestor withdrew it/);
    });

    it('hides a registered one, once; the authority still answers it', () => {
      spec.given(registered()).when(deleteFor(PERSON)).thenMatches(([event]) => expect(event.type).to.equal(E.PETITION_HIDDEN));
      spec.given(lifeOf(filePetition(), registerPetition(), deleteFor(PERSON))).when(deleteFor(PERSON)).then([]);
      spec.given(lifeOf(filePetition(), registerPetition(), deleteFor(PERSON))).when(closePetition()).thenMatches((events) => expect(events).to.have.length(1));
    });

    it("answers another person's or an unknown petition as not found", () => {
      spec.given(filed()).when(deleteFor('2000000000022')).thenThrows(PetitionNotFoundError);
      spec.given([]).when(deleteFor(PERSON)).thenThrows(PetitionNotFoundError);
    });
  });

  describe('deadline alerts', () => {
    it('approaching 3 days before the due date, passed the day after; each once', () => {
      const approaching: E.PetitionEvent = { type: E.PETITION_DEADLINE_APPROACHING, data: { petitionNumber: NUMBER, authorityIdno: AUTHORITY, responsiblePersonIdnp: OFFICER, dueDate: '2026-05-04', signalledAt: at('2026-05-01T08:00:00') } };
      spec.given(registered()).when(signal('2026-04-30T23:00:00')).then([]);
      spec.given(registered()).when(signal('2026-05-01T08:00:00')).then([approaching]);
      spec.given([...registered(), approaching]).when(signal('2026-05-04T23:59:00')).then([]);
      spec.given([...registered(), approaching]).when(signal('2026-05-05T00:01:00')).thenMatches(([event]) => expect(event).to.deep.include({ type: E.PETITION_DEADLINE_PASSED }));
      spec.given(lifeOf(filePetition(), registerPetition(), signal('2026-05-05T00:01:00'))).when(signal('2026-05-06T00:01:00')).then([]);
    });

    it('none for a petition answered, withdrawn, or not registered', () => {
      spec.given(lifeOf(filePetition(), registerPetition(), closePetition())).when(signal('2026-05-05T09:00:00')).then([]);
      spec.given(filed()).when(signal('2026-05-05T09:00:00')).then([]);
      spec.given([]).when(signal('2026-05-05T09:00:00')).then([]);
    });

    it('an extension makes a new due date with alerts of its own', () => {
      const extended = lifeOf(filePetition(), registerPetition(), signal('2026-05-01T09:00:00'), extendTerm({ at: at('2026-05-02T09:00:00') }));
      spec.given(extended).when(signal('2026-05-05T09:00:00')).then([]);
      spec.given(extended).when(signal('2026-05-15T09:00:00')).thenMatches(([event]) => expect(event).to.deep.include({ type: E.PETITION_DEADLINE_APPROACHING }));
    });
  });

  it('a whole life keeps the event contracts (schemas/events)', () => {
    const life = lifeOf(filePetition(), registerPetition(), extendTerm(), closePetition({ responseStates: outcomes({ satisfactionState: 'Partial', refuseState: 'Partial' }), at: at('2026-05-10T09:00:00') }), deleteFor(PERSON));
    expect(life.map((event) => event.type)).to.deep.equal([E.PETITION_FILED, E.PETITION_REGISTERED, E.PETITION_TERM_EXTENDED, E.PETITION_CLOSED, E.PETITION_HIDDEN]);
    expect(lifeOf(filePetition(), redirectPetition({ actor: CENTRAL })).map((event) => event.type)).to.deep.equal([E.PETITION_FILED, E.PETITION_REDIRECTED]);
  });
});

import { expect } from 'chai';
import { closedStatusOf, outcomesOf as states, responseStatesRefusal, responseStateNamed } from '../../src/petitions/petition/response-states';
import { ALLOWED_FROM, refusalOf, requestorDeletionOf, STATUS_NAMES, statusNamed, type PetitionAction } from '../../src/petitions/petition/status';

describe('Petitions: the status machine and the response states (unit)', () => {
  it('allows each action from its statuses only, and says why not otherwise', () => {
    for (const action of Object.keys(ALLOWED_FROM) as PetitionAction[]) {
      for (const status of STATUS_NAMES) {
        const refusal = refusalOf(action, status);
        if (ALLOWED_FROM[action].includes(status)) expect(refusal, `${action} from ${status}`).to.equal(null);
        else expect(refusal, `${action} from ${status}`).to.match(new RegExp(`^a petition in status ${status} cannot `));
      }
    }
    expect(refusalOf('close', 'Submitted')).to.equal('a petition in status Submitted cannot be closed: it is not registered yet (register it first)');
    expect(refusalOf('register', 'Cancelled')).to.equal('a petition in status Cancelled cannot be registered: the requestor withdrew it');
  });

  it("the requestor's DELETE withdraws before registration, hides after, and does nothing twice", () => {
    expect(requestorDeletionOf('Submitted', false)).to.equal('withdraw');
    expect(requestorDeletionOf('InProgress', false)).to.equal('hide');
    expect(requestorDeletionOf('Completed', false)).to.equal('hide');
    expect(requestorDeletionOf('Rejected', true)).to.equal('nothing');
    expect(requestorDeletionOf('Cancelled', false)).to.equal('nothing');
  });

  it('reads a status by name in any letter case, or by number', () => {
    expect(statusNamed('InProgress')).to.equal('InProgress');
    expect(statusNamed('inprogress')).to.equal('InProgress');
    expect(statusNamed('4')).to.equal('Completed');
    expect(statusNamed(6)).to.equal('Cancelled');
    expect(statusNamed('7')).to.equal(undefined);
    expect(statusNamed('Closed')).to.equal(undefined);
  });

  it('a response needs an outcome; a Full one stands alone; Partial ones combine', () => {
    expect(responseStatesRefusal(states({}))).to.match(/at least one outcome/);
    expect(responseStatesRefusal(states({ satisfactionState: 'Full' }))).to.equal(null);
    expect(responseStatesRefusal(states({ satisfactionState: 'Full', rejectionState: 'Partial' }))).to.match(/satisfactionState is Full, so every other outcome must be None/);
    expect(responseStatesRefusal(states({ satisfactionState: 'Partial', rejectionState: 'Partial' }))).to.equal(null);
  });

  it('the status a response leaves', () => {
    expect(closedStatusOf(states({ satisfactionState: 'Full' }))).to.equal('Completed');
    expect(closedStatusOf(states({ satisfactionState: 'Partial', refuseState: 'Partial' }))).to.equal('Completed');
    expect(closedStatusOf(states({ rejectionState: 'Full' }))).to.equal('Rejected');
    expect(closedStatusOf(states({ unexaminedState: 'Full' }))).to.equal('Rejected');
    expect(closedStatusOf(states({ redirectedState: 'Full' }))).to.equal('Completed');
  });

  it('reads a ResponseState by name or number; left out is None', () => {
    expect(responseStateNamed('Partial')).to.equal('Partial');
    expect(responseStateNamed(2)).to.equal('Full');
    expect(responseStateNamed(undefined)).to.equal('None');
    expect(responseStateNamed('full')).to.equal(undefined);
    expect(responseStateNamed(3)).to.equal(undefined);
  });
});

import { expect } from 'chai';
import { statusAt, validityAt } from '../../src/representation/authorization/status';
import { createCommand, created, fold, plus, T0 } from './authorization-fixtures';

/**
 * Validity follows time: the status a power has at fixed instants before, at and after each of its
 * boundaries, from its recorded state alone (no event in between).
 */
describe('Power of representation: status and validity at an instant (unit)', () => {
  const from = '2026-06-10T00:00:00.000Z';
  const to = '2026-06-30T23:59:59.999Z';
  const pending = fold(created(createCommand({ fromDate: from, toDate: to })));

  it('is Pending before fromDate, Valid from fromDate (inclusive) to toDate (inclusive), Canceled after toDate', () => {
    expect(statusAt(pending, T0)).to.equal('Pending');
    expect(statusAt(pending, plus(from, -1))).to.equal('Pending');
    expect(statusAt(pending, from)).to.equal('Valid');
    expect(statusAt(pending, plus(from, 1))).to.equal('Valid');
    expect(statusAt(pending, plus(to, -1))).to.equal('Valid');
    expect(statusAt(pending, to)).to.equal('Valid');
    expect(statusAt(pending, plus(to, 1))).to.equal('Canceled');
  });

  it('answers the seed\'s fromDate/toDate: the validity window when valid; since when invalid, and no toDate, when not', () => {
    expect(validityAt(pending, T0)).to.deep.equal({ status: 'Pending', isValid: false, fromDate: T0, toDate: null });
    expect(validityAt(pending, from)).to.deep.equal({ status: 'Valid', isValid: true, fromDate: from, toDate: to });
    expect(validityAt(pending, plus(to, 1))).to.deep.equal({ status: 'Canceled', isValid: false, fromDate: '2026-07-01T00:00:00.000Z', toDate: null });
  });

  it('takes a fromDate in the past as the grant instant: valid from when it was granted, not before', () => {
    const backdated = fold(created(createCommand({ fromDate: '2026-01-01T00:00:00.000Z' })));
    expect(validityAt(backdated, plus(T0, -1)).status).to.equal('Pending');
    expect(validityAt(backdated, T0)).to.deep.include({ status: 'Valid', fromDate: T0 });
  });

  it('keeps a power awaiting acceptance PendingAcceptance inside its window, and Canceled after it', () => {
    const awaiting = fold(created(createCommand({}, { requiresAcceptance: true })));
    expect(statusAt(awaiting, from)).to.equal('PendingAcceptance');
    expect(statusAt(awaiting, to)).to.equal('PendingAcceptance');
    expect(statusAt(awaiting, plus(to, 1))).to.equal('Canceled');
  });

  it('keeps a power awaiting co-signatures Draft, since its creation', () => {
    const draft = fold(created(createCommand({ coSignerIdns: ['2000000000044'] }, { requiresCoSigning: true })));
    expect(validityAt(draft, from)).to.deep.equal({ status: 'Draft', isValid: false, fromDate: T0, toDate: null });
    expect(statusAt(draft, plus(to, 1))).to.equal('Canceled');
  });
});

import { expect } from 'chai';
import { handOutWindowMs, holdersSeenHere, membershipDue, renewalDue } from '../../src/exchange/lane-leases';

const LEASE_MS = 15_000;

describe('lane leases: when a bridge writes them (unit)', () => {
  it('renews a lease the first time, when its instances confirmed events since, and once a third of the lease has passed', () => {
    expect(renewalDue(undefined, 1_000, 7, LEASE_MS), 'never renewed').to.equal(true);
    const last = { at: 1_000, acknowledgements: 7 };
    expect(renewalDue(last, 2_000, 7, LEASE_MS), 'nothing confirmed, a second later').to.equal(false);
    expect(renewalDue(last, 5_999, 7, LEASE_MS)).to.equal(false);
    expect(renewalDue(last, 6_000, 7, LEASE_MS), 'a third of the lease').to.equal(true);
    expect(renewalDue(last, 2_000, 9, LEASE_MS), 'confirmed since').to.equal(true);
    // the shortest lease allowed (3 s): renewed every second, as every lease was before
    expect(renewalDue({ at: 1_000, acknowledgements: 7 }, 2_000, 7, 3_000)).to.equal(true);
  });

  it('writes membership when it changes, and again before its record lapses', () => {
    expect(membershipDue(null, true, 1_000, LEASE_MS), 'never written').to.equal(true);
    const written = { member: true, until: 16_000 };
    expect(membershipDue(written, true, 2_000, LEASE_MS)).to.equal(false);
    expect(membershipDue(written, true, 5_999, LEASE_MS)).to.equal(false);
    expect(membershipDue(written, true, 6_000, LEASE_MS), 'two thirds of the lease left').to.equal(true);
    expect(membershipDue(written, false, 2_000, LEASE_MS), 'no instance here any more').to.equal(true);
    expect(membershipDue({ member: false, until: 16_000 }, false, 60_000, LEASE_MS), 'an absence is written once').to.equal(false);
  });

  it('hands events out for two thirds of a lease after asking for it', () => {
    expect(handOutWindowMs(LEASE_MS)).to.equal(10_000);
    expect(handOutWindowMs(3_001)).to.equal(2_001);
  });

  it('counts a lane serving here as held here, and a lease of its own from before a restart as free', () => {
    const serving = [true, true, false, false];
    expect(holdersSeenHere([null, 'me', 'me', 'other'], serving, 'me')).to.deep.equal(['me', 'me', null, 'other']);
    expect(holdersSeenHere(['other', null, null, null], serving, 'me'), 'taken over while it still served').to.deep.equal(['other', 'me', null, null]);
  });
});

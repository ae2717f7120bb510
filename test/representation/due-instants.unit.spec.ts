import { expect } from 'chai';
import { authorizationDecider } from '../../src/representation/authorization/decider';
import { dueInstants } from '../../src/representation/authorization/time-effects';
import { CODE, createCommand, created, DAY, fold, plus } from './authorization-fixtures';

/** What the scheduler's read model holds of a power: when something next falls due. */
describe('Power of representation: when the scheduler next has work (unit)', () => {
  const FROM = '2026-06-10T00:00:00.000Z';
  const TO = '2026-06-30T23:59:59.999Z';
  const advance = (events: ReturnType<typeof created>, at: string) => [
    ...events,
    ...authorizationDecider.decide({ type: 'AdvanceAuthorization', authorizationCode: CODE, at, expiresSoonWithinMs: DAY }, fold(events)),
  ];

  it('is due at fromDate to become valid, then after toDate to expire (the notice counted back from toDate), then never', () => {
    const pending = created();
    expect(dueInstants(fold(pending))).to.deep.equal({ dueAt: FROM, expiryNoticeFrom: null });
    const valid = advance(pending, FROM);
    expect(dueInstants(fold(valid))).to.deep.equal({ dueAt: plus(TO, 1), expiryNoticeFrom: TO });
    const noticed = advance(valid, plus(TO, -DAY));
    expect(dueInstants(fold(noticed))).to.deep.equal({ dueAt: plus(TO, 1), expiryNoticeFrom: null });
    expect(dueInstants(fold(advance(noticed, plus(TO, 1))))).to.deep.equal({ dueAt: null, expiryNoticeFrom: null });
  });

  it('is due to expire only while a power awaits acceptance or co-signatures', () => {
    expect(dueInstants(fold(created(createCommand({}, { requiresAcceptance: true }))))).to.deep.equal({ dueAt: plus(TO, 1), expiryNoticeFrom: null });
  });
});

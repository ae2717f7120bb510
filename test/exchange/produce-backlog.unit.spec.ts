import { expect } from 'chai';
import { backlogShareOf, mayAdmit, ProduceBacklog } from '../../src/exchange/produce-backlog';

describe('produce backlog', () => {
  it('admits a request while what waits and it stay within the limit, and always when nothing waits', () => {
    expect(mayAdmit(0, 5_000, 1_000)).to.equal(true);
    expect(mayAdmit(400, 600, 1_000)).to.equal(true);
    expect(mayAdmit(400, 601, 1_000)).to.equal(false);
    expect(mayAdmit(1, 1, 1)).to.equal(false);
  });

  it('counts a request by its declared length, or as the largest allowed when it declares none', () => {
    expect(backlogShareOf('512', 1_024)).to.equal(512);
    expect(backlogShareOf('0', 1_024)).to.equal(0);
    expect(backlogShareOf('5000', 1_024)).to.equal(1_024);
    expect(backlogShareOf(undefined, 1_024)).to.equal(1_024);
    expect(backlogShareOf('12abc', 1_024)).to.equal(1_024);
  });

  it('gives the room back when a request is answered', () => {
    const backlog = new ProduceBacklog(1_000);
    expect(backlog.admit(800)).to.equal(true);
    expect(backlog.admit(300)).to.equal(false);
    backlog.release(800);
    expect(backlog.admit(300)).to.equal(true);
  });

  it('tells of refusals at most once per interval, with how many there were since it last told', () => {
    let now = 0;
    const backlog = new ProduceBacklog(100, () => now);
    expect(backlog.warning()).to.equal(null);
    backlog.admit(100);
    backlog.admit(1);
    expect(backlog.warning(10_000)).to.deep.equal({ refused: 1, pendingBytes: 100, limitBytes: 100 });
    backlog.admit(1);
    backlog.admit(1);
    now = 9_999;
    expect(backlog.warning(10_000)).to.equal(null);
    now = 10_000;
    expect(backlog.warning(10_000)).to.deep.equal({ refused: 2, pendingBytes: 100, limitBytes: 100 });
  });
});

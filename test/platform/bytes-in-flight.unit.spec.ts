import { expect } from 'chai';
import { mayAdmit, BytesInFlight } from '../../src/platform/http/bytes-in-flight';

describe('Bytes in flight (unit)', () => {
  it('takes a new request in while what is held stays below the limit, and always when nothing is held', () => {
    expect(mayAdmit(0, 1)).to.equal(true);
    expect(mayAdmit(999, 1_000)).to.equal(true);
    expect(mayAdmit(1_000, 1_000)).to.equal(false);
  });

  it('counts the bytes that arrived and gives them back when the request is answered', () => {
    const backlog = new BytesInFlight(1_000);
    expect(backlog.admit()).to.equal(true);
    backlog.hold(600);
    backlog.hold(400);
    expect(backlog.admit()).to.equal(false);
    backlog.release(1_000);
    expect(backlog.admit()).to.equal(true);
  });

  it('tells of refusals at most once per interval, with how many there were since it last told', () => {
    let now = 0;
    const backlog = new BytesInFlight(100, () => now);
    expect(backlog.warning()).to.equal(null);
    backlog.hold(100);
    backlog.admit();
    expect(backlog.warning(10_000)).to.deep.equal({ refused: 1, heldBytes: 100, limitBytes: 100 });
    backlog.admit();
    backlog.admit();
    now = 9_999;
    expect(backlog.warning(10_000)).to.equal(null);
    now = 10_000;
    expect(backlog.warning(10_000)).to.deep.equal({ refused: 2, heldBytes: 100, limitBytes: 100 });
  });
});

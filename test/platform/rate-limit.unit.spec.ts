import { expect } from 'chai';
import { takeToken, type Bucket } from '../../src/platform/http/rate-limit';

describe('rate limit: the token bucket', () => {
  const limit = { perSecond: 2, burst: 3 };
  const take = (bucket: Bucket | undefined, now: number) => takeToken(bucket, now, limit);

  it('lets a burst through at once, then one request per 1/perSecond', () => {
    let bucket: Bucket | undefined;
    const waits: number[] = [];
    for (let request = 0; request < 4; request += 1) {
      const taken = take(bucket, 0);
      bucket = taken.bucket;
      waits.push(taken.waitMs);
    }
    expect(waits).to.deep.equal([0, 0, 0, 500]);
    expect(take(bucket, 499).waitMs).to.equal(2); // half a second gives one token back
    expect(take(bucket, 500).waitMs).to.equal(0);
  });

  it('refills up to the burst, never beyond, and says when it is full again', () => {
    const drained = take(take(take(undefined, 0).bucket, 0).bucket, 0).bucket;
    expect(drained).to.deep.equal({ tokens: 0, at: 0, fullAt: 1500 });
    const muchLater = take(drained, 60_000);
    expect(muchLater.waitMs).to.equal(0);
    expect(muchLater.bucket.tokens).to.equal(2);
  });

  it('does not count a refused request: waiting the time it was told is enough', () => {
    const empty = take(take(take(undefined, 0).bucket, 0).bucket, 0).bucket;
    const refused = take(empty, 100);
    expect(refused.waitMs).to.equal(400);
    expect(take(refused.bucket, 100 + refused.waitMs).waitMs).to.equal(0);
  });
});

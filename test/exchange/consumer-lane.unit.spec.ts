import { expect } from 'chai';
import { ConsumerLane, type Delivery, type LaneSource } from '../../src/exchange/consumer-lane';

function event(position: number, partitionkey?: string, size = 100): Delivery {
  return {
    position,
    event: { specversion: '1.0', id: `e${position}`, source: 'urn:t', type: 't', time: '2026-01-01T00:00:00Z', ...(partitionkey ? { partitionkey } : {}) },
    size,
  };
}

/** A log of these deliveries, read as readLogBatch reads: up to `limit` events, none after the one that reaches `maxSize`. */
function logOf(deliveries: Delivery[], reads: { limit: number; maxSize: number; returned: number }[] = []): LaneSource {
  return async (after, limit, maxSize) => {
    const next: Delivery[] = [];
    let size = 0;
    for (const delivery of deliveries) {
      if (delivery.position <= after) continue;
      next.push(delivery);
      size += delivery.size;
      if (next.length === limit || size >= maxSize) break;
    }
    reads.push({ limit, maxSize, returned: next.length });
    const full = next.length === limit || size >= maxSize;
    const scannedTo = full ? next[next.length - 1].position : Math.max(after, ...deliveries.map((d) => d.position));
    return { deliveries: next, scannedTo, atHead: !full, readSize: size };
  };
}

/** A lane this bridge serves (holds the lease of), from a watermark. */
function servingLane(watermark: number, source: LaneSource): ConsumerLane {
  const lane = new ConsumerLane('c/g/standard', source);
  lane.serveFrom(watermark);
  return lane;
}

const positions = (deliveries: Delivery[]) => deliveries.map((delivery) => delivery.position);

describe('ConsumerLane: sharing a group lane between instances (unit)', () => {
  it('gives each event to one instance only', async () => {
    const lane = servingLane(0, logOf([1, 2, 3, 4].map((p) => event(p))));
    const a = await lane.take('a', 2);
    const b = await lane.take('b', 10);
    expect(positions(a)).to.deep.equal([1, 2]);
    expect(positions(b)).to.deep.equal([3, 4]);
  });

  it('keeps a partition key with the instance holding its unconfirmed events', async () => {
    const lane = servingLane(0, logOf([event(1, 'k'), event(2, 'k'), event(3, 'other'), event(4, 'k')]));
    expect(positions(await lane.take('a', 1))).to.deep.equal([1]);
    expect(positions(await lane.take('b', 10))).to.deep.equal([3]);
    expect(positions(await lane.take('a', 10))).to.deep.equal([2, 4]);
  });

  it('hands a key to another instance once all its events are confirmed', async () => {
    const lane = servingLane(0, logOf([event(1, 'k'), event(2, 'k')]));
    await lane.take('a', 1);
    expect(await lane.take('b', 10)).to.be.empty;
    lane.acknowledge('a', [1]);
    expect(positions(await lane.take('b', 10))).to.deep.equal([2]);
  });

  it('returns a released instance’s unconfirmed events to the group in log order', async () => {
    const lane = servingLane(0, logOf([event(1, 'k'), event(2, 'k'), event(3)]));
    await lane.take('a', 3);
    lane.acknowledge('a', [1]);
    expect(lane.release('a')).to.equal(2);
    expect(positions(await lane.take('b', 10))).to.deep.equal([2, 3]);
  });

  it('moves its watermark to just below the oldest unconfirmed event, and counts what was confirmed', async () => {
    const lane = servingLane(10, logOf([11, 12, 13].map((p) => event(p))));
    expect(lane.watermark()).to.equal(10);
    await lane.take('a', 3);
    lane.acknowledge('a', [11, 13]);
    expect(lane.watermark()).to.equal(11);
    expect(lane.acknowledgements()).to.equal(2);
    lane.acknowledge('a', [12, 13]); // 13 again: counted once
    expect(lane.watermark()).to.equal(13);
    expect(lane.acknowledgements()).to.equal(3);
  });

  it('starts after its start position and sees events appended later', async () => {
    const log = [event(1), event(2)];
    const lane = servingLane(1, logOf(log));
    expect(positions(await lane.take('a', 10))).to.deep.equal([2]);
    expect(await lane.take('a', 10)).to.be.empty;
    log.push(event(3));
    lane.logAdvanced();
    expect(positions(await lane.take('a', 10))).to.deep.equal([3]);
  });

  it('hands out nothing while standing by, and starts over from the shared watermark when it serves again', async () => {
    const lane = servingLane(0, logOf([1, 2, 3, 4].map((p) => event(p))));
    expect(positions(await lane.take('a', 2))).to.deep.equal([1, 2]);
    lane.standBy();
    expect(lane.wouldRead()).to.equal(false);
    expect(await lane.take('a', 10)).to.be.empty;
    // another bridge confirmed up to 3 meanwhile
    lane.serveFrom(3);
    lane.acknowledge('a', [1, 2]);
    expect(positions(await lane.take('b', 10))).to.deep.equal([4]);
    expect(lane.watermark()).to.equal(3);
  });

  it('lets other work run between its reads while far behind the log, and near the head reads once, without a pause', async () => {
    const head = 5_000;
    let otherWorkRan = false;
    const otherWorkBeforeRead: boolean[] = [];
    // a client that gets one event in 5,000: the lane reads through the log chunk by chunk
    const source: LaneSource = async (after, limit) => {
      otherWorkBeforeRead.push(otherWorkRan);
      const scannedTo = Math.min(after + limit, head);
      return { deliveries: after < 4_500 && scannedTo >= 4_500 ? [event(4_500)] : [], scannedTo, atHead: scannedTo === head, readSize: 0 };
    };
    setImmediate(() => (otherWorkRan = true));
    expect(positions(await servingLane(0, source).take('a', 10))).to.deep.equal([4_500]);
    expect(otherWorkBeforeRead.slice(0, 2)).to.deep.equal([false, true]);

    otherWorkRan = false;
    setImmediate(() => (otherWorkRan = true));
    const readsBefore = otherWorkBeforeRead.length;
    expect(await servingLane(4_998, source).take('a', 10)).to.be.empty;
    expect(otherWorkRan, 'a lane two events behind waited for a turn of the event loop').to.equal(false);
    expect(otherWorkBeforeRead.length - readsBefore, 'reads of a lane whose first read reached the head').to.equal(1);
  });

  it('reads large events a few megabytes at a time, and holds only some megabytes of them ahead', async () => {
    const reads: { limit: number; maxSize: number; returned: number }[] = [];
    const megabyte = 1_000_000;
    const lane = servingLane(0, logOf(Array.from({ length: 50 }, (_, index) => event(index + 1, undefined, megabyte)), reads));
    expect(positions(await lane.take('a', 1))).to.deep.equal([1]);
    const read = reads.reduce((sum, { returned }) => sum + returned, 0);
    expect(read, 'events of 1 MB read for one take').to.be.within(1, 8);
    for (const { maxSize } of reads) expect(maxSize).to.be.at.most(4 * megabyte);

    // and what it hands out stops at the event that reaches the size asked for
    expect(positions(await lane.take('b', 10, 2.5 * megabyte))).to.deep.equal([2, 3, 4]);
    expect(positions(await lane.take('c', 10, 1))).to.deep.equal([5]);
    // events given back count again towards what the lane holds: it does not read further while they wait
    lane.release('b');
    const readsBefore = reads.length;
    expect(positions(await lane.take('d', 3))).to.deep.equal([2, 3, 4]);
    expect(reads.length).to.equal(readsBefore);
  });

  it('passes by a stretch of the log the caller found holds nothing for it, without reading it', async () => {
    const reads: { limit: number; maxSize: number; returned: number }[] = [];
    const lane = servingLane(0, logOf([event(3), event(12)], reads));
    lane.passTo(10, true);
    expect(lane.readUpTo()).to.equal(10);
    expect(lane.watermark(), 'nothing before 10 was for it').to.equal(10);
    expect(lane.wouldRead(), 'caught up: the caller read all the log it was told of').to.equal(false);
    lane.logAdvanced();
    expect(positions(await lane.take('a', 10)), 'reads on after the position it passed to').to.deep.equal([12]);
    expect(reads).to.have.length(1);

    lane.passTo(5, true);
    expect(lane.readUpTo(), 'never backwards').to.equal(12);
    lane.logAdvanced();
    lane.passTo(20, false);
    expect(lane.wouldRead(), 'not caught up: the caller had not read all the log it was told of').to.equal(true);
    lane.standBy();
    lane.passTo(30, true);
    expect(lane.readUpTo(), 'a lane standing by does not move').to.equal(20);
  });
});

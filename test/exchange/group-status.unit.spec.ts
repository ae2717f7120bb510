import { expect } from 'chai';
import type { LaneSource } from '../../src/exchange/consumer-lane';
import { countDeliveries } from '../../src/exchange/group-status';

const ANY_SIZE = Number.POSITIVE_INFINITY;

/**
 * A log of positions 1..head, each event of `eventSize`, of which the lane delivers the odd ones; a read
 * takes `limit` events of the log, and none after the one that reaches `maxSize`, as readLogBatch does.
 */
function oddPositionsOf(head: number, eventSize = 100): LaneSource & { reads: number } {
  const source = Object.assign(
    async (after: number, limit: number, maxSize: number) => {
      source.reads += 1;
      const count = Math.max(0, Math.min(limit, Math.ceil(maxSize / eventSize), head - after));
      const read = Array.from({ length: count }, (_, index) => after + 1 + index);
      const deliveries = read
        .filter((position) => position % 2 === 1)
        .map((position) => ({ position, event: { specversion: '1.0' as const, id: `e${position}`, source: 'urn:t', type: 't', time: '2026-01-01T00:00:00Z' }, size: eventSize }));
      const full = read.length === limit || read.length * eventSize >= maxSize;
      return { deliveries, scannedTo: full ? read[read.length - 1] : head, atHead: !full, readSize: read.length * eventSize };
    },
    { reads: 0 },
  );
  return source;
}

describe('countDeliveries: what waits for a consumer group lane (unit)', () => {
  it('counts what the lane would deliver after its watermark, up to the head', async () => {
    expect(await countDeliveries(oddPositionsOf(2500), 0, 2500, { events: 20_000, size: ANY_SIZE })).to.deep.equal({
      deliveries: 1250,
      read: { events: 2500, size: 250_000 },
      complete: true,
    });
    expect(await countDeliveries(oddPositionsOf(2500), 2000, 2500, { events: 20_000, size: ANY_SIZE })).to.deep.include({ deliveries: 250, complete: true });
  });

  it('stops at its reading budget, and then says the count is only a lower bound', async () => {
    const source = oddPositionsOf(2500);
    expect(await countDeliveries(source, 0, 2500, { events: 1500, size: ANY_SIZE })).to.deep.equal({ deliveries: 750, read: { events: 1500, size: 150_000 }, complete: false });
    expect(source.reads).to.equal(2);
  });

  it('reads large events a few megabytes at a time, and stops once their sizes reach its budget', async () => {
    const megabyte = 1_000_000;
    const source = oddPositionsOf(100, megabyte);
    const counted = await countDeliveries(source, 0, 100, { events: 20_000, size: 10 * megabyte });
    expect(counted).to.deep.equal({ deliveries: 5, read: { events: 10, size: 10 * megabyte }, complete: false });
    expect(source.reads, 'reads of at most 4 MB').to.equal(3);
  });

  it('reads nothing for a lane that is at the head, or when the budget is spent', async () => {
    const source = oddPositionsOf(100);
    const none = { events: 0, size: 0 };
    expect(await countDeliveries(source, 100, 100, { events: 20_000, size: ANY_SIZE })).to.deep.equal({ deliveries: 0, read: none, complete: true });
    expect(await countDeliveries(source, 0, 100, { events: 0, size: ANY_SIZE })).to.deep.equal({ deliveries: 0, read: none, complete: false });
    expect(await countDeliveries(source, 0, 100, { events: 20_000, size: 0 })).to.deep.equal({ deliveries: 0, read: none, complete: false });
    expect(source.reads).to.equal(0);
  });
});

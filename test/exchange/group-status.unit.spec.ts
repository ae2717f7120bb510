import { expect } from 'chai';
import type { LaneSource } from '../../src/exchange/consumer-lane';
import { countDeliveries } from '../../src/exchange/consumer-service';

/** A log of positions 1..head of which the lane delivers the odd ones; a read takes `limit` events of the log, as readLogBatch does. */
function oddPositionsOf(head: number): LaneSource & { reads: number } {
  const source = Object.assign(
    async (after: number, limit: number) => {
      source.reads += 1;
      const read = Array.from({ length: Math.max(0, Math.min(limit, head - after)) }, (_, index) => after + 1 + index);
      const deliveries = read
        .filter((position) => position % 2 === 1)
        .map((position) => ({ position, event: { specversion: '1.0' as const, id: `e${position}`, source: 'urn:t', type: 't', time: '2026-01-01T00:00:00Z' }, size: 100 }));
      return { deliveries, scannedTo: read.length === limit ? read[read.length - 1] : head, atHead: read.length < limit };
    },
    { reads: 0 },
  );
  return source;
}

describe('countDeliveries: what waits for a consumer group lane (unit)', () => {
  it('counts what the lane would deliver after its watermark, up to the head', async () => {
    expect(await countDeliveries(oddPositionsOf(2500), 0, 2500, 20_000)).to.deep.equal({ deliveries: 1250, read: 2500, complete: true });
    expect(await countDeliveries(oddPositionsOf(2500), 2000, 2500, 20_000)).to.deep.include({ deliveries: 250, complete: true });
  });

  it('stops at its reading budget, and then says the count is only a lower bound', async () => {
    const source = oddPositionsOf(2500);
    expect(await countDeliveries(source, 0, 2500, 1500)).to.deep.equal({ deliveries: 750, read: 1500, complete: false });
    expect(source.reads).to.equal(2);
  });

  it('reads nothing for a lane that is at the head, or when the budget is spent', async () => {
    const source = oddPositionsOf(100);
    expect(await countDeliveries(source, 100, 100, 20_000)).to.deep.equal({ deliveries: 0, read: 0, complete: true });
    expect(await countDeliveries(source, 0, 100, 0)).to.deep.equal({ deliveries: 0, read: 0, complete: false });
    expect(source.reads).to.equal(0);
  });
});

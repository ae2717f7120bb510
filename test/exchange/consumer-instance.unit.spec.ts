import { expect } from 'chai';
import { ConsumerInstance, OFFSET_BLOCK, type InstanceOptions, type OffsetBlocks } from '../../src/exchange/consumer-instance';
import { ConsumerLane, type Delivery } from '../../src/exchange/consumer-lane';

const OPTIONS: InstanceOptions = { events: true, test: false, dead: false, group: 'g' };

function laneOf(count: number, readMs = 0): ConsumerLane {
  const deliveries: Delivery[] = Array.from({ length: count }, (_, index) => ({
    position: index + 1,
    event: { specversion: '1.0', id: `e${index + 1}`, source: 'urn:t', type: 't', time: '2026-01-01T00:00:00Z' },
    size: 100 * (index + 1),
  }));
  const lane = new ConsumerLane('c/g/standard', async (after, limit) => {
    if (readMs > 0) await new Promise((resolve) => setTimeout(resolve, readMs)); // a log on a server (EventStoreDB) answers later
    const next = deliveries.filter((delivery) => delivery.position > after).slice(0, limit);
    const readSize = next.reduce((size, delivery) => size + delivery.size, 0);
    return { deliveries: next, scannedTo: next.length === limit ? next[next.length - 1].position : count, atHead: next.length < limit, readSize };
  });
  lane.serveFrom(0);
  return lane;
}

/** Offset blocks whose saves are recorded, as the consumer service keeps them in the instance's document. */
function recordedBlocks(firstOffset: number, reservedUpTo: number) {
  const saved: number[] = [];
  const blocks: OffsetBlocks = {
    firstOffset,
    reservedUpTo,
    async reserve(upTo) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      saved.push(upTo);
      blocks.reservedUpTo = Math.max(blocks.reservedUpTo, upTo);
    },
  };
  return { blocks, saved };
}

const offsets = (taken: { offset: number }[]) => taken.map((delivery) => delivery.offset);

describe('ConsumerInstance: offsets (unit)', () => {
  it('numbers from 1 without saving anything while it stays inside its first block', async () => {
    const { blocks, saved } = recordedBlocks(1, OFFSET_BLOCK);
    const instance = new ConsumerInstance('i', 'c', OPTIONS, [laneOf(5)], 0, 'http', undefined, blocks);
    expect(offsets(await instance.take(3))).to.deep.equal([1, 2, 3]);
    expect(offsets(await instance.take(3))).to.deep.equal([4, 5]);
    expect(saved).to.be.empty;
  });

  it('saves the next block before it hands out an offset beyond the saved one', async () => {
    const { blocks, saved } = recordedBlocks(11, 10); // reopened after a restart: the saved block ended at 10
    const instance = new ConsumerInstance('i', 'c', OPTIONS, [laneOf(3)], 0, 'http', undefined, blocks);
    expect(offsets(await instance.take(2))).to.deep.equal([11, 12]);
    expect(saved).to.deep.equal([12 + OFFSET_BLOCK]);
  });

  it('gives concurrent takes distinct offsets, each inside a saved block', async () => {
    const { blocks } = recordedBlocks(1, 2);
    const instance = new ConsumerInstance('i', 'c', OPTIONS, [laneOf(6)], 0, 'http', undefined, blocks);
    const taken = (await Promise.all([instance.take(2), instance.take(2), instance.take(2)])).flat();
    expect(offsets(taken).sort((a, b) => a - b)).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(blocks.reservedUpTo).to.be.at.least(6);
  });

  it('numbers a WebSocket instance from 1 with nothing to save', async () => {
    const instance = new ConsumerInstance('i', 'c', OPTIONS, [laneOf(2)], 0, 'websocket');
    expect(offsets(await instance.take(10))).to.deep.equal([1, 2]);
  });

  it('takes events up to the one that reaches the size asked for, and keeps the size of what is unconfirmed', async () => {
    // event n has size 100 n
    const lanes = [laneOf(3), laneOf(3)];
    const instance = new ConsumerInstance('i', 'c', OPTIONS, lanes, 0, 'websocket');
    const first = await instance.take(10, 250);
    expect(first.map((delivery) => delivery.size)).to.deep.equal([100, 200]);
    expect(instance.unconfirmedSize).to.equal(300);
    // the first lane's last event, then the second lane's first: 300 + 100 reaches 350
    expect((await instance.take(10, 350)).map((delivery) => delivery.size)).to.deep.equal([100, 300]);
    expect(instance.unconfirmedSize).to.equal(700);
    instance.confirm(first[1].offset);
    expect(instance.unconfirmedSize).to.equal(400);
    instance.confirm();
    expect(instance.unconfirmedSize).to.equal(0);
  });
});

describe('ConsumerInstance: going away while the log is read (unit)', () => {
  it('gives back to the group what its lanes handed it after it was released', async () => {
    const lane = laneOf(1, 30);
    const leaving = new ConsumerInstance('leaving', 'c', OPTIONS, [lane], 0, 'http');
    const taking = leaving.take(10);
    leaving.release(); // deleted, expired or disconnected while the lane waits for the log
    expect(await taking).to.be.empty;
    const staying = new ConsumerInstance('staying', 'c', OPTIONS, [lane], 0, 'http');
    expect((await staying.take(10)).map((delivery) => delivery.event.id)).to.deep.equal(['e1']);
    expect(lane.watermark()).to.equal(0);
    staying.confirm();
    expect(lane.watermark()).to.equal(1);
  });

  it('gives back what a failing delivery listener kept it from handing out: a confirm does not acknowledge it', async () => {
    const lane = laneOf(2);
    let failing = true;
    const listener = async () => {
      if (failing) throw new Error('the personal-data log refused the delivery');
    };
    const instance = new ConsumerInstance('first', 'c', OPTIONS, [lane], 0, 'http', listener);
    const refusal = await instance.take(10).then(() => null, (error: Error) => error.message);
    expect(refusal).to.equal('the personal-data log refused the delivery');
    expect(instance.confirm()).to.equal(0);
    expect(lane.watermark()).to.equal(0);
    failing = false;
    const other = new ConsumerInstance('other', 'c', OPTIONS, [lane], 0, 'http', listener);
    expect((await other.take(10)).map((delivery) => delivery.event.id)).to.deep.equal(['e1', 'e2']);
  });

  it('gives back what the lanes handed it when its next block of offsets cannot be saved', async () => {
    const lane = laneOf(4, 20);
    const blocks: OffsetBlocks = {
      firstOffset: 1,
      reservedUpTo: 2,
      async reserve() {
        throw new Error('document store unavailable');
      },
    };
    const instance = new ConsumerInstance('first', 'c', OPTIONS, [lane], 0, 'http', undefined, blocks);
    const [first, second] = await Promise.allSettled([instance.take(2), instance.take(2)]);
    expect(first.status === 'fulfilled' && offsets(first.value)).to.deep.equal([1, 2]);
    expect(second.status === 'rejected' && (second.reason as Error).message).to.equal('document store unavailable');
    expect(instance.confirm()).to.equal(2);
    const other = new ConsumerInstance('other', 'c', OPTIONS, [lane], 0, 'http');
    expect((await other.take(10)).map((delivery) => delivery.event.id)).to.deep.equal(['e3', 'e4']);
  });
});

import { expect } from 'chai';
import { planShards, shardOf } from '../../src/exchange/group-shards';

const delivery = (position: number, partitionkey?: string) => ({
  position,
  event: { specversion: '1.0' as const, id: `e${position}`, source: 'urn:test', type: 'demo.test', time: '2026-11-23T00:00:00Z', ...(partitionkey ? { partitionkey } : {}) },
});

describe('Exchange: consumer group shards (unit)', () => {
  describe('shardOf', () => {
    it('puts every event in shard 0 when a group has one shard', () => {
      expect([1, 2, 3].map((position) => shardOf(delivery(position, 'k'), 1))).to.deep.equal([0, 0, 0]);
    });

    it('keeps one partition key in one shard wherever its events are in the log', () => {
      const shards = new Set([3, 17, 1_000_001].map((position) => shardOf(delivery(position, 'order-42'), 8)));
      expect(shards.size).to.equal(1);
    });

    it('spreads keys and keyless events over the shards', () => {
      const byKey = new Set(Array.from({ length: 64 }, (_, i) => shardOf(delivery(1, `key-${i}`), 4)));
      const byPosition = new Set(Array.from({ length: 4 }, (_, i) => shardOf(delivery(i + 1), 4)));
      expect([...byKey].sort()).to.deep.equal([0, 1, 2, 3]);
      expect([...byPosition].sort()).to.deep.equal([0, 1, 2, 3]);
    });
  });

  describe('planShards', () => {
    it('takes every free shard when this bridge is the only member', () => {
      expect(planShards({ bridge: 'a', members: ['a'], holders: [null, null, null, null] })).to.deep.equal({ release: [], acquire: [0, 1, 2, 3] });
    });

    it('lets half go when a second bridge joins, and the newcomer takes them once free', () => {
      const holders = ['a', 'a', 'a', 'a'];
      expect(planShards({ bridge: 'a', members: ['a', 'b'], holders })).to.deep.equal({ release: [2, 3], acquire: [] });
      expect(planShards({ bridge: 'b', members: ['a', 'b'], holders })).to.deep.equal({ release: [], acquire: [] });
      expect(planShards({ bridge: 'b', members: ['a', 'b'], holders: ['a', 'a', null, null] })).to.deep.equal({ release: [], acquire: [2, 3] });
    });

    it('gives the odd shard to the bridge already holding most, so nothing moves back and forth', () => {
      const holders = ['a', 'a', 'a', 'b', 'b'];
      expect(planShards({ bridge: 'a', members: ['a', 'b'], holders })).to.deep.equal({ release: [], acquire: [] });
      expect(planShards({ bridge: 'b', members: ['a', 'b'], holders })).to.deep.equal({ release: [], acquire: [] });
    });

    it('keeps a one-shard group where it is served (the other bridge stands by)', () => {
      expect(planShards({ bridge: 'b', members: ['a', 'b'], holders: ['b'] })).to.deep.equal({ release: [], acquire: [] });
      expect(planShards({ bridge: 'a', members: ['a', 'b'], holders: ['b'] })).to.deep.equal({ release: [], acquire: [] });
    });

    it('lets every shard go when this bridge has no instance of the group any more', () => {
      expect(planShards({ bridge: 'a', members: ['b'], holders: ['a', 'b', 'a'] })).to.deep.equal({ release: [0, 2], acquire: [] });
    });

    it('never takes a shard another bridge holds, even under its share', () => {
      expect(planShards({ bridge: 'b', members: ['b'], holders: ['a', null] })).to.deep.equal({ release: [], acquire: [1] });
    });

    it('gives every member the same shares whichever bridge computes them', () => {
      const holders = ['c', null, 'a', null, 'c', 'c', null];
      const members = ['c', 'a', 'b'];
      const plans = Object.fromEntries(members.map((bridge) => [bridge, planShards({ bridge, members, holders })]));
      // c holds 3 of 7: share 3 (the largest holder gets the odd one); a and b get 2 each
      expect(plans.c).to.deep.equal({ release: [], acquire: [] });
      expect(plans.a).to.deep.equal({ release: [], acquire: [1] });
      expect(plans.b).to.deep.equal({ release: [], acquire: [1, 3] });
    });
  });
});

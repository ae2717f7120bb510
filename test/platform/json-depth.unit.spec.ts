import { expect } from 'chai';
import { nestsDeeperThan } from '../../src/platform/json-depth';

const nested = (levels: number, leaf: unknown = 1): unknown => JSON.parse('[{"a":'.repeat(levels / 2) + JSON.stringify(leaf) + '}]'.repeat(levels / 2));

describe('JSON nesting depth (unit)', () => {
  it('counts arrays and objects inside one another, not scalars', () => {
    expect(nestsDeeperThan(1, 0)).to.equal(false);
    expect(nestsDeeperThan('text', 0)).to.equal(false);
    expect(nestsDeeperThan(null, 0)).to.equal(false);
    expect(nestsDeeperThan({}, 0)).to.equal(true);
    expect(nestsDeeperThan({}, 1)).to.equal(false);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 2)).to.equal(true);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 3)).to.equal(false);
  });

  it('finds the deepest branch wherever it is', () => {
    expect(nestsDeeperThan({ shallow: 1, list: [[], [[[]]]] }, 4)).to.equal(true);
    expect(nestsDeeperThan({ shallow: 1, list: [[], [[[]]]] }, 5)).to.equal(false);
  });

  it('measures a value nested far past the stack JSON.stringify has, without overflowing its own', () => {
    const deep = nested(200_000);
    expect(() => JSON.stringify(deep)).to.throw(RangeError);
    expect(nestsDeeperThan(deep, 64)).to.equal(true);
    expect(nestsDeeperThan(nested(64), 64)).to.equal(false);
    expect(nestsDeeperThan(nested(66), 64)).to.equal(true);
  });
});

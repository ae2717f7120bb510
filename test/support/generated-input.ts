import { expect } from 'chai';
import type { HttpResponse } from './https-client';

/**
 * Pieces for tests that send generated bad input: a seeded random source, so that a failing run can be
 * repeated with its seed, and the check every answer to bad input must pass.
 */
export type Random = {
  /** true with probability p */
  chance(p: number): boolean;
  /** an integer from 0 to below - 1 */
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
};

/** mulberry32, a small generator with a 32-bit state: plenty for choosing test input. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p) => next() < p,
    int: (below) => Math.floor(next() * below),
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

/** Bad input gets a 2xx or a 4xx with an RFC 7807 body whose status is the response's; never a 5xx. */
export function expectNoServerError(what: string, response: HttpResponse): HttpResponse {
  expect(response.status, `${what} -> ${response.status} ${response.text.slice(0, 300)}`).to.be.below(500);
  if (response.status >= 400) {
    expect(String(response.headers['content-type']), what).to.match(/^application\/problem\+json/);
    const problem = response.json();
    expect(problem.status, what).to.equal(response.status);
    expect(problem.title, what).to.be.a('string').and.not.empty;
  }
  return response;
}

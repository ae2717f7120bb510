import { expect } from 'chai';
import { ProblemError } from '../../src/platform/errors';
import { MAX_FILTER_PAIRS, parseFilter, parseOpenTimeRange, parseTimeRange } from '../../src/eventlog/queries/log-search';

const problemOf = (action: () => unknown): ProblemError => {
  try {
    action();
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  expect.fail('expected a problem');
};

const pairs = (count: number) => Array.from({ length: count }, (_, index) => `field${index}=value`).join(',');

describe('Event logging: search parameters', () => {
  it(`takes a filter of at most ${MAX_FILTER_PAIRS} pairs and refuses a longer one with 400 naming filter`, () => {
    expect(MAX_FILTER_PAIRS).to.equal(100);
    expect(parseFilter(pairs(MAX_FILTER_PAIRS))).to.have.length(MAX_FILTER_PAIRS);
    for (const count of [MAX_FILTER_PAIRS + 1, 1_100]) {
      const problem = problemOf(() => parseFilter(pairs(count)));
      expect(problem.status).to.equal(400);
      expect(problem.errors).to.deep.equal({ filter: [`at most ${MAX_FILTER_PAIRS} pairs`] });
      expect(problem.detail).to.contain(String(count));
    }
  });

  it('refuses a time bound outside the years 0000-9999 in UTC, naming the parameter', () => {
    const problem = problemOf(() => parseTimeRange('2024-01-01', '9999-12-31T23:59:59-23:59'));
    expect(problem.errors).to.deep.equal({ event_time_to: ['must fall within the years 0000-9999 once converted to UTC'] });
    expect(parseTimeRange('0000-01-01', '0100-01-01')).to.deep.equal({ from: '0000-01-01T00:00:00.000Z', to: '0100-01-01T00:00:00.000Z' });
  });

  it('leaves an open range open on the side whose end is not given', () => {
    const names = { from: 'eventTimeFrom', to: 'eventTimeTo' };
    expect(parseOpenTimeRange(undefined, undefined, names)).to.deep.equal({ from: undefined, to: undefined });
    expect(parseOpenTimeRange(undefined, '0099-01-01', names)).to.deep.equal({ from: undefined, to: '0099-01-01T00:00:00.000Z' });
    expect(problemOf(() => parseOpenTimeRange('2024-01-02', '2024-01-01', names)).errors).to.have.keys('eventTimeTo');
    expect(problemOf(() => parseOpenTimeRange('yesterday', undefined, names)).errors).to.have.keys('eventTimeFrom');
  });
});

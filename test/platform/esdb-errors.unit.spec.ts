import { DeadlineExceededError, MaxAppendSizeExceededError, NotFoundError, NotLeaderError, TimeoutError, UnavailableError, UnknownError } from '@eventstore/db-client';
import { expect } from 'chai';
import { isServerUnreachable } from '../../src/platform/event-store/esdb-event-store';

describe('EventStoreDB adapter: which client errors mean the log cannot store events now (unit)', () => {
  it('takes a server out of reach, out of time or not the leader as unavailable', () => {
    // what a follower answers during an election: the gRPC status with the leader's address in its metadata
    const leaderElsewhere = { details: 'not the leader', metadata: { getMap: () => ({ 'leader-endpoint-host': 'node-2', 'leader-endpoint-port': '2113' }) } };
    const notLeader = new NotLeaderError(leaderElsewhere as unknown as ConstructorParameters<typeof NotLeaderError>[0]);
    for (const error of [new UnavailableError(), new DeadlineExceededError(), new TimeoutError(), notLeader]) {
      expect(isServerUnreachable(error), error.constructor.name).to.equal(true);
    }
  });

  it('leaves every other error to its own handling', () => {
    const others: unknown[] = [new UnknownError(), new NotFoundError(), Object.create(MaxAppendSizeExceededError.prototype), new Error('boom'), 'text'];
    for (const error of others) expect(isServerUnreachable(error), String((error as Error)?.constructor?.name ?? error)).to.equal(false);
  });
});

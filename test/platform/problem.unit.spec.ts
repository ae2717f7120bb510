import { expect } from 'chai';
import { ProblemError } from '../../src/platform/errors';
import { AppendTooLargeError } from '../../src/platform/event-store/event-store';
import { problemFor } from '../../src/platform/http/problem';

describe('problemFor: the problem details of an error (unit)', () => {
  it('keeps the status of a ProblemError', () => {
    expect(problemFor(new ProblemError(409, 'Conflict', 'taken')).problem).to.include({ status: 409, title: 'Conflict', detail: 'taken' });
  });

  it('answers 413 when the log refuses an append for its size (EventStoreDB), as nothing was written', () => {
    const { problem, unexpected } = problemFor(new AppendTooLargeError(4_194_304));
    expect(unexpected).to.equal(false);
    expect(problem).to.include({ status: 413, title: 'Payload Too Large' });
    expect(problem.detail).to.contain('4194304 bytes');
  });

  it('hides anything else behind a 500', () => {
    const { problem, unexpected } = problemFor(new Error('SQLITE_CORRUPT: at /var/lib/data'));
    expect(unexpected).to.equal(true);
    expect(problem.status).to.equal(500);
    expect(problem.detail).to.not.contain('SQLITE');
  });
});

import { expect } from 'chai';
import { badRequest, ProblemError } from '../../src/platform/errors';
import { AppendTooLargeError, LogUnavailableError } from '../../src/platform/event-store/event-store';
import { problemFor, refusalLevel } from '../../src/platform/http/problem';

describe('problemFor: the problem details of an error (unit)', () => {
  it('keeps the status of a ProblemError', () => {
    expect(problemFor(new ProblemError(409, 'Conflict', 'taken')).problem).to.include({ status: 409, title: 'Conflict', detail: 'taken' });
  });

  it('carries the members a service adds besides RFC 7807\'s own, after them', () => {
    const error = new ProblemError(404, 'Not Found', 'no such code', undefined, {}, undefined, { extensions: { data: null, success: false, messages: ['NotFound: no such code'] } });
    const { problem, unexpected } = problemFor(error);
    expect(problem).to.deep.include({ status: 404, data: null, success: false, messages: ['NotFound: no such code'] });
    expect(Object.keys(problem).slice(0, 2)).to.deep.equal(['status', 'title']);
    expect(unexpected).to.equal(false);
  });

  it('counts a 5xx a service made of an unexpected error (its cause) as a fault of the platform', () => {
    const cause = new Error('SQLITE_CORRUPT');
    expect(problemFor(new ProblemError(501, 'Not Implemented', 'failed', undefined, {}, undefined, { cause })).unexpected).to.equal(true);
    expect(problemFor(new ProblemError(503, 'Service Unavailable', 'busy')).unexpected, 'a 5xx without a cause is a refusal').to.equal(false);
  });

  it('carries the error code a service gave its problem, and none otherwise', () => {
    expect(problemFor(new ProblemError(400, 'Bad Request', 'no such petition').withCode('PetitionNotFound')).problem).to.include({ status: 400, code: 'PetitionNotFound' });
    expect(problemFor(new ProblemError(400, 'Bad Request', 'x')).problem).to.not.have.property('code');
  });

  it("carries the code with the rest of the problem", () => {
    expect(problemFor(badRequest('status: is invalid', { status: ['is invalid'] }).withCode('InvalidParameter')).problem).to.deep.equal({
      status: 400,
      title: 'Bad Request',
      detail: 'status: is invalid',
      errors: { status: ['is invalid'] },
      code: 'InvalidParameter',
    });
  });

  it('answers 413 when the log refuses an append for its size (EventStoreDB), as nothing was written', () => {
    const { problem, unexpected } = problemFor(new AppendTooLargeError(4_194_304));
    expect(unexpected).to.equal(false);
    expect(problem).to.include({ status: 413, title: 'Payload Too Large' });
    expect(problem.detail).to.contain('4194304 bytes');
  });

  it('answers 503 with Retry-After when the log cannot store events, logged as a fault of the platform, its reason kept back', () => {
    const { problem, headers, unexpected } = problemFor(new LogUnavailableError('disk I/O error (SQLITE_IOERR_WRITE)'));
    expect(problem).to.include({ status: 503, title: 'Service Unavailable' });
    expect(headers).to.deep.equal({ 'retry-after': '10' });
    expect(unexpected).to.equal(true);
    expect(problem.detail).to.not.contain('SQLITE');
  });

  it('hides anything else behind a 500', () => {
    const { problem, unexpected } = problemFor(new Error('SQLITE_CORRUPT: at /var/lib/data'));
    expect(unexpected).to.equal(true);
    expect(problem.status).to.equal(500);
    expect(problem.detail).to.not.contain('SQLITE');
  });
});

describe('refusalLevel: how loud a refusal is in the log (unit)', () => {
  it('logs an unexpected error as an error, whatever its status', () => {
    expect(refusalLevel(500, true)).to.equal('error');
  });

  it('warns of refused identities and rights', () => {
    expect([401, 403].map((status) => refusalLevel(status, false))).to.deep.equal(['warn', 'warn']);
  });

  it('keeps the refusals that come in floods while a limit is reached (429, 503) at debug', () => {
    expect([429, 503].map((status) => refusalLevel(status, false))).to.deep.equal(['debug', 'debug']);
  });

  it('logs any other refusal at info', () => {
    expect([400, 404, 409, 413, 422, 431, 505].map((status) => refusalLevel(status, false))).to.deep.equal(['info', 'info', 'info', 'info', 'info', 'info', 'info']);
  });
});

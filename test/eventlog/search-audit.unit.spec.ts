import { expect } from 'chai';
import { ProblemError } from '../../src/platform/errors';
import { MAX_STRING_BYTES } from '../../src/eventlog/registration/log-event-rules';
import { refuseUnloggable } from '../../src/eventlog/queries/search-audit';

describe('Event logging: what a search logs', () => {
  it('refuses up front, by the request\'s field name, a value longer than the logging rules allow in UTF-8 bytes', () => {
    expect(() => refuseUnloggable({ legalBasis: 'a'.repeat(MAX_STRING_BYTES), user: undefined })).not.to.throw();
    try {
      refuseUnloggable({ subject: '2000000000011', legalBasis: 'ă'.repeat(MAX_STRING_BYTES) });
      expect.fail('expected a problem');
    } catch (error) {
      expect(error).to.be.instanceOf(ProblemError);
      const problem = error as ProblemError;
      expect(problem.status).to.equal(400);
      expect(problem.errors).to.have.keys('legalBasis');
      expect(problem.detail).to.contain('legalBasis').and.not.to.contain('logging rules');
    }
  });
});

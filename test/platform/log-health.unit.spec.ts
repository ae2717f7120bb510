import { expect } from 'chai';
import { LogUnavailableError } from '../../src/platform/event-store/event-store';
import { commitFailure, logHealthProblem, STORAGE_FAILURE_WINDOW_MS } from '../../src/platform/event-store/sqlite-event-store';

describe('The embedded log unable to store events (unit)', () => {
  describe('commitFailure: what a commit the writer could not make becomes', () => {
    it('is a LogUnavailableError when SQLite says the storage refused it (full, I/O, read-only, locked, not openable)', () => {
      for (const code of ['SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC', 'SQLITE_READONLY', 'SQLITE_BUSY', 'SQLITE_CANTOPEN']) {
        const failure = commitFailure('disk I/O error', code);
        expect(failure, code).to.be.instanceOf(LogUnavailableError);
        expect(failure.message).to.contain(code);
      }
    });

    it('is a plain error (a fault of the platform) for anything else', () => {
      for (const code of ['SQLITE_CORRUPT', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', undefined]) {
        const failure = commitFailure('something broke', code);
        expect(failure, String(code)).to.not.be.instanceOf(LogUnavailableError);
        expect(failure.message).to.contain('something broke');
      }
    });
  });

  describe('logHealthProblem: why the log cannot take appends now', () => {
    const now = 1_000_000;

    it('is nothing for a log whose writer runs and whose storage refused nothing', () => {
      expect(logHealthProblem({ broken: null, lastStorageFailure: null, now })).to.equal(null);
    });

    it('is the reason the writer stopped, for good', () => {
      expect(logHealthProblem({ broken: 'its writer thread stopped (exit code 1)', lastStorageFailure: null, now })).to.equal('its writer thread stopped (exit code 1)');
    });

    it('is a refused commit, for the window after it, then nothing (so a bridge taken out of service gets appends again)', () => {
      const lastStorageFailure = { at: now - 5_000, reason: 'disk I/O error (SQLITE_IOERR_WRITE)' };
      expect(logHealthProblem({ broken: null, lastStorageFailure, now })).to.match(/refused a commit 5 s ago \(disk I\/O error \(SQLITE_IOERR_WRITE\)\)/);
      expect(logHealthProblem({ broken: null, lastStorageFailure, now: lastStorageFailure.at + STORAGE_FAILURE_WINDOW_MS - 1 })).to.be.a('string');
      expect(logHealthProblem({ broken: null, lastStorageFailure, now: lastStorageFailure.at + STORAGE_FAILURE_WINDOW_MS })).to.equal(null);
    });
  });
});

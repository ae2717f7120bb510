import { expect } from 'chai';
import { ProblemError } from '../../src/platform/errors';
import { accessAsSeenBy, readAccessCursor, toAccessCursor } from '../../src/eventlog/queries/personal-data-search';

describe('Event logging: a data subject\'s accesses as the subject sees them (unit)', () => {
  const access = { event_time: '2024-05-02T09:02:00Z', event_type: 'MCabinet.PersonalData.Access', legal_basis: 'x', user: '2000000000999', subject_type: 'Person' };

  it('names only the subject searched for in an access about several persons, keeping the other fields', () => {
    const seen = accessAsSeenBy('2000000000111', { ...access, subject: ['2000000000111', '2000000000333'] });
    expect(seen).to.deep.equal({ ...access, subject: '2000000000111' });
  });

  it('keeps the subject\'s own name from a list of names parallel to the subjects, and no name that may be another\'s', () => {
    const both = { ...access, subject: ['2000000000111', '2000000000333'] };
    expect(accessAsSeenBy('2000000000333', { ...both, subject_name: ['Popescu', 'Rusu'] })).to.deep.equal({ ...access, subject: '2000000000333', subject_name: 'Rusu' });
    expect(accessAsSeenBy('2000000000333', { ...both, subject_name: 'Popescu' })).to.deep.equal({ ...access, subject: '2000000000333' });
    expect(accessAsSeenBy('2000000000333', { ...both, subject_name: ['Popescu'] })).to.deep.equal({ ...access, subject: '2000000000333' });
  });

  it('finds a nested subject by its JSON, as the index keys it', () => {
    const nested = { idnp: '2000000000111' };
    expect(accessAsSeenBy(JSON.stringify(nested), { ...access, subject: [nested, '2000000000333'] })).to.deep.equal({ ...access, subject: nested });
  });

  it('shows an access about the subject alone as it was logged', () => {
    for (const fields of [{ ...access, subject: '2000000000111', subject_name: 'Popescu' }, { ...access, subject: ['2000000000111', '2000000000111'], subject_name: ['P', 'P'] }]) {
      expect(accessAsSeenBy('2000000000111', fields)).to.deep.equal(fields);
    }
  });

  it('reads back the cursor it gives, a bare offset without a snapshot, and refuses any other with 400 naming cursor', () => {
    expect(readAccessCursor(toAccessCursor({ offset: 50, upTo: 1234 }))).to.deep.equal({ offset: 50, upTo: 1234 });
    expect(readAccessCursor(undefined)).to.deep.equal({ offset: 0 });
    expect(readAccessCursor('7')).to.deep.equal({ offset: 7 });
    for (const cursor of ['', 'abc', '-1', '1-', '1-2-3', '1.5', '1-1234567890123456']) {
      expect(() => readAccessCursor(cursor), cursor).to.throw(ProblemError).with.property('errors').that.has.keys('cursor');
    }
  });
});

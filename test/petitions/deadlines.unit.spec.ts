import { expect } from 'chai';
import {
  answerDueDate,
  deadlineAlertOn,
  extensionRefusal,
  isOverdue,
  localDateOf,
  pendingAlertOf,
  redirectionDueDate,
  redirectionRefusal,
  registrationDueDate,
} from '../../src/petitions/petition/deadlines';

/** The Administrative Code's petition terms on the country's 2026 calendar (public holidays included). */
describe('Petitions: legal deadlines (unit)', () => {
  it('counts local dates in Europe/Chisinau, summer time included', () => {
    expect(localDateOf('2026-03-31T22:30:00Z')).to.equal('2026-04-01'); // 01:30 summer time
    expect(localDateOf('2026-01-31T21:59:59Z')).to.equal('2026-01-31'); // 23:59 winter time
    expect(localDateOf('2026-01-31T22:00:00Z')).to.equal('2026-02-01');
  });

  it('the registration number is due 2 days after receipt, moved past a holiday or weekend', () => {
    expect(registrationDueDate('2026-06-09')).to.equal('2026-06-11'); // Tue -> Thu
    expect(registrationDueDate('2026-08-25')).to.equal('2026-08-28'); // Thu 27 Aug is Independence Day
    expect(registrationDueDate('2026-12-23')).to.equal('2026-12-28'); // Fri 25 Dec is Christmas, then a weekend
    expect(registrationDueDate('2026-06-04')).to.equal('2026-06-08'); // Sat -> Mon
  });

  it('the answer is due 30 days after the term starts; a term ending on a day off ends on the next working day', () => {
    expect(answerDueDate('2026-06-09')).to.equal('2026-07-09');
    expect(answerDueDate('2026-04-10')).to.equal('2026-05-11'); // Sun 10 May
    expect(answerDueDate('2026-04-01')).to.equal('2026-05-04'); // Fri 1 May (Labour Day), then a weekend
    expect(answerDueDate('2026-11-25')).to.equal('2026-12-28'); // Christmas
  });

  it('an extension adds its days to the 30 before the move to a working day', () => {
    expect(answerDueDate('2026-04-01', 15)).to.equal('2026-05-18'); // 45 days: Sat 16 May
    expect(answerDueDate('2026-04-01', 60)).to.equal('2026-06-30'); // the exceptional 90 days
  });

  it('redirection is due 5 working days after receipt, holidays skipped', () => {
    expect(redirectionDueDate('2026-06-08')).to.equal('2026-06-15'); // Mon -> next Mon
    expect(redirectionDueDate('2026-08-26')).to.equal('2026-09-04'); // 27 Aug and 31 Aug are holidays
    expect(redirectionDueDate('2026-12-24')).to.equal('2027-01-04'); // 25 Dec and 1 Jan
    expect(redirectionRefusal('2026-09-04', '2026-09-04')).to.equal(null);
    expect(redirectionRefusal('2026-09-04', '2026-09-05')).to.match(/within 5 working days of its receipt, which ended on 2026-09-04/);
  });

  it('a petition is overdue from the day after its due date', () => {
    expect(isOverdue('2026-05-04', '2026-05-04')).to.equal(false);
    expect(isOverdue('2026-05-04', '2026-05-05')).to.equal(true);
    expect(isOverdue(null, '2026-05-05')).to.equal(false);
  });

  describe('extensions (art. 60)', () => {
    const term = { start: '2026-04-01', ordinaryDays: 0, exceptionalDays: 0 }; // due 2026-05-04

    it('an ordinary extension of up to 15 days in all, within the 30 days', () => {
      expect(extensionRefusal(term, { days: 15, exceptional: false }, '2026-05-04')).to.equal(null);
      expect(extensionRefusal(term, { days: 16, exceptional: false }, '2026-04-20')).to.match(/at most 15 days in all \(already 0\)/);
      expect(extensionRefusal({ ...term, ordinaryDays: 10 }, { days: 6, exceptional: false }, '2026-04-20')).to.match(/already 10/);
      expect(extensionRefusal({ ...term, ordinaryDays: 10 }, { days: 5, exceptional: false }, '2026-04-20')).to.equal(null);
    });

    it('no ordinary extension after the first 30 days, even while an extended term runs', () => {
      expect(extensionRefusal({ ...term, ordinaryDays: 5 }, { days: 5, exceptional: false }, '2026-05-05')).to.match(/within the 30 days of the term, which ended on 2026-05-04/);
    });

    it('no extension at all once the term has ended', () => {
      expect(extensionRefusal(term, { days: 5, exceptional: false }, '2026-05-05')).to.match(/the term ended on 2026-05-04/);
      expect(extensionRefusal(term, { days: 5, exceptional: true }, '2026-05-05')).to.match(/the term ended on 2026-05-04/);
    });

    it('an exceptional extension lets the whole term reach 90 days, no more', () => {
      expect(extensionRefusal(term, { days: 60, exceptional: true }, '2026-04-20')).to.equal(null);
      expect(extensionRefusal(term, { days: 61, exceptional: true }, '2026-04-20')).to.match(/at most 90 days \(this extension would make it 91\)/);
      expect(extensionRefusal({ ...term, ordinaryDays: 15 }, { days: 45, exceptional: true }, '2026-05-10')).to.equal(null);
      expect(extensionRefusal({ ...term, ordinaryDays: 15 }, { days: 46, exceptional: true }, '2026-05-10')).to.match(/would make it 91/);
    });
  });

  describe('deadline alerts', () => {
    const none = {};
    it('approaching from the warning days before the due date, once per due date', () => {
      expect(deadlineAlertOn('2026-05-04', none, '2026-04-30', 3)).to.equal(null);
      expect(deadlineAlertOn('2026-05-04', none, '2026-05-01', 3)).to.equal('approaching');
      expect(deadlineAlertOn('2026-05-04', { approachingFor: '2026-05-04' }, '2026-05-04', 3)).to.equal(null);
      // a new due date (an extension) is a new deadline
      expect(deadlineAlertOn('2026-05-18', { approachingFor: '2026-05-04' }, '2026-05-16', 3)).to.equal('approaching');
    });

    it('passed from the day after the due date, once; never approaching once passed', () => {
      expect(deadlineAlertOn('2026-05-04', none, '2026-05-05', 3)).to.equal('passed');
      expect(deadlineAlertOn('2026-05-04', { approachingFor: '2026-05-04' }, '2026-05-05', 3)).to.equal('passed');
      expect(deadlineAlertOn('2026-05-04', { passedFor: '2026-05-04' }, '2026-06-01', 3)).to.equal(null);
    });

    it('the read model keeps which alert a due date still waits for', () => {
      expect(pendingAlertOf('2026-05-04', none)).to.equal('approaching');
      expect(pendingAlertOf('2026-05-04', { approachingFor: '2026-05-04' })).to.equal('passed');
      expect(pendingAlertOf('2026-05-04', { approachingFor: '2026-05-04', passedFor: '2026-05-04' })).to.equal(null);
      expect(pendingAlertOf('2026-05-18', { approachingFor: '2026-05-04', passedFor: '2026-05-04' })).to.equal('approaching');
    });
  });
});

import { expect } from 'chai';
import { ProblemError } from '../../src/platform/errors';
import { message, type Language } from '../../src/booking/messages';
import { requestValidationProblem } from '../../src/booking/problems';
import { RequestSchemas, RequestValidationError } from '../../src/platform/http/request-validation';
import { isBeforeFirstYear, isLeapSecond, isRepresentableDateTime } from '../../src/platform/time/date-time-input';

/** The platform's validator with booking's schemas, its failures worded as booking's problems.ts words them. */
const schemas = RequestSchemas.of('booking');
const validateBody = (file: string, body: unknown, language: Language) => worded(language, () => schemas.value(file, body));
const validateQuery = (file: string, query: Record<string, unknown>, language: Language) => worded(language, () => schemas.query(file, query));

function worded<T>(language: Language, validate: () => T): T {
  try {
    return validate();
  } catch (error) {
    throw error instanceof RequestValidationError ? requestValidationProblem(language, error) : error;
  }
}

function problemOf(validate: () => unknown): ProblemError {
  try {
    validate();
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a ProblemError');
}

describe('Client date-times (unit)', () => {
  it('recognizes a leap second in any offset, with or without a fraction', () => {
    for (const text of ['2026-12-31T23:59:60Z', '2027-01-01T01:59:60+02:00', '2026-12-31t23:59:60.5z', '2026-12-31 23:59:60-00:00']) {
      expect(isLeapSecond(text), text).to.equal(true);
    }
    for (const text of ['2026-12-31T23:59:59Z', '2026-12-31T23:59:59.60Z', '2026-12-31T23:60:00Z', '2026-12-31T23:59:06+00:60']) {
      expect(isLeapSecond(text), text).to.equal(false);
    }
  });

  it('tells the date-times a JavaScript Date can hold from those that would be an Invalid Date', () => {
    for (const text of ['2026-01-13T09:00:00+02:00', '2026-01-13T07:00:00Z', '2026-01-13 07:00:00.123456Z', '2026-01-13T09:00:00+0200']) {
      expect(isRepresentableDateTime(text), text).to.equal(true);
    }
    for (const text of ['2026-01-12T23:59:60Z', '2026-01-13T01:59:60+02:00', '2026-01-13T09:00:00+02']) {
      expect(isRepresentableDateTime(text), text).to.equal(false);
    }
  });

  it('the schemas refuse a leap second in a body and in a query string, naming the field', () => {
    const body = [{ services: [{ calendarLocationId: '40000000-0000-4000-8000-000000000001', start: '2026-01-12T23:59:60Z' }] }];
    const field = '[0].services[0].start';
    expect(problemOf(() => validateBody('appointment-request', body, 'en')).errors?.[field]).to.deep.equal([message('en', 'leapSecond', { field })]);
    const query = problemOf(() => validateQuery('appointments-list.query', { Start: '2026-01-13T01:59:60+02:00', End: '2026-01-13T09:00:00+02' }, 'ru'));
    expect(query.errors).to.deep.include({ Start: [message('ru', 'leapSecond', { field: 'Start' })], End: [message('ru', 'dateTime', { field: 'End' })] });
  });

  it('the schemas still take an ordinary date-time', () => {
    expect(validateQuery('appointments-list.query', { Start: '2026-01-12T23:59:59Z', End: '2026-01-13T00:00:00+02:00' }, 'en')).to.include({ Start: '2026-01-12T23:59:59Z' });
  });

  it('dates and date-times start in 1900, where the calendar arithmetic is right', () => {
    for (const text of ['0099-12-31', '0000-01-01', '1899-12-31T23:00:00Z']) expect(isBeforeFirstYear(text), text).to.equal(true);
    for (const text of ['1900-01-01', '2026-01-13T09:00:00+02:00', 'not a date']) expect(isBeforeFirstYear(text), text).to.equal(false);
    const query = problemOf(() => validateQuery('appointments-list.query', { Start: '0099-01-12T09:00:00Z', End: '2026-01-13T09:00:00Z' }, 'ro'));
    expect(query.errors).to.deep.equal({ Start: [message('ro', 'beforeFirstYear', { field: 'Start' })] });
  });
});

import { addWorkingDays, COUNTRY_WORK_CALENDAR, workingDayOnOrAfter, type WorkCalendar } from '../../platform/time/work-calendar';
import { addDays, DEFAULT_TIME_ZONE, localParts } from '../../platform/time/zoned-time';

/**
 * The petition terms of the Administrative Code (nr. 116/2018), on local dates ('YYYY-MM-DD', Europe/Chisinau).
 * A term in days starts the day after its event; one that ends on a day off (weekend, public holiday) ends
 * on the next working day. Pure functions: the calendar is data, the day is given.
 */
export const TERMS = {
  /** art. 73(5): the registration number reaches the requestor within 2 days of filing (or of the transfer) */
  registrationDays: 2,
  /** art. 60(1): the answer within 30 days of registration (or of the transfer to the competent authority) */
  answerDays: 30,
  /** art. 60(2): extended by up to 15 days, decided and sent within the 30 days */
  ordinaryExtensionDays: 15,
  /** art. 60(3): the whole term may reach 90 days in exceptional cases */
  exceptionalTermDays: 90,
  /** a petition outside the authority's competence goes to the competent one within 5 working days */
  redirectionWorkingDays: 5,
} as const;

/** The local date of an instant in the country's time zone. */
export const localDateOf = (instant: Date | string) => localParts(new Date(instant), DEFAULT_TIME_ZONE).date;

/** A term of `days` calendar days from `start`, moved to the next working day when it ends on a day off. */
export function termEnd(start: string, days: number, calendar: WorkCalendar = COUNTRY_WORK_CALENDAR): string {
  return workingDayOnOrAfter(calendar, addDays(start, days));
}

export const registrationDueDate = (receivedOn: string, calendar?: WorkCalendar) => termEnd(receivedOn, TERMS.registrationDays, calendar);

export const redirectionDueDate = (receivedOn: string, calendar: WorkCalendar = COUNTRY_WORK_CALENDAR) =>
  addWorkingDays(calendar, receivedOn, TERMS.redirectionWorkingDays);

/** The answer's due date: 30 days from the term's start, plus the days it was extended by. */
export const answerDueDate = (termStart: string, extensionDays = 0, calendar?: WorkCalendar) => termEnd(termStart, TERMS.answerDays + extensionDays, calendar);

/** A due date is the last day allowed: the petition is overdue from the day after. */
export const isOverdue = (dueDate: string | null | undefined, today: string) => Boolean(dueDate) && today > dueDate!;

/** How far a registered petition's term has been extended, in days. */
export type Term = { start: string; ordinaryDays: number; exceptionalDays: number };

export type ExtensionRequest = { days: number; exceptional: boolean };

/**
 * Why the term cannot be extended so on `today`, or null. Any extension is decided before the current
 * term ends; an ordinary one within the first 30 days, by at most 15 days in all; an exceptional one
 * (documented in the decision) lets the whole term reach 90 days.
 */
export function extensionRefusal(term: Term, request: ExtensionRequest, today: string, calendar?: WorkCalendar): string | null {
  const extended = term.ordinaryDays + term.exceptionalDays;
  const currentDue = answerDueDate(term.start, extended, calendar);
  if (today > currentDue) return `the term ended on ${currentDue}: it can no longer be extended`;
  if (request.exceptional) {
    const total = TERMS.answerDays + extended + request.days;
    if (total > TERMS.exceptionalTermDays) {
      return `even in an exceptional case the whole term may reach at most ${TERMS.exceptionalTermDays} days (this extension would make it ${total})`;
    }
    return null;
  }
  const firstTermEnd = answerDueDate(term.start, 0, calendar);
  if (today > firstTermEnd) return `an extension must be decided within the ${TERMS.answerDays} days of the term, which ended on ${firstTermEnd} (only an exceptional extension is possible now)`;
  if (term.ordinaryDays + request.days > TERMS.ordinaryExtensionDays) {
    return `the term may be extended by at most ${TERMS.ordinaryExtensionDays} days in all (already ${term.ordinaryDays}); a longer one is an exceptional extension`;
  }
  return null;
}

/** Why the petition can no longer be redirected on `today`, or null. */
export function redirectionRefusal(redirectionDue: string, today: string): string | null {
  if (today <= redirectionDue) return null;
  return `a petition is redirected to the competent authority within ${TERMS.redirectionWorkingDays} working days of its receipt, which ended on ${redirectionDue}; close it with a redirectedState instead`;
}

export type DeadlineAlert = 'approaching' | 'passed';

/**
 * The alert a registered petition's deadline warrants on `today`, or null: "passed" from the day after the
 * due date, "approaching" from `warningDays` before it; each once per due date (an extension makes a new
 * one), and never "approaching" once it has passed.
 */
export function deadlineAlertOn(dueDate: string, signalled: { approachingFor?: string; passedFor?: string }, today: string, warningDays: number): DeadlineAlert | null {
  if (today > dueDate) return signalled.passedFor === dueDate ? null : 'passed';
  if (today >= addDays(dueDate, -warningDays) && signalled.approachingFor !== dueDate) return 'approaching';
  return null;
}

/**
 * Which alert the due date still waits for, given what was signalled (kept in the read model, where the
 * sweep looks: "approaching" ones from warningDays before the due date, "passed" ones after it).
 */
export function pendingAlertOf(dueDate: string, signalled: { approachingFor?: string; passedFor?: string }): DeadlineAlert | null {
  if (signalled.passedFor === dueDate) return null;
  return signalled.approachingFor === dueDate ? 'passed' : 'approaching';
}

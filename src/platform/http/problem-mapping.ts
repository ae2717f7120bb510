import type { Request } from 'express';
import { ProblemError } from '../errors';

/** A class of error a service names (its deciders and handlers throw them): `NotificationNotFoundError`. */
export type ErrorClass<E extends Error = Error> = abstract new (...args: never[]) => E;

/** Turns what a service's routes threw into a ProblemError, or hands on what it does not know. */
export type ProblemMapping = (error: unknown, request: Request) => unknown;

type Rule<E extends Error> = { classes: ErrorClass<E>[]; problem: (error: E, request: Request) => ProblemError };

/** One rule of a mapping: these classes of error become this problem. */
export function when<E extends Error>(classes: ErrorClass<E> | ErrorClass<E>[], problem: (error: E, request: Request) => ProblemError): Rule<Error> {
  return { classes: Array.isArray(classes) ? classes : [classes], problem } as unknown as Rule<Error>;
}

/**
 * A service's one error-to-problem mapping (its problems.ts): the first rule whose classes match makes the
 * problem. A ProblemError and anything no rule names go on as they are; the platform's problem handler
 * answers them (an unknown error is a 500 whose details stay in the log). The platform applies the mapping
 * to every error the service's routes pass on (ServiceModule.problems), so routes just throw.
 */
export function problemMapping(...rules: Rule<Error>[]): ProblemMapping {
  return (error, request) => {
    if (error instanceof ProblemError || !(error instanceof Error)) return error;
    const rule = rules.find((candidate) => candidate.classes.some((errorClass) => error instanceof errorClass));
    return rule ? rule.problem(error, request) : error;
  };
}

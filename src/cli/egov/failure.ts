import { ConnectionError, InvalidEventError, OutboxConflictError, ProblemError, TlsSetupError } from '../../sdk/index';

/** Something the user gave that cannot work (a missing file, bad JSON, an unknown name): exit 2. */
export class UsageError extends Error {}

/** The platform refused or failed, said with what was done before: exit 1. */
export class Refusal extends Error {}

export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

/** One line on stderr and the exit code for a failure: 2 for bad input, 1 for a refusal or an unreachable platform. */
export function describeFailure(error: unknown): { line: string; exitCode: number } {
  if (error instanceof UsageError || error instanceof TlsSetupError || error instanceof InvalidEventError || error instanceof OutboxConflictError) {
    return { line: error.message, exitCode: EXIT_USAGE };
  }
  if (error instanceof ProblemError || error instanceof ConnectionError || error instanceof Refusal) return { line: error.message, exitCode: EXIT_REFUSED };
  return { line: `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, exitCode: EXIT_REFUSED };
}

/**
 * The produce requests a bridge has taken in and not yet answered: their bodies, parsed events and
 * appends wait in memory until the log commits them. Rate limits bound each client, not their sum,
 * and not a log whose disk has slowed down; this bounds what waits. Past the bound a request is
 * refused with 503 and Retry-After before its body is read, and nothing of it is stored.
 */
export class ProduceBacklog {
  private pendingBytes = 0;
  private refusedSinceWarning = 0;
  private lastWarningAt = -Infinity;

  constructor(
    private readonly limitBytes: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes room for a request of `bytes`, or returns false (and takes nothing) when the backlog is full. */
  admit(bytes: number): boolean {
    if (!mayAdmit(this.pendingBytes, bytes, this.limitBytes)) {
      this.refusedSinceWarning += 1;
      return false;
    }
    this.pendingBytes += bytes;
    return true;
  }

  /** Gives back the room of a request once it is answered, stored or not. */
  release(bytes: number): void {
    this.pendingBytes -= bytes;
  }

  /** What to tell the operator about refusals, at most once per `everyMs`; null when there is nothing new to tell. */
  warning(everyMs = 10_000): { refused: number; pendingBytes: number; limitBytes: number } | null {
    const now = this.now();
    if (this.refusedSinceWarning === 0 || now - this.lastWarningAt < everyMs) return null;
    const warning = { refused: this.refusedSinceWarning, pendingBytes: this.pendingBytes, limitBytes: this.limitBytes };
    this.refusedSinceWarning = 0;
    this.lastWarningAt = now;
    return warning;
  }
}

/**
 * A request fits while what waits and it stay within the limit. When nothing waits it always fits, so
 * a limit below the largest request never refuses everything.
 */
export function mayAdmit(pendingBytes: number, bytes: number, limitBytes: number): boolean {
  return pendingBytes === 0 || pendingBytes + bytes <= limitBytes;
}

/** The room a request takes: its declared length, or the largest request allowed when it declares none (chunked). */
export function backlogShareOf(contentLength: string | undefined, maxRequestBytes: number): number {
  const declared = Number(contentLength);
  return contentLength !== undefined && Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, maxRequestBytes) : maxRequestBytes;
}

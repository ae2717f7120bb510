/**
 * The bytes of requests of one kind a bridge holds: received, and not yet answered (the exchange's produce
 * requests: their body, parsed events and append wait in memory until the log commits them; a
 * notification's body, its attachments decoded and stored). Rate limits bound each client, not their sum,
 * and not a store that has slowed down; this bounds what is held. While the bound is passed, a new request
 * is refused with 503 and Retry-After before its body is read, and nothing of it is stored; requests
 * already taken in go on. Bytes are counted as they arrive, not as declared: a client that announces a
 * large body and sends it slowly holds only what it has sent.
 */
export class BytesInFlight {
  private heldBytes = 0;
  private refusedSinceWarning = 0;
  private lastWarningAt = -Infinity;

  constructor(
    private readonly limitBytes: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether a new request may be taken in; a refusal is counted for the next warning. */
  admit(): boolean {
    if (mayAdmit(this.heldBytes, this.limitBytes)) return true;
    this.refusedSinceWarning += 1;
    return false;
  }

  /** Bytes of a request taken in have arrived. */
  hold(bytes: number): void {
    this.heldBytes += bytes;
  }

  /** Gives back what a request held once it is answered, stored or not. */
  release(bytes: number): void {
    this.heldBytes -= bytes;
  }

  /** What to tell the operator about refusals, at most once per `everyMs`; null when there is nothing new to tell. */
  warning(everyMs = 10_000): { refused: number; heldBytes: number; limitBytes: number } | null {
    const now = this.now();
    if (this.refusedSinceWarning === 0 || now - this.lastWarningAt < everyMs) return null;
    const warning = { refused: this.refusedSinceWarning, heldBytes: this.heldBytes, limitBytes: this.limitBytes };
    this.refusedSinceWarning = 0;
    this.lastWarningAt = now;
    return warning;
  }
}

/** A new request is taken in while what is held stays below the limit (so always when nothing is held). */
export function mayAdmit(heldBytes: number, limitBytes: number): boolean {
  return heldBytes < limitBytes;
}

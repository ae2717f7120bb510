import { CloudEvent } from 'cloudevents';
import { sleep } from '../backoff.js';
import type { ConsumedEvent } from '../events.js';

export type HandlerContext = {
  /** 1 on the first call for this delivery */
  attempt: number;
  /** aborted when the consumer stops: a long handler may give up (the event then comes again) */
  signal: AbortSignal;
};

/**
 * Handles one event. Returning (or resolving) means done: the event is confirmed. Throwing means try
 * again, up to the consumer's attempts; throw DeadLetter for an event that can never be processed.
 * Delivery is at least once, so a handler must be idempotent (an event is source + id).
 */
export type EventHandler = (event: ConsumedEvent, context: HandlerContext) => unknown | Promise<unknown>;

/** Thrown by a handler for an event it can never process: it is reported dead at once, with this reason. */
export class DeadLetter extends Error {}

export type RetryPolicy = {
  /** calls of the handler per delivery before the event is reported dead (default 3) */
  attempts?: number;
  /** wait before the second call, doubling after each failure (default 200 ms) */
  delayMs?: number;
};

export type HandOffOutcome = { kind: 'handled' } | { kind: 'dead'; reason: string } | { kind: 'stopped' };

/** Runs the handler with the retry policy; 'stopped' when the consumer stops before the event was handled or given up. */
export async function handOff(event: ConsumedEvent, handler: EventHandler, policy: RetryPolicy, signal: AbortSignal): Promise<HandOffOutcome> {
  const attempts = Math.max(1, policy.attempts ?? 3);
  for (let attempt = 1; ; attempt += 1) {
    if (signal.aborted) return { kind: 'stopped' };
    try {
      await handler(event, { attempt, signal });
      return { kind: 'handled' };
    } catch (error) {
      if (signal.aborted) return { kind: 'stopped' };
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof DeadLetter || attempt >= attempts) return { kind: 'dead', reason };
      await sleep((policy.delayMs ?? 200) * 2 ** (attempt - 1), signal);
    }
  }
}

/** The event as received, its offset dropped, with the handler's reason as the extension `deadreason`. */
export function deadReport(event: ConsumedEvent, reason: string): CloudEvent<unknown> {
  const { offset: _offset, ...report } = event.toJSON();
  return new CloudEvent<unknown>({ ...report, deadreason: reason.slice(0, 1000) }, false);
}

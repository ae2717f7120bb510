import type { BackoffOptions } from '../backoff.js';
import type { RetryPolicy } from './hand-off.js';

export type ConsumerOptions = {
  /** the consumer group (default `~default`): instances of one group share its events */
  group?: string;
  /** standard events (default true) */
  events?: boolean;
  /** test events this client produced (default true) */
  test?: boolean;
  /** dead events this client reported (default false) */
  dead?: boolean;
  retry?: RetryPolicy;
  /** waits between reconnects (default 250 ms doubling to 30 s) */
  reconnect?: BackoffOptions;
};

/** The query parameters of POST /ce/consumers and of the WebSocket endpoint. */
export function instanceQuery(options: ConsumerOptions): Record<string, string> {
  const query: Record<string, string> = {};
  if (options.group !== undefined) query.group = options.group;
  if (options.events !== undefined) query.events = String(options.events);
  if (options.test !== undefined) query.test = String(options.test);
  if (options.dead !== undefined) query.dead = String(options.dead);
  return query;
}

export type ConsumerEvents = {
  /** a connection opened (WebSocket) or an instance was created (long polling) */
  connected: [];
  /** the connection dropped or a request failed: the consumer tries again after delayMs */
  disconnected: [error: Error, delayMs: number];
  /** the handler is done with this event and it was confirmed */
  confirmed: [offset: string];
  /** the handler gave up on this event: it was reported dead, then confirmed */
  dead: [offset: string, reason: string];
};

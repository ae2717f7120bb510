import { hash } from 'node:crypto';
import type { CloudEventRecord, NewEvent } from './event-store';

export function defaultDedupeKey(event: CloudEventRecord): string {
  return `${event.source}\n${event.id}`;
}

/** A stable hash of a JSON value: object keys sorted, so key order never makes two equal events differ. */
export function contentHash(value: unknown): string {
  return hash('sha256', canonicalJson(value), 'base64url');
}

/** JSON with object keys sorted and undefined members left out, as JSON.stringify would leave them out. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value as object)
    .sort()
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

/**
 * What a retry must match: the caller's fingerprint, or a hash of the event without the attributes the
 * platform filled in. The embedded log computes it only when a key is found taken; EventStoreDB's
 * reservations carry it.
 */
export function retryFingerprint(event: object, filledIn: readonly string[] = [], callerFingerprint?: string): string {
  if (callerFingerprint) return callerFingerprint;
  if (filledIn.length === 0) return contentHash(event);
  const sent: Record<string, unknown> = { ...event };
  for (const name of filledIn) delete sent[name];
  return contentHash(sent);
}

export function identityOf(newEvent: NewEvent): { dedupeKey: string; contentHash: string } {
  return {
    dedupeKey: newEvent.dedupeKey ?? defaultDedupeKey(newEvent.event),
    contentHash: retryFingerprint(newEvent.event, newEvent.filledIn, newEvent.contentHash),
  };
}

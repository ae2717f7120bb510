import { createHash } from 'node:crypto';
import type { CloudEventRecord, NewEvent } from './event-store';

export function defaultDedupeKey(event: CloudEventRecord): string {
  return `${event.source}\n${event.id}`;
}

/** A stable hash of a JSON value: object keys sorted, so key order never makes two equal events differ. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url');
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value as object)
    .sort()
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

export function identityOf(newEvent: NewEvent): { dedupeKey: string; contentHash: string } {
  return {
    dedupeKey: newEvent.dedupeKey ?? defaultDedupeKey(newEvent.event),
    contentHash: newEvent.contentHash ?? contentHash(newEvent.event),
  };
}

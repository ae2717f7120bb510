import type { IncomingHttpHeaders } from 'node:http';
import type { CloudEventRecord } from '../platform/event-store/event-store';
import { changedNumbersDetail, numbersChangedByParsing } from '../platform/json-numbers';
import { cloudEventViolations, rfc3339Millis } from './cloud-event-format';
import { decodeHeaderValue } from './wire-format';

/**
 * Turns what a producer sent into the event the log stores, applying the exchange's rules on top of
 * the CloudEvents format: JSON data only in structured mode, time not in the future and "now" when
 * absent, application/json when no datacontenttype is given.
 */
/**
 * filledIn: the attributes the exchange set because the producer left them out. json: the producer's
 * text of the event, when the event is exactly what that text says (nothing filled in or dropped).
 */
export type IncomingEvent = { event: CloudEventRecord; filledIn: string[]; json?: string };
export type Normalized = { ok: true; value: IncomingEvent } | { ok: false; violations: string[] };

export type NormalizeContext = { now: Date; futureTimeToleranceMs: number };

const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(;|$)/i;
const RAW_MEDIA_TYPES = ['application/json', 'application/octet-stream', 'text/plain'];

export function normalizeStructured(candidate: unknown, context: NormalizeContext): Normalized {
  return normalizeJsonFormat(candidate, context, STRUCTURED_PRODUCE);
}

/**
 * A dead event sent back over the WebSocket: an event as the exchange delivered it, which the consumer may
 * have changed. It may carry any data the exchange delivers (data_base64, text), and the delivery's
 * offset is not part of the event.
 */
export function normalizeReported(candidate: unknown, context: NormalizeContext): Normalized {
  if (candidate === null || typeof candidate !== 'object' || Array.isArray(candidate) || !('offset' in candidate)) {
    return normalizeJsonFormat(candidate, context, DEAD_REPORT);
  }
  const { offset: _delivery, ...event } = candidate as Record<string, unknown>;
  return normalizeJsonFormat(event, context, DEAD_REPORT);
}

type JsonFormatRules = { jsonDataOnly: boolean };
const STRUCTURED_PRODUCE: JsonFormatRules = { jsonDataOnly: true };
const DEAD_REPORT: JsonFormatRules = { jsonDataOnly: false };

function normalizeJsonFormat(candidate: unknown, context: NormalizeContext, { jsonDataOnly }: JsonFormatRules): Normalized {
  const violations = cloudEventViolations(candidate);
  if (violations.length > 0) return { ok: false, violations };
  const sent = withoutNulls(candidate as Record<string, unknown>);
  if (jsonDataOnly) {
    if (sent.data_base64 !== undefined) violations.push('structured events carry JSON data only: data_base64 is not accepted');
    if (sent.datacontenttype !== undefined && !JSON_MEDIA_TYPE.test(String(sent.datacontenttype))) {
      violations.push('structured events carry JSON data only: datacontenttype must be a JSON media type');
    }
  }
  violations.push(...exchangeAttributeViolations(sent, context));
  if (violations.length > 0) return { ok: false, violations };
  const filledIn = missing(sent, ['datacontenttype', 'time']);
  // most producers send both attributes: then the parsed object is stored as it is, without a copy
  if (filledIn.length === 0) return { ok: true, value: { event: sent as CloudEventRecord, filledIn } };
  // binary data (a dead report) is bytes of no known type; any other data is JSON
  const defaultType = sent.data_base64 === undefined ? 'application/json' : 'application/octet-stream';
  const event: Record<string, unknown> = filledIn.includes('datacontenttype') ? { datacontenttype: defaultType, ...sent } : { ...sent };
  event.time ??= context.now.toISOString();
  return { ok: true, value: { event: event as CloudEventRecord, filledIn } };
}

/** Binary mode: attributes in ce-* headers, the payload in the body, its media type in Content-Type. */
export function normalizeRaw(headers: IncomingHttpHeaders, body: Buffer, context: NormalizeContext): Normalized {
  const mediaType = String(headers['content-type'] ?? '').toLowerCase();
  const baseType = mediaType.split(';')[0].trim();
  if (!RAW_MEDIA_TYPES.includes(baseType)) {
    return { ok: false, violations: [`Content-Type must be one of ${RAW_MEDIA_TYPES.join(', ')}`] };
  }
  const sent: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith('ce-') && value !== undefined) {
      sent[name.slice(3)] = decodeHeaderValue(Array.isArray(value) ? value.join(',') : value);
    }
  }
  for (const notAnAttribute of ['offset', 'data', 'data_base64']) delete sent[notAnAttribute];
  if (baseType === 'application/json') {
    const text = body.toString('utf8');
    try {
      sent.data = body.length === 0 ? null : JSON.parse(text);
    } catch {
      return { ok: false, violations: ['the body is not valid JSON (Content-Type application/json)'] };
    }
    const changed = numbersChangedByParsing(text);
    if (changed.length > 0) return { ok: false, violations: [changedNumbersDetail(changed)] };
  } else if (baseType === 'text/plain') {
    sent.data = body.toString('utf8');
  } else {
    sent.data_base64 = body.toString('base64');
  }
  sent.datacontenttype = mediaType;
  const violations = [...cloudEventViolations(sent), ...exchangeAttributeViolations(sent, context)];
  if (violations.length > 0) return { ok: false, violations };
  const event = { ...sent, time: sent.time ?? context.now.toISOString() } as unknown as CloudEventRecord;
  return { ok: true, value: { event, filledIn: missing(sent, ['time']) } };
}

function exchangeAttributeViolations(event: Record<string, unknown>, context: NormalizeContext): string[] {
  const violations: string[] = [];
  if (typeof event.time === 'string' && rfc3339Millis(event.time) > context.now.getTime() + context.futureTimeToleranceMs) {
    violations.push('time must not be in the future');
  }
  if (event.partitionkey !== undefined && (typeof event.partitionkey !== 'string' || event.partitionkey === '')) {
    violations.push('partitionkey must be a non-empty string');
  }
  return violations;
}

function missing(event: Record<string, unknown>, names: string[]): string[] {
  return names.filter((name) => event[name] === undefined);
}

/** The event without its null attributes (null means absent); the same object when it has none. */
function withoutNulls(event: Record<string, unknown>): Record<string, unknown> {
  for (const name in event) {
    if (event[name] === null) return Object.fromEntries(Object.entries(event).filter(([, value]) => value !== null));
  }
  return event;
}

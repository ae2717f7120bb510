import { isUtf8 } from 'node:buffer';
import type { CloudEventRecord } from '../platform/event-store/event-store';
import { changedNumbersDetail, parseJsonExactly } from '../platform/json-numbers';
import { holdsLoneSurrogate } from '../platform/json-unicode';
import { cloudEventViolations, rfc3339Millis } from './cloud-event-format';
import { decodeHeaderValue, encodeHeaderValue } from './wire-format';

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

/**
 * A produced event whose data holds a string that is not Unicode (an escaped lone surrogate) is refused:
 * consumers would get it altered, and a consumer's personal-data log could not record it. `escaped`: the
 * request's text holds a `\u` escape, without which it cannot. Dead reports are not checked: they send
 * back what the exchange delivered.
 */
export function withUnicodeData(normalized: Normalized, escaped: boolean): Normalized {
  if (!escaped || !normalized.ok || !holdsLoneSurrogate(normalized.value.event.data)) return normalized;
  return { ok: false, violations: ['data holds a string that is not Unicode text (an unpaired surrogate such as \\ud800, which I-JSON forbids): send such bytes as base64'] };
}

/**
 * Binary mode: attributes in ce-* headers, the payload in the body, its media type in Content-Type.
 * `headers` as Node keeps them apart (request.headersDistinct): a ce- header given twice would otherwise
 * arrive joined with a comma, one id made of two. Header values are printable ASCII, anything beyond it
 * percent-encoded as UTF-8 (CloudEvents HTTP binding, 3.1.3.2); raw bytes would be read as Latin-1.
 */
export function normalizeRaw(headers: NodeJS.Dict<string[]>, body: Buffer, context: NormalizeContext): Normalized {
  const mediaType = (headers['content-type']?.[0] ?? '').toLowerCase();
  const baseType = mediaType.split(';')[0].trim();
  if (!RAW_MEDIA_TYPES.includes(baseType)) {
    return { ok: false, violations: [`Content-Type must be one of ${RAW_MEDIA_TYPES.join(', ')}`] };
  }
  const sent: Record<string, unknown> = {};
  const violations: string[] = [];
  for (const [name, values] of Object.entries(headers)) {
    if (!name.startsWith('ce-') || values === undefined) continue;
    if (values.length > 1) violations.push(`${name} is given ${values.length} times`);
    else if (/[^\t\x20-\x7e]/.test(values[0])) violations.push(`${name} holds bytes outside printable ASCII: percent-encode them as UTF-8`);
    else sent[name.slice(3)] = decodeHeaderValue(values[0]);
  }
  for (const notAnAttribute of ['offset', 'data', 'data_base64']) delete sent[notAnAttribute];
  if (baseType !== 'application/octet-stream') violations.push(...textBodyViolations(mediaType, body));
  if (violations.length > 0) return { ok: false, violations };
  if (baseType === 'application/json') {
    const parsed = body.length === 0 ? { json: true as const, value: null, changedNumbers: [] } : parseJsonExactly(body.toString('utf8'));
    if (!parsed.json) return { ok: false, violations: ['the body is not valid JSON (Content-Type application/json)'] };
    if (parsed.changedNumbers.length > 0) return { ok: false, violations: [changedNumbersDetail(parsed.changedNumbers)] };
    sent.data = parsed.value;
  } else if (baseType === 'text/plain') {
    sent.data = body.toString('utf8');
  } else {
    sent.data_base64 = body.toString('base64');
  }
  sent.datacontenttype = mediaType;
  violations.push(...cloudEventViolations(sent), ...exchangeAttributeViolations(sent, context));
  if (violations.length > 0) return { ok: false, violations };
  const event = { ...sent, time: sent.time ?? context.now.toISOString() } as unknown as CloudEventRecord;
  return { ok: true, value: { event, filledIn: missing(sent, ['time']) } };
}

/**
 * JSON and text payloads are kept as text, delivered as UTF-8: a body in another charset, or bytes that
 * are not UTF-8, would reach consumers as U+FFFD. Such bytes go as application/octet-stream.
 */
function textBodyViolations(mediaType: string, body: Buffer): string[] {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/.exec(mediaType)?.[1];
  if (charset !== undefined && !['utf-8', 'utf8', 'us-ascii'].includes(charset)) {
    return [`charset ${charset} is not supported: text and JSON payloads are UTF-8; send other bytes as application/octet-stream`];
  }
  if (!isUtf8(body)) return ['the body is not UTF-8 text: send other bytes as application/octet-stream'];
  return [];
}

/**
 * What an event's attributes may take as the ce- headers of a raw-mode delivery (percent-encoded, with
 * names and line ends): half of Node's 16 KB limit for a response's headers, which most HTTP clients
 * share. Larger attributes would make the event one a raw-mode consumer cannot read; values that large
 * belong in data.
 */
export const MAX_ATTRIBUTE_HEADER_BYTES = 8192;
/** the most bytes one UTF-16 unit can take percent-encoded: %E2%82%AC */
const MAX_ENCODED_BYTES_PER_UNIT = 9;

function exchangeAttributeViolations(event: Record<string, unknown>, context: NormalizeContext): string[] {
  const violations: string[] = [];
  const headerBytes = attributeHeaderBytes(event);
  if (headerBytes > MAX_ATTRIBUTE_HEADER_BYTES) {
    violations.push(`the attributes take ${headerBytes} bytes as the HTTP headers of a raw-mode delivery, more than ${MAX_ATTRIBUTE_HEADER_BYTES}: put large values in data`);
  }
  if (typeof event.time === 'string' && rfc3339Millis(event.time) > context.now.getTime() + context.futureTimeToleranceMs) {
    violations.push('time must not be in the future');
  }
  if (event.partitionkey !== undefined && (typeof event.partitionkey !== 'string' || event.partitionkey === '')) {
    violations.push('partitionkey must be a non-empty string');
  }
  return violations;
}

/** The bytes of the event's attributes as ce- header lines (`ce-name: value\r\n`), counted exactly only when they may pass the limit. */
function attributeHeaderBytes(event: Record<string, unknown>): number {
  let most = 0;
  for (const name in event) {
    if (name !== 'data' && name !== 'data_base64') most += name.length + 7 + String(event[name]).length * MAX_ENCODED_BYTES_PER_UNIT;
  }
  if (most <= MAX_ATTRIBUTE_HEADER_BYTES) return most;
  let bytes = 0;
  for (const name in event) {
    if (name !== 'data' && name !== 'data_base64') bytes += name.length + 7 + encodeHeaderValue(String(event[name])).length;
  }
  return bytes;
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

import { changedNumbersDetail, parseJsonExactly } from '../../platform/json-numbers';
import { isJwsCompact } from '../signing-certificate/jws';

/**
 * What a /register body may hold (public guides: one event or a batch, signed, unsigned or mixed;
 * the guides' own clients send raw JSON with any Content-Type):
 *   - one JSON object, or one JWS compact token;
 *   - a JSON array whose items are event objects or JWS tokens (strings);
 *   - one item per line (JSON objects and JWS tokens), as the guides' batch example does.
 * A JWS payload holds one event object, a JSON array of them, or one per line.
 */
export type RegistrationItem = { kind: 'unsigned'; fields: unknown } | { kind: 'signed'; token: string };

export class UnreadableBodyError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'UnreadableBodyError';
  }
}

export function parseRegistrationBody(body: string): RegistrationItem[] {
  const text = body.trim();
  if (text === '') throw new UnreadableBodyError('the body is empty: send an event, a JSON array of events or JWS tokens');
  const whole = tryJson(text);
  if (whole.ok) {
    if (Array.isArray(whole.value)) return whole.value.map(toItem);
    return [toItem(whole.value)];
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line, index) => {
      if (isJwsCompact(line)) return { kind: 'signed' as const, token: line };
      const parsed = tryJson(line);
      if (!parsed.ok) throw new UnreadableBodyError(`the body is not valid JSON (line ${index + 1} is neither a JSON event nor a JWS token)`);
      return toItem(parsed.value);
    });
}

/** The events inside a verified JWS payload. */
export function eventsOfPayload(payload: string): unknown[] {
  const text = payload.trim();
  const whole = tryJson(text);
  if (whole.ok) return Array.isArray(whole.value) ? whole.value : [whole.value];
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const parsed = tryJson(line);
      if (!parsed.ok) throw new UnreadableBodyError('a signed payload is not valid JSON');
      return parsed.value;
    });
}

function toItem(value: unknown): RegistrationItem {
  if (typeof value === 'string') {
    if (!isJwsCompact(value)) throw new UnreadableBodyError('a string in the batch must be a JWS compact token');
    return { kind: 'signed', token: value };
  }
  return { kind: 'unsigned', fields: value };
}

/** Not JSON: { ok: false }; JSON holding a number that parsing would change: refused (the event would be logged altered). */
function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const parsed = parseJsonExactly(text);
  if (!parsed.json) return { ok: false };
  if (parsed.changedNumbers.length > 0) throw new UnreadableBodyError(changedNumbersDetail(parsed.changedNumbers));
  return { ok: true, value: parsed.value };
}

import { expect } from 'chai';
import { expectNoServerError, type Random } from './generated-input';
import type { HttpResponse } from './https-client';

/**
 * Generated bad input for the service specs (test/<service>/bad-input.e2e.spec.ts): values of every wrong
 * kind, valid JSON values with a few things changed, broken bodies, odd query strings and path segments,
 * and a tally of what was answered. Seeded by FUZZ_SEED; FUZZ_REQUESTS makes a run longer.
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261124);
export const fuzzRequests = (fallback: number) => Number(process.env.FUZZ_REQUESTS ?? fallback);
/**
 * FUZZ_CONCURRENCY=<n> sends n requests at once. Such a run is not repeatable (the requests draw from the
 * random source in the order the server answers them), and a refused write's "nothing written" check,
 * which needs the log to itself, is left out.
 */
export const FUZZ_CONCURRENCY = Math.max(1, Number(process.env.FUZZ_CONCURRENCY ?? 1));
export const checksWrites = FUZZ_CONCURRENCY === 1;

/** Runs `count` operations, each picked at random from `weighted` (names of `operations`, repeated to weigh them). */
export async function runOperations(random: Random, count: number, operations: Record<string, () => Promise<void>>, weighted: string[]): Promise<void> {
  for (let done = 0; done < count; done += FUZZ_CONCURRENCY) {
    await Promise.all(Array.from({ length: Math.min(FUZZ_CONCURRENCY, count - done) }, () => operations[random.pick(weighted)]()));
  }
}

/** Methods for a path, most of them not the ones its endpoint takes. */
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Stands for an array or object nested thousands of levels deep: bodyOf writes the nesting into the body
 * text (the test's own JSON.stringify could not write it).
 */
export const DEEPLY_NESTED = '\u0000deeply nested\u0000';

/** JSON values of every kind a field should not hold (and a few it may). */
export const ODD_VALUES: unknown[] = [
  DEEPLY_NESTED,
  null, 0, -1, 1.5, -0.25, 2 ** 53 + 2, 1e308, -1e308, 1e-308, true, false, [], {}, [1, 'a'], [null], { nested: { deep: [1, {}] } },
  '', ' ', 'a', 'x'.repeat(70), 'x'.repeat(5000), '\u0000', 'a\u0007b', 'line\nbreak', '\ud800', 'x\udc00y', '\uffff', '\u202e', 'Chișinău',
  'Москва', '北京市', '👍🏽', 'ﷺ', '0', '-1', '1.5', '1e3', 'NaN', 'Infinity', 'true', 'null', '[]', '{}',
  '2026-01-13', '2026-02-30', '2026-13-01', '2026-11-24 10:00', '2026-01-13T09:00:00+02:00', '2026-01-13T07:00:00Z', '2026-02-30T10:00:00Z',
  '2026-01-13T09:00:00', '2026-01-13T09:00:60+02:00', '2026-01-13T24:00:00+02:00', '2026-01-13T09:00:00+02', '2026-01-13T09:00:00+99:99',
  '+275760-09-13T00:00:00Z', '0000-01-01T00:00:00Z', '1899-12-31', '9999-12-31T23:59:59-23:59', '10:00', '24:00', '25:61',
  '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'urn:uuid:00000000-0000-4000-8000-000000000000',
  '0000000-0000-0000-0000-000000000000', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '{00000000-0000-0000-0000-000000000000}',
  '2000000000011', '200000000001', '20000000000111', '１２３４５６７８９０１２３', 'a@b.md', 'a@b', '@', '+37360000000', '()',
  '__proto__', 'constructor', 'toString', 'hasOwnProperty', '$where', '$gt', 'a.b', '{{Name}}', '{{', '%ZZ', '%00', '../..', '<script>',
  "'; DROP TABLE x; --", '\\', '"', 'Europe/Chisinau', 'Mars/Olympus', 'UTC',
];

/** Member names a structure does not have (some of them dangerous in JavaScript or in a document store). */
export const UNKNOWN_NAMES = ['extra', '__proto__', 'constructor', 'prototype', 'toString', '', ' ', 'x'.repeat(300), '$set', 'a.b', '@uid', '_id', 'ID', 'Ünïcode', '\u0000'];

/** Query values: text as it arrives in a query string (before encoding). */
export const ODD_QUERY_VALUES = [
  '', ' ', '0', '-1', '1', '1.5', '1e3', '0x10', '00001', '99999999999999999999', '-0', 'true', 'True', 'FALSE', 'yes', 'null', 'NaN',
  'abc', 'x'.repeat(3000), '\u0000', '\ud800', 'Chișinău', '2026-01-13', '2026-02-30', '2026-11-24 10:00', '2026-01-13T09:00:00+02:00',
  '2026-01-13T09:00:00 02:00', '2026-01-13T09:00:60Z', '9999-12-31T23:59:59-23:59', '00000000-0000-0000-0000-000000000000',
  'urn:uuid:00000000-0000-4000-8000-000000000000', 'a=b,c=d', '=', ',', '%', '%ZZ', '__proto__', '[]', '{}',
];

/**
 * Path segments as sent (already encoded, some of them malformed on purpose). None is long enough to pass
 * Node's header limit: the platform answers that 431 on the bare socket, which a client under nock (loaded
 * by other specs of a folder run) never sees answered.
 */
export const JUNK_SEGMENTS = [
  '%ZZ', '%', '%0', '%00', '%2F', '%2e%2e', '%ED%A0%80', '%C0%AF', '%FF', '%F0%9F%91%8D', '%20', 'x'.repeat(3000), '0', '-1', 'null',
  'undefined', '__proto__', 'constructor', '00000000-0000-0000-0000-000000000000', 'urn:uuid:00000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-00000000000g', '%7B%7D', "'", '%22', 'a;b', 'a,b', '~', '$', '.',
];

/** x-custom-lang values, valid and odd (header values Node's client can send: latin-1 only). */
export const ODD_LANGUAGES = ['ro', 'en', 'ru', 'EN', ' ru ', 'en-US,en;q=0.9', 'de', 'r', '', '*', 'x'.repeat(2000), 'r\u00f6', 'ruu', '1'];

/** Content types a body may come with. */
export const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'APPLICATION/JSON', 'text/plain',
  'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/problem+json', 'garbage', ';;;', '',
];

const clone = <T>(value: T): T => (value === undefined ? value : JSON.parse(JSON.stringify(value)));

type Slot = { holder: Record<string, unknown> | unknown[]; key: string | number };

/** Every place in a JSON value where something can be changed: each member and each array element. */
function slotsOf(holder: Record<string, unknown> | unknown[]): Slot[] {
  const slots: Slot[] = [];
  const entries: [string | number, unknown][] = Array.isArray(holder) ? holder.map((value, index) => [index, value]) : Object.entries(holder);
  for (const [key, value] of entries) {
    slots.push({ holder, key });
    if (value !== null && typeof value === 'object') slots.push(...slotsOf(value as Record<string, unknown> | unknown[]));
  }
  return slots;
}

const containers = (slots: Slot[]) =>
  slots.map(({ holder, key }) => (holder as Record<string | number, unknown>)[key]).filter((value): value is Record<string, unknown> | unknown[] => value !== null && typeof value === 'object');

/**
 * A valid JSON value with one to three things changed, anywhere in it: a member or element deleted or
 * given an odd value, an unknown member added, a member's name in another letter case, an array emptied,
 * shortened or grown past any limit, or the whole value replaced.
 */
export function mutated(random: Random, value: unknown, extraValues: unknown[] = []): unknown {
  const root = { value: clone(value) };
  const values = [...ODD_VALUES, ...extraValues];
  // a copy each time: a value put in twice, then changed, must not change the other place (or become a cycle)
  const oddValue = () => clone(random.pick(values));
  for (let i = 0, changes = 1 + random.int(3); i < changes; i += 1) {
    const slots = slotsOf(root);
    const { holder, key } = random.pick(slots);
    const target = holder as Record<string | number, unknown>;
    const operation = random.int(10);
    if (operation < 3) {
      if (Array.isArray(holder)) holder.splice(Number(key), 1);
      else if (holder !== root) delete target[key];
      else root.value = oddValue();
    } else if (operation < 7) {
      target[key] = oddValue();
    } else if (operation === 7) {
      const objects = containers(slots).filter((inner) => !Array.isArray(inner)) as Record<string, unknown>[];
      if (objects.length) random.pick(objects)[random.pick(UNKNOWN_NAMES)] = oddValue();
    } else if (operation === 8) {
      const objects = containers(slots).filter((inner) => !Array.isArray(inner) && Object.keys(inner).length) as Record<string, unknown>[];
      if (objects.length) {
        const object = random.pick(objects);
        const name = random.pick(Object.keys(object));
        const renamed = random.chance(0.5) ? name.toUpperCase() : `${name[0]?.toLowerCase() ?? ''}${name.slice(1)}`;
        const inner = object[name];
        delete object[name];
        object[renamed] = inner;
      }
    } else {
      const arrays = containers(slots).filter(Array.isArray) as unknown[][];
      if (arrays.length) {
        const array = random.pick(arrays);
        const choice = random.int(3);
        if (choice === 0) array.length = 0;
        else if (choice === 1 && array.length) array.push(...Array.from({ length: 1 + random.int(random.chance(0.2) ? 1200 : 25) }, () => clone(array[0])));
        else array.push(oddValue());
      }
    }
  }
  return root.value;
}

/**
 * The body text of a value, sometimes changed: cut short, with junk after it, bytes that are not UTF-8, a
 * BOM, other JSON, nothing at all. `broken` tells whether the body is still JSON at all (read as UTF-8).
 */
export function bodyOf(random: Random, value: unknown): { body: string | Buffer; broken: boolean } {
  const text = (value === undefined ? '' : JSON.stringify(value)).replaceAll(JSON.stringify(DEEPLY_NESTED), () => nested(random));
  let body: string | Buffer = text;
  switch (random.int(16)) {
    case 0:
      body = text.slice(0, random.int(text.length));
      break;
    case 1:
      body = `${text}${random.pick([' trailing', '}', ']', ',', '\u0000', '{}'])}`;
      break;
    case 2: {
      const at = random.int(text.length + 1);
      body = Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from(random.pick([[0xff, 0xfe], [0xc3], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0x00]])), Buffer.from(text.slice(at))]);
      break;
    }
    case 3:
      body = random.pick(['', ' ', 'null', 'true', '0', '"text"', '[', '{', '{"a":1,"a":2}', '\ufeff' + text, '[]', '{}', 'a=b&c=d']);
      break;
  }
  return { body, broken: !isJson(body.toString()) };
}

function nested(random: Random): string {
  const depth = random.pick([64, 3000, 20_000, 100_000]);
  return random.chance(0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The right content type most of the time; else another one, or none. */
export function contentTypeHeader(random: Random, right = 'application/json'): Record<string, string> {
  if (random.chance(0.85)) return { 'content-type': right };
  return random.chance(0.3) ? {} : { 'content-type': random.pick(CONTENT_TYPES) };
}

/**
 * A query string from valid parameters, half of the time with one or two of them changed: left out, given
 * an odd value, sent twice, in bracket syntax (a[x]=1, a[]=1), the name in another case, raw malformed
 * escapes; sometimes an unknown parameter added. Values are encoded unless they are meant to arrive malformed.
 */
export function queryOf(random: Random, valid: Record<string, string>, extraValues: string[] = []): string {
  const pairs: string[] = [];
  const names = Object.keys(valid);
  const changed = new Set(random.chance(0.5) && names.length ? Array.from({ length: 1 + random.int(2) }, () => random.pick(names)) : []);
  // a lone surrogate cannot be percent-encoded: it goes as U+FFFD, as a browser would send it
  const encode = (text: string) => (random.chance(0.1) ? text.toWellFormed().replace(/[^%A-Za-z0-9._~-]/gu, (character) => encodeURIComponent(character)) : encodeURIComponent(text.toWellFormed()));
  const values = [...ODD_QUERY_VALUES, ...extraValues];
  for (const [name, value] of Object.entries(valid)) {
    if (!changed.has(name)) {
      pairs.push(`${name}=${encodeURIComponent(value)}`);
      continue;
    }
    switch (random.int(7)) {
      case 0:
        break;
      case 1:
        pairs.push(`${name}=${encode(random.pick(values))}`);
        break;
      case 2:
        pairs.push(`${name}=${encodeURIComponent(value)}`, `${random.chance(0.5) ? name : name.toLowerCase()}=${encode(random.pick([value, ...values]))}`);
        break;
      case 3:
        pairs.push(`${name}${random.pick(['[]', '[x]', '[0]', '[__proto__]', '[a][b]'])}=${encodeURIComponent(value)}`);
        break;
      case 4:
        pairs.push(`${random.chance(0.5) ? name.toUpperCase() : name.toLowerCase()}=${encodeURIComponent(value)}`);
        break;
      case 5:
        pairs.push(`${name}=${random.pick(['%ZZ', '%', '%00', '%ED%A0%80', '%FF', '+', '%2B02:00', 'a+b'])}`);
        break;
      default:
        pairs.push(name);
    }
  }
  if (random.chance(0.15)) pairs.push(`${random.pick(['extra', '__proto__', 'constructor', '', 'x'.repeat(500), '%ZZ', 'a[b]'])}=${encode(random.pick(values))}`);
  if (random.chance(0.05)) pairs.push('&&', '=');
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A path segment: usually the valid one, sometimes junk. */
export const segmentOf = (random: Random, valid: string, chance = 0.3) => (random.chance(chance) ? random.pick(JUNK_SEGMENTS) : encodeURIComponent(valid));

/** What was sent, for a failure message: long runs of one character (deep nesting, long strings) shortened. */
export function describeRequest(method: string, path: string, request: RawRequest = {}): string {
  const shorten = (text: string, length: number) => text.replace(/(.)\1{19,}/gsu, (run, character: string) => `${character}…(${[...run].length}x)`).slice(0, length);
  return `${method} ${shorten(path, 300)} ${shorten(JSON.stringify(request.headers ?? {}), 300)} ${shorten(String(request.body ?? ''), 2000)}`;
}

/** Every answer of a run, checked as it comes, and a tally to show the run exercised both sides of the rules. */
export class FuzzTally {
  readonly statuses = new Map<string, Map<number, number>>();

  /** Counts the answer under its operation's name and checks it; `request` says what was sent, for the failure message. */
  check(operation: string, request: string, response: HttpResponse): HttpResponse {
    const byStatus = this.statuses.get(operation) ?? new Map<number, number>();
    byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
    this.statuses.set(operation, byStatus);
    return expectNoServerError(request, response);
  }

  count(predicate: (status: number) => boolean, what?: string): number {
    let total = 0;
    for (const [name, byStatus] of this.statuses) if (what === undefined || name === what) for (const [status, count] of byStatus) if (predicate(status)) total += count;
    return total;
  }

  /** Both accepted and refused answers were seen, overall and for each of the named operations. */
  expectBothSides(operations: string[], minimum = 1): void {
    for (const operation of operations) {
      expect(this.count((status) => status < 300, operation), `${operation} was accepted at least ${minimum} times (${this.describe(operation)})`).to.be.at.least(minimum);
      expect(this.count((status) => status >= 400, operation), `${operation} was refused at least ${minimum} times (${this.describe(operation)})`).to.be.at.least(minimum);
    }
  }

  describe(what?: string): string {
    return [...this.statuses]
      .filter(([name]) => what === undefined || name === what)
      .map(([name, byStatus]) => `${name}: ${[...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}x${count}`).join(' ')}`)
      .join('\n');
  }
}

/** Request options for a body, with its content type sometimes wrong. */
export type RawRequest = { body?: string | Buffer; headers?: Record<string, string> };

export function jsonRequest(random: Random, value: unknown, headers: Record<string, string> = {}): RawRequest & { broken: boolean } {
  const { body, broken } = bodyOf(random, value);
  return { body, headers: { ...contentTypeHeader(random), ...headers }, broken };
}

/**
 * JSON numbers that JavaScript cannot hold: JSON.parse reads every number as an IEEE 754 double, so
 * 12345678901234567890 becomes 12345678901234567000, 0.1000000000000000055 becomes 0.1 and 1e400
 * Infinity. The platform parses what it stores and what it delivers, so such a number would reach its
 * readers changed, without anyone being told. I-JSON (RFC 7493, section 2.2) asks senders not to use
 * them and to send such values as strings; the platform refuses them with a 400 saying so.
 */

/** A number with 16 or more digits, or an exponent of three digits: only those can change (DBL_DIG is 15). */
const MAY_CHANGE = /\d(?:\.?\d){15}|[eE][+-]?\d{3}/;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * The numbers of a valid JSON text that come out of JSON.parse and JSON.stringify as another decimal
 * (at most `max`, as written). Numbers of up to 15 significant digits always survive, so most texts cost one regular
 * expression test.
 */
export function numbersChangedByParsing(json: string, max = 3): string[] {
  if (!MAY_CHANGE.test(json)) return [];
  const changed: string[] = [];
  for (let at = 0; at < json.length && changed.length < max; ) {
    const char = json.charCodeAt(at);
    if (char === 0x22 /* " */) {
      at = endOfString(json, at);
    } else if (char === 0x2d /* - */ || (char >= 0x30 && char <= 0x39)) {
      NUMBER.lastIndex = at;
      const written = NUMBER.exec(json)?.[0] ?? json[at];
      if (!parsesExactly(written)) changed.push(written);
      at += written.length;
    } else {
      at += 1;
    }
  }
  return changed;
}

/**
 * A JSON text parsed the way every body of the platform is read: `json: false` when it is not JSON, and
 * otherwise its value with the numbers parsing changed (none for almost every text). Each reader turns
 * the two refusals into its own answer (a 400, a WebSocket close, a problem in the caller's language).
 */
export function parseJsonExactly(text: string, maxChanged = 3): { json: false } | { json: true; value: unknown; changedNumbers: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { json: false };
  }
  return { json: true, value, changedNumbers: numbersChangedByParsing(text, maxChanged) };
}

/** The problem's wording, the same wherever a JSON body is read. */
export function changedNumbersDetail(numbers: string[]): string {
  return `${numbers.length === 1 ? 'the number' : 'the numbers'} ${numbers.join(', ')} cannot be kept exactly (JSON numbers are read as 64-bit floating point, about 15 significant digits): send such values as strings`;
}

/** Position after the string that starts at `start` (its opening quote). */
function endOfString(json: string, start: number): number {
  for (let at = start + 1; at < json.length; at += 1) {
    const char = json.charCodeAt(at);
    if (char === 0x5c /* \ */) at += 1;
    else if (char === 0x22) return at + 1;
  }
  return json.length;
}

/**
 * Whether JSON.parse and JSON.stringify give back the decimal written (compared as decimals: `1E2` is
 * 100). 1152921504606846976 is 2^60, a double, but is written back as 1152921504606847000: another
 * integer to a reader in Java or C#, so it counts as changed.
 */
export function parsesExactly(written: string): boolean {
  const value = Number(written);
  if (!Number.isFinite(value)) return false;
  const before = decimalOf(written);
  const after = decimalOf(String(value));
  return before.digits === after.digits && before.exponent === after.exponent && (before.digits === '' || before.negative === after.negative);
}

/** A number as 0.digits x 10^exponent, its digits without leading or trailing zeros ('' for zero). */
function decimalOf(number: string): { negative: boolean; digits: string; exponent: number } {
  const [, sign, whole, fraction = '', exponent = '0'] = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(number) ?? [];
  const allDigits = (whole ?? '') + fraction;
  const leadingZeros = allDigits.length - allDigits.replace(/^0+/, '').length;
  const digits = allDigits.slice(leadingZeros).replace(/0+$/, '');
  return { negative: sign === '-', digits, exponent: digits === '' ? 0 : Number(exponent) + (whole ?? '').length - leadingZeros };
}

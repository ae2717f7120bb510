/** How many leading characters of a word are kept as search terms. */
const LONGEST_PREFIX = 24;

/**
 * The terms `searchBy` finds a document by: every word of its name and number, lower case, and each
 * word's beginnings (a keyword matches a word that starts with it). Words are runs of letters and digits.
 */
export function searchTermsOf(...texts: (string | null | undefined)[]): string[] {
  const terms = new Set<string>();
  for (const text of texts) {
    for (const word of (text ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
      const letters = [...word];
      for (let length = 1; length <= Math.min(letters.length, LONGEST_PREFIX); length += 1) terms.add(letters.slice(0, length).join(''));
    }
  }
  return [...terms];
}

/** The keywords of a `searchBy`, as the terms hold them (several, separated by spaces, all of which must match). */
export function keywordsOf(searchBy: string): string[] {
  return [...new Set((searchBy.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => [...word].slice(0, LONGEST_PREFIX).join('')))].slice(0, 10);
}

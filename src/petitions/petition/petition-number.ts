import { createHash, randomBytes } from 'node:crypto';

/**
 * A petition's number: `P-<year>-` and 8 characters of Crockford's base32 (no I, L, O, U), e.g.
 * P-2026-7K3QX9MB. Random, so that filings never queue behind one counter; 40 bits make a collision
 * (refused by the stream's expected revision, then drawn again) rare.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PETITION_NUMBER = /^P-\d{4}-[0-9A-HJKMNP-TV-Z]{8}$/;

export function newPetitionNumber(year: string): string {
  return `P-${year}-${encode(randomBytes(5))}`;
}

/** The same number every time for a key: demo data, which must load once however often it is seeded. */
export function derivedPetitionNumber(year: string, key: string): string {
  return `P-${year}-${encode(createHash('sha256').update(key).digest().subarray(0, 5))}`;
}

function encode(bytes: Buffer): string {
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let text = '';
  for (let i = 0; i < 8; i += 1) text = ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)] + text;
  return text;
}

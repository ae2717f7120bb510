import { randomInt } from 'node:crypto';

/** A new authorization code: 16 random decimal digits, leading zeros kept (the seed's codes may start with 0). */
export function newAuthorizationCode(): string {
  const half = () => String(randomInt(0, 100_000_000)).padStart(8, '0');
  return `${half()}${half()}`;
}

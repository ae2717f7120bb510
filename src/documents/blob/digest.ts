import { InvalidInputError } from '../invalid-input';

/**
 * The SHA-256 a client announces for the whole content (RFC 9530 `Repr-Digest: sha-256=:<base64>:`), as
 * lower-case hex; undefined when it names none. Other algorithms in the header are ignored.
 */
export function announcedSha256(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const member = /(?:^|,)\s*sha-256=:([A-Za-z0-9+/]+={0,2}):\s*(?:,|$)/.exec(header);
  if (!member) {
    if (/sha-256/i.test(header)) throw new InvalidInputError('Repr-Digest', 'must write sha-256 as sha-256=:<base64 of the 32 bytes>:');
    return undefined;
  }
  const bytes = Buffer.from(member[1], 'base64');
  if (bytes.length !== 32) throw new InvalidInputError('Repr-Digest', 'sha-256 must be the 32 bytes of a SHA-256, in base64');
  return bytes.toString('hex');
}

import { constants, createPublicKey, createSign, createVerify, KeyObject, type KeyLike } from 'node:crypto';

/**
 * JWS compact serialization with RS256 (RFC 7515), on Node's crypto: a signature is one
 * createSign('RSA-SHA256') over "header.payload", so no JOSE library is needed.
 */
export type JwsHeader = { alg: string; kid?: string; [parameter: string]: unknown };
export type ParsedJws = { header: JwsHeader; payload: Buffer; signingInput: string; signature: Buffer };

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export class MalformedJwsError extends Error {
  constructor(detail: string) {
    super(`malformed JWS: ${detail}`);
    this.name = 'MalformedJwsError';
  }
}

export function isJwsCompact(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 3 && parts.every((part) => BASE64URL.test(part)) && parts[0].length > 0;
}

export function signJws(payload: string | Buffer, privateKey: KeyLike, kid: string): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', kid }));
  const signingInput = `${header}.${base64url(payload)}`;
  const signature = createSign('RSA-SHA256').update(signingInput).sign(privateKey);
  return `${signingInput}.${signature.toString('base64url')}`;
}

export function parseJws(token: string): ParsedJws {
  if (!isJwsCompact(token)) throw new MalformedJwsError('expected three base64url parts separated by dots');
  const [headerPart, payloadPart, signaturePart] = token.split('.');
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
  } catch {
    throw new MalformedJwsError('the protected header is not JSON');
  }
  if (header === null || typeof header !== 'object' || Array.isArray(header)) throw new MalformedJwsError('the protected header is not a JSON object');
  const { alg, kid } = header as JwsHeader;
  if (alg !== 'RS256') throw new MalformedJwsError(`alg must be RS256, not ${JSON.stringify(alg)}`);
  if (typeof kid !== 'string' || !/^[0-9a-f]+$/i.test(kid.replace(/:/g, ''))) {
    throw new MalformedJwsError('the header needs kid: the certificate serial number in hexadecimal');
  }
  // RFC 7515 4.1.11: a recipient must refuse a token whose critical extensions it does not understand
  if ('crit' in (header as object)) throw new MalformedJwsError('crit: no header extension is supported');
  return {
    header: header as JwsHeader,
    payload: Buffer.from(payloadPart, 'base64url'),
    signingInput: `${headerPart}.${payloadPart}`,
    signature: Buffer.from(signaturePart, 'base64url'),
  };
}

/**
 * RS256 is RSASSA-PKCS1-v1_5 with SHA-256 and an RSA key. Node's verify picks the scheme from the key, so
 * the key type and the padding are fixed here: an EC, Ed25519 or RSA-PSS certificate cannot sign RS256.
 */
export function verifyJws(parsed: ParsedJws, publicKey: KeyLike): boolean {
  const key = publicKey instanceof KeyObject ? publicKey : createPublicKey(publicKey);
  if (key.asymmetricKeyType !== 'rsa') return false;
  return createVerify('RSA-SHA256').update(parsed.signingInput).verify({ key, padding: constants.RSA_PKCS1_PADDING }, parsed.signature);
}

/** Serial numbers compare as Java's BigInteger.toString(16) prints them: lowercase, no leading zeros. */
export function normalizeSerial(serialHex: string): string {
  return serialHex.replace(/:/g, '').toLowerCase().replace(/^0+(?=.)/, '');
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

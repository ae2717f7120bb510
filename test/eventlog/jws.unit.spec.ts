import { constants, generateKeyPairSync, sign } from 'node:crypto';
import { expect } from 'chai';
import { MalformedJwsError, normalizeSerial, parseJws, signJws, verifyJws } from '../../src/eventlog/signing-certificate/jws';

describe('Event logging: JWS compact RS256 on Node crypto', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it('signs and verifies; a changed payload or another key does not verify', () => {
    const token = signJws('{"event_type":"a"}', privateKey, '1f');
    const parsed = parseJws(token);
    expect(parsed.header).to.deep.equal({ alg: 'RS256', kid: '1f' });
    expect(parsed.payload.toString()).to.equal('{"event_type":"a"}');
    expect(verifyJws(parsed, publicKey)).to.equal(true);
    expect(verifyJws(parsed, other.publicKey)).to.equal(false);
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${Buffer.from('{"event_type":"b"}').toString('base64url')}.${signature}`;
    expect(verifyJws(parseJws(tampered), publicKey)).to.equal(false);
  });

  it('refuses another algorithm, a missing kid and broken parts as malformed', () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(() => parseJws(`${part({ alg: 'none', kid: '1' })}.${part({})}.`)).to.throw(MalformedJwsError, /RS256/);
    expect(() => parseJws(`${part({ alg: 'HS256', kid: '1' })}.${part({})}.c2ln`)).to.throw(MalformedJwsError, /RS256/);
    expect(() => parseJws(`${part({ alg: 'RS256' })}.${part({})}.c2ln`)).to.throw(MalformedJwsError, /kid/);
    for (const kid of [':::', '', 'serial-1', '0x1f']) expect(() => parseJws(`${part({ alg: 'RS256', kid })}.${part({})}.c2ln`), kid).to.throw(MalformedJwsError, /kid/);
    expect(parseJws(`${part({ alg: 'RS256', kid: '0E:F1:50' })}.${part({})}.c2ln`).header.kid).to.equal('0E:F1:50');
    expect(() => parseJws('bm90LWpzb24.e30.c2ln')).to.throw(MalformedJwsError, /JSON/);
    expect(() => parseJws('a.b')).to.throw(MalformedJwsError);
  });

  it('verifies RS256 only with an RSA key: not EC, Ed25519 or RSA-PSS, whatever the header says', () => {
    const signingInput = `${Buffer.from(JSON.stringify({ alg: 'RS256', kid: '1f' })).toString('base64url')}.${Buffer.from('{}').toString('base64url')}`;
    const forged = (signature: Buffer) => parseJws(`${signingInput}.${signature.toString('base64url')}`);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(verifyJws(forged(sign('sha256', Buffer.from(signingInput), ec.privateKey)), ec.publicKey)).to.equal(false);
    const ed = generateKeyPairSync('ed25519');
    expect(verifyJws(forged(sign(null, Buffer.from(signingInput), ed.privateKey)), ed.publicKey)).to.equal(false);
    const pss = generateKeyPairSync('rsa-pss', { modulusLength: 2048 });
    expect(verifyJws(forged(sign('sha256', Buffer.from(signingInput), pss.privateKey)), pss.publicKey)).to.equal(false);
    const pssOnRsa = sign('sha256', Buffer.from(signingInput), { key: privateKey, padding: constants.RSA_PKCS1_PSS_PADDING });
    expect(verifyJws(forged(pssOnRsa), publicKey)).to.equal(false);
  });

  it('refuses a header with critical extensions (crit), which it does not understand', () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(() => parseJws(`${part({ alg: 'RS256', kid: '1', crit: ['b64'], b64: false })}.${part({})}.c2ln`)).to.throw(MalformedJwsError, /crit/);
  });

  it('compares serial numbers as Java prints them: lowercase hex without leading zeros', () => {
    expect(normalizeSerial('0A1B')).to.equal('a1b');
    expect(normalizeSerial('0a:1b')).to.equal('a1b');
    expect(normalizeSerial('00')).to.equal('0');
  });
});

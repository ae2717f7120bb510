import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { MalformedJwsError, normalizeSerial, parseJws, signJws, verifyJws } from '../../src/eventlog/jws';

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
    expect(() => parseJws('bm90LWpzb24.e30.c2ln')).to.throw(MalformedJwsError, /JSON/);
    expect(() => parseJws('a.b')).to.throw(MalformedJwsError);
  });

  it('compares serial numbers as Java prints them: lowercase hex without leading zeros', () => {
    expect(normalizeSerial('0A1B')).to.equal('a1b');
    expect(normalizeSerial('0a:1b')).to.equal('a1b');
    expect(normalizeSerial('00')).to.equal('0');
  });
});

import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClientRegistry } from '../../src/platform/identity/client-registry';

/** The registry entry's jwks (the keys of a client's owner tokens), as the schema admits it when the file is loaded. */
describe('Petitions: token keys in the client registry (unit)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'registry-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const load = (jwks: unknown) => {
    const file = join(dir, 'clients.json');
    writeFileSync(file, JSON.stringify({ clients: [{ id: 'portal', certificate: {}, jwks }] }));
    return () => ClientRegistry.fromFile(file);
  };
  const rsa = (modulusLength: number) => generateKeyPairSync('rsa', { modulusLength }).publicKey.export({ format: 'jwk' });

  it('takes RSA keys of 2048 bits or more, with an optional kid, alg RS256 and use sig', () => {
    const registry = load({ keys: [{ ...rsa(2048), kid: 'k1', alg: 'RS256', use: 'sig' }, rsa(3072)] })();
    expect((registry.get('portal')!.jwks as { keys: unknown[] }).keys).to.have.length(2);
  });

  it('refuses a short key, another key type or algorithm, and an empty set', () => {
    expect(load({ keys: [rsa(1024)] })).to.throw(/jwks\/keys\/0\/n/);
    expect(load({ keys: [{ kty: 'EC', crv: 'P-256', x: 'a', y: 'b' }] })).to.throw(/jwks\/keys\/0/);
    expect(load({ keys: [{ ...rsa(2048), alg: 'HS256' }] })).to.throw(/alg/);
    expect(load({ keys: [] })).to.throw(/jwks\/keys/);
  });
});

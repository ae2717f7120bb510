import { expect } from 'chai';
import type { PeerCertificate } from 'node:tls';
import { ClientRegistry, type ClientDefinition } from '../../src/platform/identity/client-registry';

const client = (id: string, certificate: ClientDefinition['certificate'] = {}): ClientDefinition => ({ id, certificate });
const certificateOf = (commonName: string, fingerprint256 = '') => ({ subject: { CN: commonName }, fingerprint256 }) as unknown as PeerCertificate;

describe('ClientRegistry (unit)', () => {
  it('identifies a client by its pinned fingerprint first, else by the common name (its id by default)', () => {
    const registry = new ClientRegistry([client('reader'), client('pinned', { sha256: 'ab:cd' }), client('named', { commonName: 'Named System' })]);
    expect(registry.identify(certificateOf('reader'))?.id).to.equal('reader');
    expect(registry.identify(certificateOf('reader', 'AB:CD'))?.id).to.equal('pinned');
    expect(registry.identify(certificateOf('Named System'))?.id).to.equal('named');
    expect(registry.identify(certificateOf('named'))).to.equal(undefined);
  });

  it('refuses two clients that one certificate would identify, whichever is listed last', () => {
    expect(() => new ClientRegistry([client('reader'), client('admin', { commonName: 'reader' })])).to.throw(/reader and admin .* common name reader/);
    expect(() => new ClientRegistry([client('a', { sha256: 'AB:CD' }), client('b', { sha256: 'abcd' })])).to.throw(/a and b pin the same certificate fingerprint/);
    expect(() => new ClientRegistry([client('a'), client('a', { commonName: 'other' })])).to.throw(/duplicate client id a/);
  });
});

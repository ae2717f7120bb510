import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { CloudEvent, ConnectionError, EgovClient, InvalidEventError, ProblemError, TlsSetupError } from '../../src/sdk/index';
import { createCertificate } from '../../src/platform/identity/pki';
import { producedBy, sdkClient } from '../support/sdk-clients';
import { TestPlatform, demoEvent } from '../support/test-platform';

describe('SDK: producing (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let producer: EgovClient;

  before(async () => {
    platform = await TestPlatform.start();
    producer = sdkClient(platform, 'demo-producer');
  });
  after(async () => {
    await producer.close();
    await platform.stop();
  });

  const stored = () => producedBy(platform, 'demo-producer');

  it('produces one event, built from plain attributes, in structured mode', async () => {
    const event = await producer.produce({ source: 'urn:demo:producer', type: 'demo.order.created', data: { orderId: 7 } });
    const found = (await stored()).find((e) => e.event.id === event.id);
    expect(found?.event).to.include({ source: 'urn:demo:producer', type: 'demo.order.created' });
    expect(found?.event.data).to.deep.equal({ orderId: 7 });
  });

  it('produces a CloudEvent with binary data in raw mode', async () => {
    const event = new CloudEvent<unknown>({ source: 'urn:demo:producer', type: 'demo.blob', datacontenttype: 'application/octet-stream', data: Buffer.from([0, 1, 254, 255]) });
    await producer.produce(event);
    const found = (await stored()).find((e) => e.event.id === event.id);
    expect(found?.event.datacontenttype).to.equal('application/octet-stream');
    expect(found?.event.data_base64).to.equal(Buffer.from([0, 1, 254, 255]).toString('base64'));
  });

  it('produces a batch in one request, and the same batch again is stored once', async () => {
    const batch = [demoEvent(), demoEvent(), demoEvent()];
    await producer.produceBatch(batch);
    await producer.produceBatch(batch);
    const ids = (await stored()).map((e) => e.event.id).filter((id) => batch.some((event) => event.id === id));
    expect(ids).to.deep.equal(batch.map((event) => event.id));
  });

  it('produces test events through the tools endpoints', async () => {
    const institution = sdkClient(platform, 'demo-institution');
    try {
      const event = await institution.produce({ source: 'urn:anything', type: 'demo.order.created', data: { orderId: 1 } }, { test: true });
      const tests = await producedBy(platform, 'demo-institution', 'test');
      expect(tests.map((e) => e.event.id)).to.include(event.id);
    } finally {
      await institution.close();
    }
  });

  it('refuses an invalid event before sending it', async () => {
    const error = await producer.produce({ source: 'urn:demo:producer', type: '' }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(InvalidEventError);
    const otherVersion = await producer.produce({ ...demoEvent(), specversion: '2.0' } as never).catch((caught: unknown) => caught);
    expect(otherVersion).to.be.instanceOf(InvalidEventError);
    expect((otherVersion as Error).message).to.match(/specversion must be "1\.0"/);
  });

  it('throws the platform problem for a refused event: a reused id with other content (409), a type not allowed (401)', async () => {
    const event = demoEvent();
    await producer.produce(event);
    const conflict = await producer.produce({ ...event, data: { orderId: 999_999 } }).catch((error: unknown) => error);
    expect(conflict).to.be.instanceOf(ProblemError).with.property('status', 409);
    expect((conflict as ProblemError).transient).to.equal(false);
    const refused = await producer.produce({ ...demoEvent(), type: 'other.type' }).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(ProblemError).with.property('status', 401);
    expect((refused as Error).message).to.match(/^401 /);
  });

  describe('mutual TLS set-up', () => {
    it('names the file that is missing, not PEM, or a key of another certificate', () => {
      const { pki } = platform;
      const settings = { url: platform.baseUrl, ca: pki.caCert, cert: pki.clientCert('demo-producer'), key: pki.clientKey('demo-producer') };
      expect(() => new EgovClient({ ...settings, cert: '/nowhere/x.crt' })).to.throw(TlsSetupError, 'client certificate file /nowhere/x.crt does not exist');
      const notPem = join(platform.dataDir, 'not-pem.crt');
      writeFileSync(notPem, 'hello');
      expect(() => new EgovClient({ ...settings, cert: notPem })).to.throw(TlsSetupError, `${notPem} does not hold a certificate in PEM form`);
      expect(() => new EgovClient({ ...settings, key: pki.clientKey('demo-consumer') })).to.throw(TlsSetupError, 'is not the key of the certificate');
    });

    it('fails for good when the server is not signed by the given CA, and says so', async () => {
      const otherCa = createCertificate({ commonName: 'another CA', isCa: true });
      const caFile = join(platform.dataDir, 'other-ca.crt');
      writeFileSync(caFile, otherCa.certPem);
      const client = new EgovClient({ url: platform.baseUrl, ca: caFile, cert: platform.pki.clientCert('demo-producer'), key: platform.pki.clientKey('demo-producer') });
      try {
        const error = await client.produce(demoEvent()).catch((caught: unknown) => caught);
        expect(error).to.be.instanceOf(ConnectionError);
        expect((error as ConnectionError).transient).to.equal(false);
        expect((error as Error).message).to.match(/server certificate of https:\/\/localhost:\d+ is not trusted/);
      } finally {
        await client.close();
      }
    });

    it('says the platform cannot be reached when nothing listens', async () => {
      const client = new EgovClient({ url: 'https://localhost:1', ca: platform.pki.caCert, cert: platform.pki.clientCert('demo-producer'), key: platform.pki.clientKey('demo-producer') });
      try {
        const error = await client.produce(demoEvent()).catch((caught: unknown) => caught);
        expect(error).to.be.instanceOf(ConnectionError).with.property('transient', true);
        expect((error as Error).message).to.equal('cannot reach https://localhost:1: connection refused (is the platform running?)');
      } finally {
        await client.close();
      }
    });
  });
});

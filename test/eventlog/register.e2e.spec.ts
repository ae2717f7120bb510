import { createVerify, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { expect } from 'chai';
import { signJws } from '../../src/eventlog/signing-certificate/jws';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';
import { clientSigner, logEvent, register, registrationsInLog, renewedCertificate } from './eventlog-test-kit';

describe('Event logging: POST /register (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let institution: HttpsClient;

  before(async () => {
    platform = await TestPlatform.start();
    institution = platform.client('demo-institution');
  });
  after(() => platform.stop());

  const byUid = async (uid: string, client = institution) => {
    const response = await client.get(`/query/${uid}`);
    expect(response.status, response.text).to.equal(200);
    return response.json().result as Record<string, unknown>[];
  };

  describe('unsigned events', () => {
    it('registers one event and answers with its UID, findable at once', async () => {
      const uid = await register(institution, logEvent({ event_message: 'hello', count: 3, ok: true }));
      const [entry] = await byUid(uid);
      expect(entry).to.deep.include({ '@uid': uid, '@signed': false, event_type: 'Demo.Request.Received', event_message: 'hello', count: '3', ok: 'true' });
    });

    it('registers a batch under one UID, in order, with nested objects and multi-valued fields', async () => {
      const uid = await register(institution, [logEvent({ n: 1, user: ['2000000000001', '2000000000002'] }), logEvent({ n: 2, address: { city: 'Chisinau' } })]);
      const entries = await byUid(uid);
      expect(entries.map((entry) => entry.n)).to.deep.equal(['1', '2']);
      expect(entries[0].user).to.deep.equal(['2000000000001', '2000000000002']);
      expect(entries[1].address).to.deep.equal({ city: 'Chisinau' });
    });

    it('accepts the raw JSON whatever the Content-Type says, as the public guides send it', async () => {
      const response = await institution.post('/register', { body: JSON.stringify(logEvent()), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(response.status).to.equal(200);
    });
  });

  describe('signed events (JWS compact, RS256, kid = certificate serial in hex)', () => {
    it('registers an event signed with the key of the certificate presented on the connection', async () => {
      const signer = clientSigner(platform, 'demo-institution');
      const uid = await register(institution, signer.sign(logEvent({ event_message: 'signed' })));
      const [entry] = await byUid(uid);
      expect(entry).to.include({ '@signed': true, event_message: 'signed' });
    });

    it('registers a batch of tokens one per line, a payload holding several events, and a mixed array', async () => {
      const signer = clientSigner(platform, 'demo-institution');
      const lines = `${signer.sign(logEvent({ n: 1 }))}\n${signer.sign(logEvent({ n: 2 }))}\n`;
      expect(await byUid(await register(institution, lines))).to.have.length(2);
      const ndjson = `${JSON.stringify(logEvent({ n: 1 }))}\n${JSON.stringify(logEvent({ n: 2 }))}`;
      expect(await byUid(await register(institution, signer.sign(ndjson)))).to.have.length(2);
      const mixed = await byUid(await register(institution, [logEvent({ n: 'plain' }), signer.sign(logEvent({ n: 'signed' }))]));
      expect(mixed.map((entry) => [entry.n, entry['@signed']])).to.deep.equal([
        ['plain', false],
        ['signed', true],
      ]);
    });

    it('refuses with 401 an event signed by another key, a tampered payload and an unknown kid, registering nothing', async () => {
      const signer = clientSigner(platform, 'demo-institution');
      const before = await registrationsInLog(platform);
      const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      const wrongKey = signJws(JSON.stringify(logEvent()), stranger, signer.kid);
      const [header, , signature] = signer.sign(logEvent({ amount: '10' })).split('.');
      const tampered = `${header}.${Buffer.from(JSON.stringify(logEvent({ amount: '1000' }))).toString('base64url')}.${signature}`;
      const unknownKid = signJws(JSON.stringify(logEvent()), stranger, 'abcdef0123');
      for (const body of [wrongKey, tampered, unknownKid, JSON.stringify([logEvent(), wrongKey])]) {
        const response = await institution.post('/register', { body });
        expect(response.status, response.text).to.equal(401);
        expect(response.headers['content-type']).to.match(/application\/problem\+json/);
      }
      expect(await registrationsInLog(platform)).to.equal(before);
    });

    it('verifies an event signed with a certificate the client presented before, after it renewed its certificate', async () => {
      const first = renewedCertificate(platform, 'demo-institution');
      await register(first.client, first.signer.sign(logEvent({ n: 'with the first certificate' })));
      const second = renewedCertificate(platform, 'demo-institution');
      const uid = await register(second.client, first.signer.sign(logEvent({ n: 'signed earlier, sent later' })));
      expect((await byUid(uid, second.client))[0]).to.include({ '@signed': true });
      const neverPresented = renewedCertificate(platform, 'demo-institution');
      expect((await second.client.post('/register', { body: neverPresented.signer.sign(logEvent()) })).status).to.equal(401);
      for (const client of [first.client, second.client, neverPresented.client]) client.close();
    });

    it('records a second certificate with the same serial and another key, and ties each signature to the certificate that verified it', async () => {
      const first = renewedCertificate(platform, 'demo-institution');
      const sameSerial = renewedCertificate(platform, 'demo-institution', first.signer.kid.padStart(32, '0'));
      expect(sameSerial.signer.kid).to.equal(first.signer.kid);
      const uidFirst = await register(first.client, first.signer.sign(logEvent({ n: 'first key' })));
      const uidSecond = await register(sameSerial.client, sameSerial.signer.sign(logEvent({ n: 'second key, same serial' })));
      // signed earlier with the first key, sent over the second certificate's connection: found among the recorded ones
      const uidLater = await register(sameSerial.client, first.signer.sign(logEvent({ n: 'first key, sent later' })));

      // what an auditor does: every stored token verifies with the recorded certificate its signature names
      const log = await platform.platform.stores.events.readAll({ after: 0, limit: 1_000_000, filter: { types: ['md.gov.eventlog.signing-certificate.recorded.v1', 'md.gov.eventlog.events.registered.v1'] } });
      const recorded = new Map(
        log.filter((stored) => stored.event.type.includes('signing-certificate')).map((stored) => {
          const data = stored.event.data as { fingerprint256: string; serial: string; certificatePem: string };
          return [data.fingerprint256, data] as const;
        }),
      );
      expect([...recorded.values()].filter((certificate) => certificate.serial === first.signer.kid)).to.have.length(2);
      for (const uid of [uidFirst, uidSecond, uidLater]) {
        const registration = log.find((stored) => (stored.event.data as { uid?: string }).uid === uid)!.event.data as { signatures: { kid: string; fingerprint256: string; jws: string }[] };
        const [signature] = registration.signatures;
        const certificate = recorded.get(signature.fingerprint256);
        expect(certificate, uid).to.not.equal(undefined);
        const [header, payload, value] = signature.jws.split('.');
        expect(createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(new X509Certificate(certificate!.certificatePem).publicKey, Buffer.from(value, 'base64url')), uid).to.equal(true);
      }
      for (const client of [first.client, sameSerial.client]) client.close();
    });

    it('writes nothing for a signed registration it refuses, not even the certificate that signed it', async () => {
      const renewed = renewedCertificate(platform, 'demo-institution');
      const certificatesRecorded = async () =>
        (await platform.platform.stores.events.readAll({ after: 0, limit: 1_000_000, filter: { types: ['md.gov.eventlog.signing-certificate.recorded.v1'] } })).length;
      const before = await certificatesRecorded();
      const refused = await renewed.client.post('/register', { body: renewed.signer.sign({ event_time: '2024-05-01T10:00:00Z' }) }); // no event_type
      expect(refused.status, refused.text).to.equal(400);
      expect(await certificatesRecorded()).to.equal(before);
      await register(renewed.client, renewed.signer.sign(logEvent()));
      expect(await certificatesRecorded()).to.equal(before + 1);
      renewed.client.close();
    });

    it('refuses a malformed token with 400', async () => {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      for (const body of [`${part({ alg: 'none', kid: '1' })}.${part(logEvent())}.`, `${part({ alg: 'RS256' })}.${part(logEvent())}.c2ln`]) {
        expect((await institution.post('/register', { body })).status, body).to.equal(400);
      }
    });
  });

  describe('the rules of the seed', () => {
    const refused = async (body: unknown) => {
      const response = await institution.post('/register', { body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body) });
      expect(response.status, response.text).to.equal(400);
      expect(response.json()).to.include({ status: 400, title: 'Bad Request' });
      return response.json();
    };

    it('requires event_time and event_type, in the event_time syntax', async () => {
      expect((await refused({ event_type: 'a' })).errors).to.have.keys('/event_time');
      expect((await refused({ event_time: '2024-05-01T10:00:00Z' })).errors).to.have.keys('/event_type');
      expect((await refused(logEvent({ event_time: '2024-05-01 10:00' }))).errors).to.have.keys('/event_time');
      expect((await refused(logEvent({ event_time: '2024-13-01' }))).errors).to.have.keys('/event_time');
    });

    it('refuses reserved names, strings over 32766 bytes, and the whole batch when one event is invalid', async () => {
      const before = await registrationsInLog(platform);
      expect((await refused(logEvent({ _id: 'x' }))).errors).to.have.keys('/_id');
      expect((await refused(logEvent({ '@version': '1' }))).errors).to.have.keys('/@version');
      // BSON cannot hold a name with NUL: on MongoDB the event would be logged and its projection stuck
      expect((await refused(logEvent({ person: { 'first\u0000name': 'Ion' } }))).errors).to.have.keys('/person/first\u0000name');
      expect((await refused(logEvent({ 'tab\tname': 'x' }))).errors).to.have.keys('/tab\tname');
      expect((await refused(logEvent({ event_details: 'ș'.repeat(16_384) }))).errors).to.have.keys('/event_details');
      expect((await refused([logEvent(), logEvent({ event_type: '' })])).errors).to.have.keys('/1/event_type');
      expect(await registrationsInLog(platform)).to.equal(before);
    });

    it('refuses invalid JSON and an empty body with 400', async () => {
      await refused('{"event_time":');
      await refused('');
      await refused('[1, 2]');
      expect((await refused(Buffer.from('{"event_time":"2024-05-01","event_type":"A.B","user":"Ir\xe9na"}', 'latin1'))).detail).to.match(/not UTF-8/);
      // a number the log would register altered
      expect((await refused('{"event_time":"2024-05-01","event_type":"A.B","account":12345678901234567890}')).detail).to.match(/12345678901234567890/);
    });

    it('accepts a message up to 256 KB and refuses a larger one with 413', async () => {
      const padding = (size: number) => Array.from({ length: Math.ceil(size / 30_000) }, () => 'x'.repeat(30_000)).join('').slice(0, size);
      const fits = JSON.stringify(logEvent({ a: padding(30_000), b: padding(30_000), c: padding(30_000), d: padding(30_000), e: padding(30_000), f: padding(30_000), g: padding(30_000), h: padding(30_000) }));
      expect(Buffer.byteLength(fits)).to.be.within(240_000, 256 * 1024);
      expect((await institution.post('/register', { body: fits })).status).to.equal(200);
      const tooLarge = JSON.stringify([JSON.parse(fits), logEvent({ more: padding(30_000) })]);
      const response = await institution.post('/register', { body: tooLarge });
      expect(response.status).to.equal(413);
      expect(response.headers['content-type']).to.match(/application\/problem\+json/);
    });
  });

  describe('who may register', () => {
    it('answers 401 to a caller that cannot be tied to a registered system and 403 without the right', async () => {
      expect((await platform.anonymous().post('/register', { body: JSON.stringify(logEvent()) })).status).to.equal(401);
      expect((await platform.stranger('unregistered').post('/register', { body: JSON.stringify(logEvent()) })).status).to.equal(401);
      expect((await platform.client('demo-producer').post('/register', { body: JSON.stringify(logEvent()) })).status).to.equal(403);
    });
  });
});

import { expect } from 'chai';
import { fixedClock } from '../../src/platform/clock';
import type { ClientDefinition } from '../../src/platform/identity/client-registry';
import { idnoOf } from '../../src/documents/principals/principal';
import { actors, orderIn } from '../delivery/delivery-test-kit';
import { COMPANY, createDocument, INSTITUTION, ION } from '../documents/documents-test-kit';
import { logEvent, register } from '../eventlog/eventlog-test-kit';
import { notificationRequest, postNotification } from '../notification/notification-test-kit';
import { CLIENTS as PETITION_CLIENTS, file, OTHER_AUTHORITY, startPetitionsPlatform, TOWN_HALL_IDNO } from '../petitions/petitions-test-kit';
import { CONSTRUCT_IDNO, defineType, grant, INSTITUTION_IDNO, REPRESENTATION_CLIENTS } from '../representation/representation-test-kit';
import { TestPlatform } from '../support/test-platform';
import { longPollAll } from './long-poll-all';

// each service's events name the organisations they concern (mdowners) and reach only their consumers (issue 32)
const ORG_A = '1003600000003';
const ORG_B = '1002600000099';

describe('Exchange: notifications, templates and logged events go to their sender\'s organisation (e2e over mTLS)', () => {
  const reader = (id: string, idno: string): ClientDefinition => ({ id, idno, certificate: {}, exchange: { consume: { types: ['md.gov.notification.*', 'md.gov.eventlog.*'] } } });
  let platform: TestPlatform;
  before(async () => {
    platform = await TestPlatform.start({ extraClients: [reader('sender-org-reader', ORG_A), reader('other-org-reader', ORG_B)], exchange: { pollTimeoutMs: 200, batchLingerMs: 5 } });
  });
  after(() => platform.stop());

  it('names the sender\'s IDNO in each of their events; another organisation\'s client gets none of them', async () => {
    const institution = platform.client('demo-institution');
    const template = await institution.post('/api/Template', { body: { Name: 'Notice', Description: 'd', Subject: { Ro: 'S' }, Body: { Ro: 'B' }, BodyShort: { Ro: 's' } } });
    expect(template.status, template.text).to.equal(200);
    await postNotification(institution, notificationRequest());
    await register(institution, logEvent());

    const ofSender = await longPollAll(platform.client('sender-org-reader'));
    expect(ofSender.map((event) => event.type)).to.include.members([
      'md.gov.notification.template.created.v1',
      'md.gov.notification.notification.accepted.v1',
      'md.gov.notification.notification.resolution-started.v1',
      'md.gov.eventlog.events.registered.v1',
    ]);
    expect(ofSender.every((event) => event.mdowners === ORG_A)).to.equal(true);
    expect(await longPollAll(platform.client('other-org-reader'))).to.deep.equal([]);
  });
});

describe('Exchange: petitions go to the authority that holds them (e2e over mTLS)', () => {
  const reader = (id: string, idno: string): ClientDefinition => ({ id, idno, certificate: {}, exchange: { consume: { types: ['md.gov.petitions.*'] } } });
  let platform: TestPlatform;
  after(() => platform.stop());

  it('a client of the town hall gets its petitions\' events and not another authority\'s', async () => {
    const petitions = await startPetitionsPlatform({
      extraClients: [...PETITION_CLIENTS, reader('town-hall-reader', TOWN_HALL_IDNO), reader('other-authority-reader', OTHER_AUTHORITY)],
      exchange: { pollTimeoutMs: 200, batchLingerMs: 5 },
    });
    platform = petitions.platform;
    const ofTownHall = await file(petitions.portal, { authorityIdno: TOWN_HALL_IDNO });
    const ofOther = await file(petitions.portal, { authorityIdno: OTHER_AUTHORITY });
    const numbersSeenBy = async (clientId: string) => (await longPollAll(platform.client(clientId))).map((event) => [event.data.petitionNumber, event.mdowners]);
    expect(await numbersSeenBy('town-hall-reader')).to.deep.equal([[ofTownHall, TOWN_HALL_IDNO]]);
    expect(await numbersSeenBy('other-authority-reader')).to.deep.equal([[ofOther, OTHER_AUTHORITY]]);
  });
});

describe('Exchange: delivery orders go to the organisation of the provider that registered them (e2e over mTLS)', () => {
  const reader = (id: string, idno: string): ClientDefinition => ({ id, idno, certificate: {}, exchange: { consume: { types: ['md.gov.delivery.*'] } } });
  let platform: TestPlatform;
  before(async () => {
    platform = await TestPlatform.start({ extraClients: [reader('provider-reader', ORG_A), reader('other-org-reader', ORG_B)], exchange: { pollTimeoutMs: 200, batchLingerMs: 5 } });
  });
  after(() => platform.stop());

  it('names the provider\'s IDNO in an order\'s events; another organisation\'s client gets none of them', async () => {
    const orderID = await orderIn(actors(platform), 'Processing');
    const ofProvider = (await longPollAll(platform.client('provider-reader'))).filter((event) => event.type.startsWith('md.gov.delivery.order.'));
    expect(ofProvider.map((event) => event.type)).to.include.members(['md.gov.delivery.order.registered.v1', 'md.gov.delivery.order.status-changed.v1']);
    expect(ofProvider.every((event) => event.data.orderID === orderID && event.mdowners === ORG_A)).to.equal(true);
    expect(await longPollAll(platform.client('other-org-reader'))).to.deep.equal([]);
  });
});

describe('Exchange: powers of representation go to their service provider (e2e over mTLS)', () => {
  const reader = (id: string, idno: string): ClientDefinition => ({ id, idno, certificate: {}, exchange: { consume: { types: ['md.gov.representation.*'] } } });
  let platform: TestPlatform;
  before(async () => {
    const readers = [reader('institution-reader', INSTITUTION_IDNO), reader('construct-reader', CONSTRUCT_IDNO)];
    // the powers of the test kit are for July 2026
    const clock = fixedClock(new Date('2026-06-01T09:00:00.000Z'));
    platform = await TestPlatform.start({ clock, extraClients: [...REPRESENTATION_CLIENTS, ...readers], exchange: { pollTimeoutMs: 200, batchLingerMs: 5 } });
  });
  after(() => platform.stop());

  it('names the service provider in a type\'s and a power\'s events; another provider\'s client gets none of them', async () => {
    const institution = platform.client('demo-institution');
    await defineType(institution);
    const code = await grant(institution);
    const ofInstitution = await longPollAll(platform.client('institution-reader'));
    expect(ofInstitution.map((event) => event.type)).to.include.members([
      'md.gov.representation.authorization-type.defined.v1',
      'md.gov.representation.authorization.created.v1',
      'md.gov.representation.authorization.granted.v1',
    ]);
    expect(ofInstitution.every((event) => event.mdowners === INSTITUTION_IDNO)).to.equal(true);
    expect(ofInstitution.some((event) => event.data.authorizationCode === code || event.data.power?.authorizationCode === code)).to.equal(true);
    expect(await longPollAll(platform.client('construct-reader'))).to.deep.equal([]);
  });
});

describe('Exchange: documents go to the organisation that owns them (e2e over mTLS)', () => {
  const reader = (id: string, idno: string): ClientDefinition => ({ id, idno, certificate: {}, exchange: { consume: { types: ['md.gov.documents.document.*'] } } });
  let platform: TestPlatform;
  before(async () => {
    platform = await TestPlatform.start({ extraClients: [reader('institution-reader', ORG_A), reader('company-reader', idnoOf(COMPANY)!)], exchange: { pollTimeoutMs: 200, batchLingerMs: 5 } });
  });
  after(() => platform.stop());

  it('names an organisation owner in its documents\' events; a person\'s documents concern no organisation', async () => {
    const institution = platform.client('demo-institution');
    const ofInstitution = await createDocument(institution, INSTITUTION, 'Decizia 1');
    const ofCompany = await createDocument(institution, COMPANY, 'Contract 2');
    await createDocument(institution, ION, 'Certificat 3');
    const seenBy = async (clientId: string) => (await longPollAll(platform.client(clientId))).map((event) => [event.data.documentId, event.mdowners]);
    expect(await seenBy('institution-reader')).to.deep.equal([[ofInstitution, ORG_A]]);
    expect(await seenBy('company-reader')).to.deep.equal([[ofCompany, idnoOf(COMPANY)]]);
  });
});

import { expect } from 'chai';
import { toOrderStreamId } from '../../src/delivery/order/stream';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';

const PERSON = '2000000000011';
const OFFICER = '2000000000055';
const RECEIVER = '2000000000022';
const HOLDER = '2000000000033';
const REPRESENTATIVE = '2000000000044';

/**
 * An auditor who reads a petition's, a delivery order's or a power of representation's stream (the
 * console's history, the audit trail, one event opened) reads the persons those events name: each read
 * registers an Audit.PersonalData.Access about them, as it does for booking's and notification's events.
 * A page of the console's history shows the state after each event, so it names the persons of every
 * event before it too.
 */
describe("Console and audit: reading the petitions', deliveries' and powers' streams logs whose data was read (e2e over mTLS)", function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  let auditor: HttpsClient;

  before(async () => {
    // a kiosk that acts as requestor for the person whose IDNP it holds (owner context from the certificate)
    platform = await TestPlatform.start({ extraClients: [{ id: 'citizen-kiosk', idno: PERSON, certificate: {}, rights: { petitions: ['requestor'] } }] });
    institution = platform.client('demo-institution');
    auditor = platform.client('demo-auditor');
  });
  after(() => platform.stop());

  /** The auditor's reads the person's personal-data search finds. */
  const auditReadsOf = async (subject: string) => {
    const found = await institution.post('/api/v1/personal-data-accesses/searches', { body: { subject, legalBasis: 'data subject request' } });
    expect(found.status, found.text).to.equal(200);
    return (found.json().items as Record<string, unknown>[]).filter((item) => item.event_type === 'Audit.PersonalData.Access');
  };
  const history = async (streamId: string, query: Record<string, string> = {}) => {
    const response = await auditor.get(`/api/v1/console/streams/${streamId}/history`, { query: { legalBasis: 'annual audit 2026', ...query } });
    expect(response.status, response.text).to.equal(200);
    return response.json();
  };

  it("a petition's history, even a page holding only an event that names no one (the state after it does)", async () => {
    const filed = await institution.post('/api/v1/petitions', { body: { requestorIdn: PERSON, requestorName: 'Ion Popescu', authorityIdno: '1003600000003', subject: 'S', text: 'T' } });
    expect(filed.status, filed.text).to.equal(201);
    const number = filed.json().petitionNumber;
    expect((await platform.client('citizen-kiosk').delete(`/petitie/requestor/${PERSON}/${number}`)).json()).to.equal(true);
    const page = await history(`petitions-petition-${number}`, { cursor: '1', limit: '1' });
    expect(page.items.map((item: { event: { type: string } }) => item.event.type)).to.deep.equal(['md.gov.petitions.petition.withdrawn.v1']);
    expect(JSON.stringify(page.items[0].stateAfter)).to.include(PERSON);
    expect(await auditReadsOf(PERSON)).to.have.length(1);

    const registered = await institution.post('/api/v1/petitions', { body: { requestorIdn: '1003600000010', authorityIdno: '1003600000003', subject: 'S', text: 'T' } });
    const other = registered.json().petitionNumber;
    const register = await institution.post('/petitie/authority/petitions/register', { body: { petitionNumber: other, registrationNumber: 'R-1', registrationDate: new Date().toISOString(), responsiblePersonIdnp: OFFICER } });
    expect(register.status, register.text).to.equal(200);
    const opened = await auditor.get(`/api/v1/audit/streams/petitions-petition-${other}/events`, { query: { legalBasis: 'annual audit 2026' } });
    expect(opened.status, opened.text).to.equal(200);
    expect(await auditReadsOf(OFFICER), 'the responsible civil servant').to.have.length(1);
    expect(await auditReadsOf('1003600000010'), "a legal entity's IDNO is no person's").to.have.length(0);
  });

  it("a delivery order's history names its receiver and its documents' holders; one event opened, its receiver", async () => {
    const order = {
      serviceID: 'DEMO-SERVICE-1', id: 'audit-read-1', isPaid: false,
      receiver: { type: 'Person', id: RECEIVER, firstName: 'Maria', name: 'Rusu' },
      orderSubmittedAt: '2026-11-01T10:00:00Z', deliveryAcceptedUntil: '2099-12-01T10:00:00Z', estimatedReadyAt: '2026-11-05T10:00:00Z',
      products: [{ price: 50, quantity: 1, length: 13, width: 9, height: 1, weight: 0.1, holderID: HOLDER, holderName: 'Ceban' }],
    };
    expect((await institution.post('/api/v1/delivery-orders', { body: order })).status).to.equal(201);
    expect((await institution.post('/api/v1/delivery-orders/DEMO-SERVICE-1/audit-read-1/status-reports', { body: { status: 'Cancelled' } })).status).to.equal(201);
    const page = await history(toOrderStreamId('DEMO-SERVICE-1', 'audit-read-1'));
    expect(page.items).to.have.length(2);
    expect(await auditReadsOf(RECEIVER)).to.have.length(1);
    expect(await auditReadsOf(HOLDER)).to.have.length(1);
    const opened = await auditor.get(`/api/v1/console/log-events/${page.items[1].position}`);
    expect(opened.status, opened.text).to.equal(200);
    expect(await auditReadsOf(RECEIVER)).to.have.length(2);
  });

  it("a power's history names both parties when natural persons, and its co-signers", async () => {
    const type = await institution.post('/api/v1/representation/authorization-types', {
      body: { code: 'AT-0000009', names: { ro: 'Tip' }, requiresAcceptance: false, requiresCoSigning: true, serviceProviderIdno: '1003600000003', serviceProviderName: 'Demo' },
    });
    expect(type.status, type.text).to.equal(201);
    const power = await institution.post('/api/v1/representation/authorizations', {
      body: { authorizationTypeCode: 'AT-0000009', authorizingPartyType: 1, authorizingIdn: '2000000000066', authorizedPartyType: 1, authorizedIdn: REPRESENTATIVE, fromDate: '2026-01-01', toDate: '2099-12-31', coSignerIdns: ['2000000000077'] },
    });
    expect(power.status, power.text).to.equal(201);
    await history(`representation-authorization-${power.json().authorizationCode}`);
    for (const subject of ['2000000000066', REPRESENTATIVE, '2000000000077']) expect(await auditReadsOf(subject), subject).to.have.length(1);
  });
});

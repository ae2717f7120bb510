import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { BATCH, TestPlatform, demoEvent } from '../support/test-platform';
import { appendBookingEvent, appointmentRequested } from '../notification/booking-events';
import { logEvent, register } from './eventlog-test-kit';
import { PERSONAL_DATA_ACCESSES } from '../../projections/eventlog/personal-data-accesses';

const SUBJECT = '2001000000011';

/** A consumer whose rule takes the legal basis from the payload by JSON path. */
const HR_SYSTEM = {
  id: 'hr-system',
  idno: '1003600000077',
  certificate: { commonName: 'hr-system' },
  exchange: {
    // the stand-in booking events below name no organisation: only a client with every owner's events gets them
    consume: { types: ['md.gov.booking.*'], allOwners: ['md.gov.booking.*'] },
    personalData: [{ types: ['md.gov.booking.appointment.*'], action: 'Access', systemPrefix: 'HR', legalBasisPath: '$.data.legalBasis', legalReason: 'staffing', subjectPath: '$.data.citizen.idnp' }],
  },
};

/** A consumer of demo events that carry a citizen's IDNP in their data. */
const DEMO_READER = {
  id: 'demo-reader',
  certificate: { commonName: 'demo-reader' },
  exchange: { consume: { types: ['demo.*'] }, personalData: [{ types: ['demo.*'], legalBasis: 'Law 133/2011', subjectPath: '$.data.idnp' }] },
};

describe('Event logging: personal data (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let institution: HttpsClient;

  const accesses = async (subject: string, extra: Record<string, unknown> = {}, client = institution) => {
    const response = await client.post('/api/v1/personal-data-accesses/searches', { body: { subject, legalBasis: 'data subject request', ...extra } });
    expect(response.status, response.text).to.equal(200);
    return response.json() as { items: Record<string, unknown>[]; nextCursor: string; totalCount: number };
  };

  const deliveredEvents: string[] = [];
  const appendBooking = async (citizen: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const data = appointmentRequested({ notifyUser: false, ...extra }, citizen);
    deliveredEvents.push(`requested-${data.appointmentId}`);
    await appendBookingEvent(platform, 'requested', data);
  };

  const consumeAll = async (client: HttpsClient) => {
    const created = await client.post('/ce/consumers');
    expect(created.status, created.text).to.equal(201);
    const instance = new URL(created.headers.location as string).pathname;
    const events: { type: string; offset: string }[] = [];
    for (;;) {
      const response = await client.get(`${instance}/events`);
      if (response.status === 204) return { instance, events };
      events.push(...response.json());
    }
  };

  before(async () => {
    platform = await TestPlatform.start({ extraClients: [HR_SYSTEM, DEMO_READER], exchange: { pollTimeoutMs: 200, batchLingerMs: 5 } });
    institution = platform.client('demo-institution');
  });
  after(() => platform.stop());

  describe('<Prefix>.PersonalData.<Action> events registered by systems', () => {
    it('are projected into the special index with the seed\'s fields, found by data subject', async () => {
      await register(institution, logEvent({
        event_time: '2024-07-01T09:00:00Z',
        event_type: 'MCabinet.PersonalData.Access',
        event_correlation: 'corr-1',
        legal_entity: '1003600000003',
        legal_basis: 'Law 133/2011',
        legal_reason: 'application 42',
        user: '2000000000001',
        user_address: '10.1.1.1',
        subject: SUBJECT,
        subject_type: 'Person',
        subject_name: 'Ion Popescu',
        object: 'ABC 123',
        object_type: 'CarNumber',
        event_message: 'not part of the special index',
      }));
      const { items, totalCount, nextCursor } = await accesses(SUBJECT);
      expect(totalCount).to.equal(1);
      expect(nextCursor).to.equal('');
      const { '@uid': uid, '@loggedBy': loggedBy, ...fields } = items[0];
      expect(uid).to.be.a('string');
      expect(loggedBy).to.equal('demo-institution');
      expect(fields).to.deep.equal({
        event_time: '2024-07-01T09:00:00Z',
        event_type: 'MCabinet.PersonalData.Access',
        event_correlation: 'corr-1',
        legal_entity: '1003600000003',
        legal_basis: 'Law 133/2011',
        legal_reason: 'application 42',
        user: '2000000000001',
        user_address: '10.1.1.1',
        subject: SUBJECT,
        subject_type: 'Person',
        subject_name: 'Ion Popescu',
        object: 'ABC 123',
        object_type: 'CarNumber',
      });
    });

    it('indexes a subject named twice in one event once, and an access naming no subject not at all', async () => {
      const subject = '2001000000099';
      await register(institution, logEvent({ event_time: '2024-07-03T09:00:00Z', event_type: 'MCabinet.PersonalData.Access', subject: [subject, subject], legal_basis: 'x' }));
      expect((await accesses(subject, { eventTimeTo: '2024-07-04' })).totalCount).to.equal(1);
      const before = await platform.platform.stores.documents.collection(PERSONAL_DATA_ACCESSES).count({ subject: '' });
      await register(institution, logEvent({ event_time: '2024-07-03T10:00:00Z', event_type: 'MCabinet.PersonalData.Access', legal_basis: 'x' }));
      expect(await platform.platform.stores.documents.collection(PERSONAL_DATA_ACCESSES).count({ subject: '' })).to.equal(before);
    });

    it('finds an event about several subjects under each, and pages with cursor and limit', async () => {
      const subjects = ['2001000000022', '2001000000033'];
      for (const minute of [1, 2, 3]) {
        await register(institution, logEvent({ event_time: `2024-07-02T09:0${minute}:00Z`, event_type: 'MCabinet.PersonalData.Search', subject: subjects, legal_basis: 'x' }));
      }
      // each search is itself logged about the subject: the range keeps those out of the count
      const thatDay = { eventTimeFrom: '2024-07-02', eventTimeTo: '2024-07-03' };
      for (const subject of subjects) expect((await accesses(subject, thatDay)).totalCount).to.equal(3);
      const first = await accesses(subjects[0], { ...thatDay, limit: 2 });
      expect(first.items).to.have.length(2);
      expect(first.nextCursor).to.match(/^2-[0-9]+$/);
      const rest = await accesses(subjects[0], { ...thatDay, limit: 2, cursor: first.nextCursor });
      expect(rest.items).to.have.length(1);
      expect(rest.nextCursor).to.equal('');
      expect((await accesses(subjects[0], { eventTimeFrom: '2024-07-02T09:02:00Z', eventTimeTo: '2024-07-02T09:03:00Z' })).totalCount).to.equal(1);
    });

    it('tells a data subject of an access about several persons only their own identifier and name', async () => {
      const [own, other] = ['2001000000111', '2001000000333'];
      await register(institution, logEvent({
        event_time: '2024-05-02T09:02:00Z',
        event_type: 'MCabinet.PersonalData.Access',
        legal_basis: 'x',
        user: '2000000000001',
        subject: [own, other],
        subject_name: ['Popescu', 'Rusu'],
        object: 'case-7',
      }));
      const { items } = await accesses(own, { eventTimeTo: '2024-05-03' });
      expect(items).to.have.length(1);
      const { '@uid': _uid, '@loggedBy': _loggedBy, ...fields } = items[0];
      expect(fields).to.deep.equal({
        event_time: '2024-05-02T09:02:00Z',
        event_type: 'MCabinet.PersonalData.Access',
        legal_basis: 'x',
        user: '2000000000001',
        subject: own,
        subject_name: 'Popescu',
        object: 'case-7',
      });
      expect(JSON.stringify(items)).not.to.contain(other).and.not.to.contain('Rusu');
      expect((await accesses(other, { eventTimeTo: '2024-05-03' })).items[0]).to.include({ subject: other, subject_name: 'Rusu' });
    });

    it('pages through a fixed snapshot: the searches logged while paging neither extend the pages nor change totalCount', async () => {
      const subject = '2001000000122';
      for (const minute of [1, 2, 3]) {
        await register(institution, logEvent({ event_time: `2024-07-05T09:0${minute}:00Z`, event_type: 'MCabinet.PersonalData.Access', subject, legal_basis: 'x' }));
      }
      const pages = [await accesses(subject, { limit: 1 })];
      while (pages[pages.length - 1].nextCursor !== '' && pages.length < 10) {
        pages.push(await accesses(subject, { limit: 1, cursor: pages[pages.length - 1].nextCursor }));
      }
      expect(pages.map((page) => page.totalCount)).to.deep.equal([3, 3, 3]);
      expect(pages.flatMap((page) => page.items.map((item) => item.event_time))).to.deep.equal(['2024-07-05T09:01:00Z', '2024-07-05T09:02:00Z', '2024-07-05T09:03:00Z']);
      // a new search starts a new snapshot, which holds the searches logged so far
      expect((await accesses(subject, { limit: 1 })).totalCount).to.equal(6);
    });

    it('refuses with 400 naming cursor a cursor it did not give', async () => {
      for (const cursor of ['abc', '-1', '1-', '1-2-3', '1.5']) {
        const response = await institution.post('/api/v1/personal-data-accesses/searches', { body: { subject: SUBJECT, legalBasis: 'x', cursor } });
        expect(response.status, cursor).to.equal(400);
        expect(response.json().errors, cursor).to.have.keys('cursor');
      }
    });

    it('logs the search itself as a personal-data event about the subject', async () => {
      const subject = '2001000000044';
      await accesses(subject, { legalReason: 'portal: my data' });
      const { items } = await accesses(subject);
      expect(items[0]).to.include({ event_type: 'EventLog.PersonalData.Search', subject, legal_basis: 'data subject request', legal_reason: 'portal: my data', legal_entity: '1003600000003' });
    });

    it('searches from year 0 when only eventTimeTo is given, and to the end of year 9999 when only eventTimeFrom is', async () => {
      const subject = '2001000000077';
      for (const eventTime of ['0050-03-01T00:00:00Z', '9999-12-31T12:00:00Z']) {
        await register(institution, logEvent({ event_time: eventTime, event_type: 'MCabinet.PersonalData.Access', subject }));
      }
      const early = await accesses(subject, { eventTimeTo: '0100-01-01' });
      expect(early.items.map((item) => item.event_time)).to.deep.equal(['0050-03-01T00:00:00Z']);
      const late = await accesses(subject, { eventTimeFrom: '9999-01-01' });
      expect(late.items.map((item) => item.event_time)).to.deep.equal(['9999-12-31T12:00:00Z']);
    });

    it('refuses up front, with 400 naming the field, a searcher value the search could not be logged with', async () => {
      // 32766 characters pass the schema's maxLength, but are 65532 bytes of UTF-8
      const response = await institution.post('/api/v1/personal-data-accesses/searches', { body: { subject: SUBJECT, legalBasis: 'ă'.repeat(32_766) } });
      expect(response.status, response.text).to.equal(400);
      expect(response.json().errors).to.have.keys('legalBasis');
      expect(response.json().detail).to.contain('legalBasis').and.not.to.contain('logging rules');
      expect((await accesses(SUBJECT, { legalBasis: 'a'.repeat(32_766) })).totalCount).to.be.greaterThan(0);
    });

    it('refuses a search without subject or legal basis with 400, and answers 403 without the right', async () => {
      expect((await institution.post('/api/v1/personal-data-accesses/searches', { body: { legalBasis: 'x' } })).status).to.equal(400);
      expect((await institution.post('/api/v1/personal-data-accesses/searches', { body: { subject: SUBJECT } })).status).to.equal(400);
      expect((await institution.post('/api/v1/personal-data-accesses/searches', { body: { subject: SUBJECT, legalBasis: 'x', eventTimeFrom: 'yesterday' } })).status).to.equal(400);
      expect((await platform.client('demo-producer').post('/api/v1/personal-data-accesses/searches', { body: { subject: SUBJECT, legalBasis: 'x' } })).status).to.equal(403);
    });
  });

  describe('events the exchange delivers to a consumer configured for personal data', () => {
    it('logs a PersonalData event per delivered event, with legal basis and reason from configuration and subject from the payload', async () => {
      const subject = '2001000000055';
      await appendBooking({ idnp: subject, lastName: 'Rusu' });
      await appendBooking({ isForeignCitizen: true, idnp: undefined, passportNumber: 'P1234567', lastName: 'Smith' });
      await appendBooking({ idnp: undefined });
      const { events } = await consumeAll(institution);
      expect(events.filter((event) => event.type === 'md.gov.booking.appointment.requested.v1')).to.have.length(3);
      const [logged] = (await accesses(subject)).items;
      expect(logged).to.include({
        event_type: 'Exchange.PersonalData.Transfer',
        legal_entity: '1003600000003',
        legal_basis: 'Legea nr. 133/2011 privind protecția datelor cu caracter personal, art. 5',
        legal_reason: 'appointment booking',
        subject,
        subject_type: 'Person',
        subject_name: 'Rusu',
        object: deliveredEvents[0],
        object_type: 'md.gov.booking.appointment.requested.v1',
        '@loggedBy': 'demo-institution',
      });
      expect((await accesses('P1234567')).totalCount, 'the second subject path').to.equal(1);
    });

    it('logs the delivery of an event whose id is longer than the log keeps of it, its id clipped, and delivers it', async () => {
      const subject = '2001000000088';
      // clipped at 8,000 characters (32766 bytes at most); the exchange takes attributes up to 8,192 bytes in all
      const longId = 'x'.repeat(8_010);
      const events = [demoEvent({ id: longId, data: { orderId: 1, idnp: subject } }), demoEvent({ data: { orderId: 2, idnp: subject } })];
      const produced = await platform.client('demo-producer').post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(events) });
      expect(produced.status, produced.text).to.equal(202);
      const delivered = await consumeAll(platform.client('demo-reader'));
      expect(delivered.events.map((event) => (event as unknown as { id: string }).id)).to.deep.equal(events.map((event) => event.id));
      const { items } = await accesses(subject);
      const objects = items.map((item) => item.object as string);
      expect(objects).to.have.length(2);
      expect(objects).to.include(longId.slice(0, 8000));
    });

    it('logs and delivers an event whose subject is not Unicode text or is cut inside a pair, and the events after it (a refused log record held the group for good)', async () => {
      // the exchange now refuses such data (400); an event stored before, or appended by a service, still comes
      const lone = { idnp: '\ud800-2001000000099' };
      const longEmoji = { idnp: `${'9'.repeat(7999)}\ud83d\ude00` };
      for (const [index, data] of [lone, longEmoji, { idnp: '2001000000100' }].entries()) {
        const event = { ...demoEvent({ id: `pd-unicode-${index}`, data }), specversion: '1.0' as const, time: new Date().toISOString() };
        await platform.platform.stores.events.append('exchange-demo-producer', [{ producer: 'demo-producer', event }]);
      }
      const delivered = await consumeAll(platform.client('demo-reader'));
      expect(delivered.events.map((event) => (event as unknown as { id: string }).id)).to.include.members(['pd-unicode-0', 'pd-unicode-1', 'pd-unicode-2']);
      expect((await accesses('\ufffd-2001000000099')).totalCount).to.equal(1);
      expect((await accesses('9'.repeat(7999))).totalCount).to.equal(1);
      expect((await accesses('2001000000100')).totalCount).to.equal(1);
    });

    it('logs a redelivered event once, and takes the legal basis from the payload when configured so', async () => {
      const subject = '2001000000066';
      const hr = platform.client('hr-system');
      await appendBooking({ idnp: subject }, { legalBasis: 'Labour Code art. 91' });
      const first = await consumeAll(hr);
      expect(first.events).to.have.length.greaterThan(0);
      // not confirmed: deleting the instance gives the events back to the group, which delivers them again
      expect((await hr.delete(first.instance)).status).to.equal(204);
      const second = await consumeAll(hr);
      expect(second.events.length).to.equal(first.events.length);
      const { items, totalCount } = await accesses(subject);
      expect(totalCount).to.equal(1);
      expect(items[0]).to.include({ event_type: 'HR.PersonalData.Access', legal_basis: 'Labour Code art. 91', legal_reason: 'staffing', legal_entity: '1003600000077', '@loggedBy': 'hr-system' });
    });
  });
});

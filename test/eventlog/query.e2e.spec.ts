import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';
import { logEvent, register } from './eventlog-test-kit';

const OTHER_SYSTEM = { id: 'other-system', idno: '1003600000099', certificate: { commonName: 'other-system' }, rights: { eventlog: ['register', 'query'] } };

describe('Event logging: GET /query and GET /query/{uid} (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let institution: HttpsClient;
  let other: HttpsClient;

  const at = (minute: number) => `2024-06-01T08:${String(minute).padStart(2, '0')}:00.000Z`;
  const search = (query: Record<string, string | number>, client = institution) =>
    client.get('/query', { query: { legal_basis: 'Law 133/2011 art. 5', event_time_from: '2024-06-01T08:00:00Z', event_time_to: '2024-06-01T09:00:00Z', ...query } });

  before(async () => {
    platform = await TestPlatform.start({ extraClients: [OTHER_SYSTEM] });
    institution = platform.client('demo-institution');
    other = platform.client('other-system');
    await register(institution, [
      logEvent({ event_time: at(0), event_type: 'Demo.Case.Opened', case: 'c-1', tag: ['red', 'blue'] }),
      logEvent({ event_time: at(10), event_type: 'Demo.Case.Opened', case: 'c-2', address: { city: 'Balti' } }),
      logEvent({ event_time: '2024-06-01T10:20:00+02:00', event_type: 'Demo.Case.Closed', case: 'c-1' }),
      logEvent({ event_time: at(30), event_type: 'Demo.Case.Closed', case: 'c-2', tag: 'red', parties: [{ idno: '1003600000011', role: 'applicant' }, { idno: '1003600000022' }] }),
      logEvent({ event_time: at(59), event_type: 'Demo.Case.Archived', case: 'c-3' }),
      logEvent({ event_time: '2024-06-01T09:00:00Z', event_type: 'Demo.Case.Archived', case: 'c-4' }),
    ]);
    await register(other, logEvent({ event_time: at(5), event_type: 'Other.Thing.Done' }));
  });
  after(() => platform.stop());

  describe('by time range', () => {
    it('finds the caller\'s events from (inclusive) to (exclusive), in time order, in the guide\'s answer format', async () => {
      const response = await search({});
      expect(response.status, response.text).to.equal(200);
      const answer = response.json();
      expect(answer).to.include({ status: '200', message: 'OK' });
      expect(answer.result.map((entry: { case: string }) => entry.case)).to.deep.equal(['c-1', 'c-2', 'c-1', 'c-2', 'c-3']);
      expect(answer.pagination).to.deep.equal({ 'record-count': 5, 'page-size': 50, page: 0 });
      expect((await search({ event_time_from: at(10), event_time_to: at(30) })).json().result).to.have.length(2);
    });

    it('filters on known and custom fields, nested fields by dotted name, and any value of a multi-valued field or a list of objects', async () => {
      const cases = async (filter: string) => (await search({ filter })).json().result.map((entry: { case: string }) => entry.case);
      expect(await cases('event_type=Demo.Case.Closed')).to.deep.equal(['c-1', 'c-2']);
      expect(await cases('event_type=Demo.Case.Closed,case=c-2')).to.deep.equal(['c-2']);
      expect(await cases('tag=red')).to.deep.equal(['c-1', 'c-2']);
      expect(await cases('tag=blue')).to.deep.equal(['c-1']);
      expect(await cases('address.city=Balti')).to.deep.equal(['c-2']);
      expect(await cases('parties.idno=1003600000022')).to.deep.equal(['c-2']);
      expect(await cases('parties.idno=1003600000022,parties.role=applicant')).to.deep.equal(['c-2']);
      expect((await search({ filter: 'parties=1003600000022' })).status).to.equal(404);
    });

    it('returns events at the same time in registration order: a batch in its order, a later registration after an earlier one', async () => {
      const sameTime = '2024-06-02T08:00:00.000Z';
      const registered: string[] = [];
      for (const name of ['a', 'b', 'c', 'd']) {
        const cases = Array.from({ length: name === 'a' ? 12 : 1 }, (_, n) => `${name}${n}`);
        await register(institution, cases.map((value) => logEvent({ event_time: sameTime, event_type: 'Demo.Same.Time', case: value })));
        registered.push(...cases);
      }
      const window = { event_time_from: '2024-06-02T08:00:00Z', event_time_to: '2024-06-02T08:00:01Z' };
      const cases = (answer: { result: { case: string }[] }) => answer.result.map((entry) => entry.case);
      expect(cases((await search(window)).json())).to.deep.equal(registered);
      const pages = [];
      for (const page of [0, 1, 2, 3]) pages.push(...cases((await search({ ...window, page, page_size: 4 })).json()));
      expect(pages).to.deep.equal(registered);
    });

    it('pages with page and page_size', async () => {
      const page = await search({ page: 1, page_size: 2 });
      expect(page.json().result.map((entry: { case: string }) => entry.case)).to.deep.equal(['c-1', 'c-2']);
      expect(page.json().pagination).to.deep.equal({ 'record-count': 5, 'page-size': 2, page: 1 });
      expect((await search({ page: 2, page_size: 2 })).json().result).to.have.length(1);
    });

    it('answers 404 when no event matches, and for another system\'s events', async () => {
      expect((await search({ filter: 'case=nope' })).status).to.equal(404);
      expect((await search({ event_time_from: '2030-01-01', event_time_to: '2030-01-02' })).status).to.equal(404);
      const theirs = await search({ filter: 'event_type=Other.Thing.Done' });
      expect(theirs.status).to.equal(404);
      expect((await search({ filter: 'event_type=Other.Thing.Done' }, other)).json().result).to.have.length(1);
    });

    it('refuses with 400 a missing legal_basis or time bound, a bad time, a bad filter, and paging beyond page * page_size <= 10000', async () => {
      const base = { legal_basis: 'x', event_time_from: '2024-06-01', event_time_to: '2024-06-02' };
      const bad: Record<string, string | number>[] = [
        { legal_basis: '' },
        { event_time_from: '' },
        { event_time_to: '2024-06-01T25:00:00' },
        { event_time_from: '2024-06-03' },
        { filter: 'no-equals-sign' },
        { filter: '_reserved=x' },
        { filter: 'a.0=x' },
        { filter: 'a.1b=x' },
        { page: -1 },
        { page: 'one' },
        { page_size: 0 },
        { page: 201, page_size: 50 },
        { page_size: 10_001 },
        { unknown_parameter: 'x' },
        { constructor: 'x' },
        { toString: 'x' },
      ];
      for (const change of bad) {
        const query = Object.fromEntries(Object.entries({ ...base, ...change }).filter(([, value]) => value !== ''));
        const response = await institution.get('/query', { query });
        expect(response.status, JSON.stringify(change)).to.equal(400);
        expect(response.json()).to.include({ status: 400 });
      }
      expect((await institution.get('/query', { query: { ...base, page: 200, page_size: 50 } })).status).to.equal(404);
      // the parameter at fault is the one named
      expect(Object.keys((await institution.get('/query', { query: { ...base, page: 0, page_size: 10_001 } })).json().errors)).to.deep.equal(['page_size']);
      expect(Object.keys((await institution.get('/query', { query: { ...base, page: 201, page_size: 50 } })).json().errors)).to.deep.equal(['page']);
      const repeated = await institution.get(`/query?${new URLSearchParams(Object.entries(base).map(([name, value]): [string, string] => [name, String(value)]))}&page=0&page=1`);
      expect(repeated.status).to.equal(400);
      expect(repeated.json().errors).to.deep.equal({ page: ['is given more than once'] });
    });

    it('takes a filter of up to 100 pairs and refuses a longer one with 400 naming filter', async () => {
      const pairs = (count: number) => Array.from({ length: count }, (_, index) => `f${index}=v`).join(',');
      expect((await search({ filter: pairs(100) })).status).to.equal(404);
      for (const count of [1_100, 101]) {
        const response = await search({ filter: pairs(count) });
        expect(response.status, response.text).to.equal(400);
        expect(response.json()).to.include({ status: 400, title: 'Bad Request' });
        expect(response.json().errors).to.deep.equal({ filter: ['at most 100 pairs'] });
      }
    });

    it('indexes the years 0000-0099 as written, and refuses times outside the years 0000-9999 in UTC, registered or searched', async () => {
      await register(institution, logEvent({ event_time: '0099-05-01T10:00:00Z', event_type: 'Demo.Case.Ancient', case: 'c-99' }));
      const ancient = await search({ event_time_from: '0099-01-01', event_time_to: '0100-01-01' });
      expect(ancient.status, ancient.text).to.equal(200);
      expect(ancient.json().result.map((entry: { case: string }) => entry.case)).to.deep.equal(['c-99']);
      expect((await search({ event_time_from: '1999-01-01', event_time_to: '2000-01-01' })).status, 'not as 1999').to.equal(404);

      const refused = await institution.post('/register', { body: JSON.stringify([logEvent(), logEvent({ event_time: '9999-12-31T23:59:59-23:59' })]) });
      expect(refused.status, refused.text).to.equal(400);
      expect(refused.json().errors).to.deep.equal({ '/1/event_time': ['must fall within the years 0000-9999 once converted to UTC'] });
      const bound = await search({ event_time_from: '2024-01-01', event_time_to: '9999-12-31T23:59:59-23:59' });
      expect(bound.status, bound.text).to.equal(400);
      expect(bound.json().errors).to.have.keys('event_time_to');
    });
  });

  describe('by UID', () => {
    it('returns the events of one registration, and 404 for an unknown UID or another system\'s', async () => {
      const uid = await register(institution, logEvent({ event_type: 'Demo.Uid.Lookup' }));
      const response = await institution.get(`/query/${uid}`, { query: { legal_basis: 'audit', user: '2000000000001' } });
      expect(response.status).to.equal(200);
      expect(response.json().result).to.have.length(1);
      expect(response.json().pagination).to.deep.equal({ 'record-count': 1, 'page-size': 1 });
      expect((await institution.get('/query/00000000-0000-0000-0000-000000000000')).status).to.equal(404);
      expect((await other.get(`/query/${uid}`)).status).to.equal(404);
      expect((await institution.get(`/query/${uid}`, { query: { page: 1 } })).status).to.equal(400);
    });
  });

  describe('searches are logged', () => {
    it('logs each search as an event of the searcher, with its legal basis and what it asked', async () => {
      await search({ filter: 'case=c-3', legal_reason: 'case review', user: '2000000000009', user_address: '10.0.0.7' });
      const logged = await institution.get('/query', {
        query: { legal_basis: 'audit', event_time_from: '2000-01-01', event_time_to: '2100-01-01', filter: 'event_type=EventLog.Search.ByTimeRange,legal_reason=case review' },
      });
      expect(logged.status, logged.text).to.equal(200);
      const [entry] = logged.json().result;
      expect(entry).to.include({ legal_basis: 'Law 133/2011 art. 5', legal_entity: '1003600000003', user: '2000000000009', user_address: '10.0.0.7' });
      expect(entry.event_message).to.contain('filter=case=c-3').and.to.contain('found=1');
    });
  });

  describe('who may search', () => {
    it('answers 401 without a registered certificate and 403 without the query right', async () => {
      expect((await search({}, platform.anonymous())).status).to.equal(401);
      expect((await search({}, platform.client('demo-producer'))).status).to.equal(403);
    });
  });

  describe('restart', () => {
    it('keeps registered events across a restart', async () => {
      await platform.restart();
      institution = platform.client('demo-institution');
      expect((await search({})).json().result).to.have.length(5);
    });
  });
});

import { expect } from 'chai';
import { EVENTS_REGISTERED } from '../../src/eventlog/registration/events';
import { seededRandom, type Random } from '../support/generated-input';
import type { HttpsClient } from '../support/https-client';
import {
  bodyOf,
  checksWrites,
  describeRequest,
  FUZZ_SEED,
  FuzzTally,
  fuzzRequests,
  jsonRequest,
  METHODS,
  mutated,
  ODD_VALUES,
  queryOf,
  runOperations,
  segmentOf,
  type RawRequest,
} from '../support/service-fuzz';
import { TestPlatform } from '../support/test-platform';
import { clientSigner } from './eventlog-test-kit';

/**
 * Generated bad input against every endpoint of the event-logging service (register, the two searches,
 * a data subject's accesses) and of the audit trail that reads the log: events with fields deleted,
 * retyped or made up, odd event_time values and field names, broken JSON, tampered JWS tokens, odd
 * query values and repeated parameters, junk path segments. Whatever arrives, the answer is a 2xx or a
 * 4xx problem, never a 5xx; a refused registration registers nothing, and a refused search or audit
 * read is not logged. Seeded: FUZZ_SEED=<n> repeats a run, FUZZ_REQUESTS=<n> makes it longer, FUZZ_CONCURRENCY=<n>
 * sends n at once (see test/support/service-fuzz.ts); FUZZ_VERBOSE=1 prints the answers' statuses per operation.
 */
const SEED = FUZZ_SEED;
const REQUESTS = fuzzRequests(600);

const SUBJECTS = ['2000000000011', '2001000000011', '1003600000010'];
const EVENT_TIMES = ['2024-05-01T10:00:00Z', '2024-05-01T10:00:00.000+03:00', '2024-05-01', '2024-05-01T10:00:00+0300', '0099-05-01', '9999-12-31T23:59:59Z', '2024-05-02T09:00:00-05:30'];
const ODD_NAMES = ['a.b', '$x', '_x', '@x', '', '\u0000', 'tab\there', 'x'.repeat(40000), 'ünï', '__proto__', 'constructor', 'event_time ', 'EVENT_TYPE'];
const ODD_EVENT_TIMES = ['2024-02-30', '2024-11-24 10:00', '2024-05-01T10:00:00', '2024-05-01T24:00:00Z', '2024-05-01T10:00:00+24:00', '10000-01-01', '0000-01-01T00:00:00+01:00', '9999-12-31T23:59:59-23:59', '2024-05-01T10:00:00.1234Z', '２０２４-05-01'];

let serial = 0;
function validEvent(random: Random): Record<string, unknown> {
  serial += 1;
  const event: Record<string, unknown> = {
    event_time: random.pick(EVENT_TIMES),
    event_type: random.pick(['Demo.Case.Opened', 'Demo.Case.Closed', 'MCabinet.PersonalData.Access', 'Demo.PersonalData.Export']),
    case: `c-${serial}`,
  };
  if (random.chance(0.5)) event.subject = random.pick(SUBJECTS);
  if (random.chance(0.3)) event.legal_basis = 'Law 133/2011';
  if (random.chance(0.3)) event.parties = [{ idno: '1003600000010' }, { idno: '1002600000011', role: 'x' }];
  if (random.chance(0.2)) event.amount = random.pick([3, 1.5, -7, true]);
  if (random.chance(0.2)) event.tags = ['red', 'green'];
  return event;
}

describe('Event logging and audit: generated bad input never gets a 5xx (e2e over mTLS)', function () {
  this.timeout(300_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  let auditor: HttpsClient;

  before(async () => {
    platform = await TestPlatform.start();
    institution = platform.client('demo-institution');
    auditor = platform.client('demo-auditor');
  });
  after(() => platform.stop());

  it(`answers ${REQUESTS} generated requests with 2xx or a 4xx problem; a refused request registers and logs nothing (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const tally = new FuzzTally();
    const events = platform.platform.stores.events;
    const signer = clientSigner(platform, 'demo-institution');
    const registered: string[] = [];
    const streams = ['platform-client-registry', 'exchange-demo-producer', 'nothing-here'];

    const send = async (what: string, client: HttpsClient, method: string, path: string, options: RawRequest = {}) => {
      const request = describeRequest(method, path, options);
      return tally.check(what, request, await client.request(method, path, options));
    };
    /** Nothing at all was appended since `head`: no registration, no logged search, no recorded certificate. */
    const expectNothingWritten = async (what: string, head: number) => {
      if (!checksWrites) return;
      const appended = await events.readAll({ after: head, limit: 100, filter: { streamPrefix: 'eventlog-' } });
      expect(appended.map((stored) => `${stored.event.type} ${stored.streamId}`), `${what} was refused but wrote`).to.deep.equal([]);
    };

    /** A valid event with its event_time or a field name made odd, sometimes, on top of mutated()'s changes. */
    const oddEvent = () => {
      const event = validEvent(random);
      if (random.chance(0.3)) event.event_time = random.pick(ODD_EVENT_TIMES);
      if (random.chance(0.3)) event[random.pick(ODD_NAMES)] = random.pick(ODD_VALUES);
      if (random.chance(0.1)) event.nested = JSON.parse(`${'{"a":'.repeat(20)}1${'}'.repeat(20)}`);
      return random.chance(0.5) ? event : mutated(random, event);
    };
    const token = (payload: unknown) => {
      const signed = signer.sign(payload);
      const [header, body, signature] = signed.split('.');
      switch (random.int(8)) {
        case 0:
          return `${header}.${Buffer.from(JSON.stringify(validEvent(random))).toString('base64url')}.${signature}`;
        case 1:
          return `${Buffer.from(random.pick(['{"alg":"none","kid":"1"}', '{"alg":"RS256"}', '{"alg":"RS256","kid":"ff"}', '{"alg":"RS256","kid":"1","crit":["x"]}', '[]', 'null', 'x', '{"alg":"RS256","kid":""}'])).toString('base64url')}.${body}.${signature}`;
        case 2:
          return `${header}.${body}.${signature.slice(0, random.int(signature.length))}`;
        case 3:
          return `${header}.${body}`;
        default:
          return signed;
      }
    };
    const registrationBody = (): string | Buffer => {
      switch (random.int(6)) {
        case 0:
          return token(random.chance(0.7) ? validEvent(random) : oddEvent());
        case 1: {
          const items = Array.from({ length: 1 + random.int(4) }, () => (random.chance(0.3) ? token(validEvent(random)) : random.chance(0.6) ? validEvent(random) : oddEvent()));
          return bodyOf(random, items).body;
        }
        case 2: {
          const lines = Array.from({ length: 1 + random.int(3) }, () => (random.chance(0.4) ? token(validEvent(random)) : JSON.stringify(random.chance(0.7) ? validEvent(random) : oddEvent())));
          return lines.join(random.pick(['\n', '\r\n', '\n\n', ' ']));
        }
        case 3:
          return token(Array.from({ length: 1 + random.int(3) }, () => validEvent(random)).map((event) => JSON.stringify(event)).join('\n'));
        default:
          return bodyOf(random, random.chance(0.4) ? validEvent(random) : oddEvent()).body;
      }
    };
    const searcher = () =>
      Object.fromEntries(
        Object.entries({ legal_entity: '1003600000003', legal_reason: 'audit', user: 'ion', user_address: '10.0.0.1' }).filter(() => random.chance(0.3)),
      );

    const operations: Record<string, () => Promise<void>> = {
      'POST register': async () => {
        const body = registrationBody();
        const headers: Record<string, string> = random.chance(0.8) ? { 'content-type': random.pick(['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/jose']) } : {};
        const head = await events.headPosition();
        const response = await send('POST register', institution, 'POST', '/register', { body, headers });
        if (response.status === 200) registered.push(response.json().UID);
        else await expectNothingWritten('POST register', head);
      },
      'GET query by uid': async () => {
        const uid = registered.length && random.chance(0.7) ? random.pick(registered) : '00000000-0000-4000-8000-000000000000';
        const head = await events.headPosition();
        const response = await send('GET query by uid', institution, 'GET', `/query/${segmentOf(random, random.chance(0.2) ? uid.toUpperCase() : uid, 0.25)}${queryOf(random, { legal_basis: 'Law 133/2011', ...searcher() })}`);
        if (response.status === 400) await expectNothingWritten('GET query by uid', head);
      },
      'GET query by time range': async () => {
        const query: Record<string, string> = {
          legal_basis: 'Law 133/2011',
          event_time_from: random.pick(['2024-05-01', '2024-01-01T00:00:00Z', '0000-01-01', '2024-05-01T10:00:00+03:00']),
          event_time_to: random.pick(['2024-05-02', '9999-12-31', '2024-05-01T10:00:00.001Z', '2025-01-01T00:00:00+0200']),
          ...searcher(),
        };
        if (random.chance(0.5)) query.filter = random.pick(['event_type=Demo.Case.Opened', 'case=c-1', 'parties.idno=1003600000010', 'tags=red,amount=3', 'subject=2000000000011', 'a..b=1', 'x=', '=x', 'case=c-1,'.repeat(120), 'nested.a.a=1']);
        if (random.chance(0.4)) query.page = random.pick(['0', '1', '200', '999999999']);
        if (random.chance(0.4)) query.page_size = random.pick(['1', '50', '10000', '10001']);
        const head = await events.headPosition();
        const response = await send('GET query by time range', institution, 'GET', `/query${queryOf(random, query, ODD_EVENT_TIMES)}`);
        if (response.status === 400) await expectNothingWritten('GET query by time range', head);
      },
      'POST personal-data search': async () => {
        const search: Record<string, unknown> = { subject: random.pick(SUBJECTS), legalBasis: 'data subject request' };
        if (random.chance(0.3)) search.eventTimeFrom = random.pick(['2024-01-01', '', '2024-05-01T10:00:00Z']);
        if (random.chance(0.3)) search.eventTimeTo = random.pick(['2030-01-01', '', '2024-05-01T10:00:00Z']);
        if (random.chance(0.3)) search.limit = random.pick([1, 50, 500]);
        if (random.chance(0.2)) search.cursor = random.pick(['0', '1', '999999999']);
        if (random.chance(0.2)) Object.assign(search, { legalReason: 'x', user: 'ion', userAddress: '10.0.0.1' });
        const head = await events.headPosition();
        const response = await send('POST personal-data search', institution, 'POST', '/api/v1/personal-data-accesses/searches', jsonRequest(random, random.chance(0.5) ? search : mutated(random, search, ODD_EVENT_TIMES)));
        if (response.status >= 400) await expectNothingWritten('POST personal-data search', head);
      },
      'GET audit stream': async () => {
        const stream = registered.length && random.chance(0.6) ? `eventlog-registration-${random.pick(registered)}` : random.pick(streams);
        const query = Object.fromEntries(Object.entries({ cursor: random.pick(['0', '1', '2']), limit: random.pick(['1', '100', '1000']), legalBasis: 'annual audit' }).filter(() => random.chance(0.4)));
        const head = await events.headPosition();
        const response = await send('GET audit stream', auditor, 'GET', `/api/v1/audit/streams/${segmentOf(random, stream, 0.25)}/events${queryOf(random, query, ['1001', 'x'.repeat(1001)])}`);
        if (response.status >= 400) await expectNothingWritten('GET audit stream', head);
      },
      'other method': async () => {
        const uid = registered.length ? random.pick(registered) : '00000000-0000-4000-8000-000000000000';
        const path = random.pick(['/register', `/register/${uid}`, '/query', `/query/${uid}`, '/api/v1/personal-data-accesses/searches', '/api/v1/personal-data-accesses', '/api/v1/audit/events', '/api/v1/audit/streams/platform-client-registry/events']);
        const head = await events.headPosition();
        const method = random.pick(METHODS);
        const response = await send('other method', random.chance(0.8) ? institution : auditor, method, path, random.chance(0.5) ? jsonRequest(random, mutated(random, validEvent(random))) : {});
        if (response.status >= 400) await expectNothingWritten('other method', head);
        else if (method === 'POST' && path === '/register') registered.push(response.json().UID);
      },
      'GET audit events': async () => {
        const query = Object.fromEntries(
          Object.entries({
            type: random.pick([EVENTS_REGISTERED, 'md.gov.platform.client.registered.v1', 'demo.order.created', '*']),
            cursor: random.pick(['0', '5', '999999999999999']),
            limit: random.pick(['1', '100', '1000']),
            legalBasis: 'annual audit',
          }).filter(() => random.chance(0.4)),
        );
        const head = await events.headPosition();
        const response = await send('GET audit events', auditor, 'GET', `/api/v1/audit/events${queryOf(random, query, ['1001', 'x'.repeat(1001)])}`);
        if (response.status >= 400) await expectNothingWritten('GET audit events', head);
      },
    };

    const names = Object.keys(operations).filter((name) => name !== 'other method');
    const weighted = [...names, 'other method', 'POST register', 'POST register', 'POST register', 'GET query by time range', 'POST personal-data search'];
    await runOperations(random, REQUESTS, operations, weighted);

    if (process.env.FUZZ_VERBOSE) console.log(tally.describe());
    tally.expectBothSides(REQUESTS >= 500 ? names : []);
    expect(tally.count((status) => status < 300)).to.be.above(REQUESTS / 10);
    expect(tally.count((status) => status >= 400)).to.be.above(REQUESTS / 10);

    // every registration of the client in the log was answered with its UID
    const logged = await events.readAll({ after: 0, limit: 1_000_000, filter: { types: [EVENTS_REGISTERED] } });
    const requests = logged.filter((stored) => (stored.event.data as { origin: string; clientId: string }).origin === 'request');
    expect(new Set(requests.map((stored) => (stored.event.data as { uid: string }).uid))).to.deep.equal(new Set(registered));
  });
});

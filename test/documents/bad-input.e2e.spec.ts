import { expect } from 'chai';
import { seededRandom } from '../support/generated-input';
import type { HttpsClient } from '../support/https-client';
import {
  checksWrites,
  describeRequest,
  FUZZ_SEED,
  FuzzTally,
  fuzzRequests,
  jsonRequest,
  METHODS,
  mutated,
  ODD_QUERY_VALUES,
  queryOf,
  runOperations,
  segmentOf,
  type RawRequest,
} from '../support/service-fuzz';
import type { TestPlatform } from '../support/test-platform';
import { createDocument, createFolder, ION, MARIA, PART, startDocuments, uploadJson } from './documents-test-kit';

/**
 * Generated bad input against every endpoint of the document store: bodies with members deleted, retyped
 * or made up, odd URNs, dates, ranges and part sizes, broken JSON, odd query values, junk path segments.
 * Whatever arrives, the answer is a 2xx or a 4xx problem (a 507 when a quota is passed), never a 5xx;
 * a refused write appends nothing. FUZZ_SEED, FUZZ_REQUESTS, FUZZ_CONCURRENCY as in test/support/service-fuzz.ts.
 */
const SEED = FUZZ_SEED;
const REQUESTS = fuzzRequests(600);
const PRINCIPALS = [ION, MARIA, 'urn:md:idno:1003600000010', 'urn:public', 'urn:md:system:00000000-0000-4000-8000-000000000001', 'urn:md:idnp:1', 'idnp', 'URN:MD:IDNP:2000000000011', 'x'.repeat(120)];
const RANGES = ['bytes 0-5242879/10485760', 'bytes 0-9/10', 'bytes 5-1/10', 'bytes 0-9/*', 'bytes */10', 'bytes=0-9/10', 'bytes 0-4/10', `bytes ${PART}-${2 * PART - 1}/${2 * PART}`, 'bytes 0-99999999999999999/99999999999999999', '', 'garbage'];
const DATES = ['2030-01-01T00:00:00Z', '2020-01-01T00:00:00Z', '2030-01-01T00:00:00', '2030-02-30T00:00:00Z', '1899-01-01T00:00:00Z', 'tomorrow', null];

describe('Document store: generated bad input never gets a 5xx (e2e over mTLS)', function () {
  this.timeout(600_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  let writer: HttpsClient;
  let folder: string;
  let document: string;
  let blobId: string;

  before(async () => {
    ({ platform, institution, writer } = await startDocuments());
    folder = await createFolder(institution, ION, 'Dosar');
    document = await createDocument(institution, ION, 'Doc', { a: 1 }, { folderId: folder });
    blobId = await uploadJson(institution, { b: 2 });
    const template = { title: 'T0', fields: [{ label: 'A', pointer: '/a' }, { label: 'L', pointer: '/list', columns: [{ label: 'B', pointer: '/b' }] }] };
    await institution.post('/api/v1/document-types', { body: { code: 'T0', titles: { ro: 'T0' }, templates: { ro: template } } });
  });
  after(() => platform.stop());

  it(`answers ${REQUESTS} generated requests with 2xx or a 4xx problem; a refused write appends nothing (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const tally = new FuzzTally();
    const events = platform.platform.stores.events;
    const ids = () => random.pick([document, document, folder, blobId, '00000000-0000-4000-8000-000000000000']);
    const send = async (what: string, method: string, path: string, options: RawRequest = {}, client = institution) => {
      const head = await events.headPosition();
      const response = tally.check(what, describeRequest(method, path, options), await client.request(method, path, options));
      if (response.status >= 400 && checksWrites && method !== 'GET') {
        const appended = await events.readAll({ after: head, limit: 100, filter: { streamPrefix: 'documents-' } });
        expect(appended.map((stored) => stored.event.type), `${what} ${response.status} but wrote`).to.deep.equal([]);
      }
      return response;
    };
    const principalQuery = (): Record<string, string> => (random.chance(0.8) ? { principal: random.chance(0.7) ? ION : random.pick(PRINCIPALS) } : {});
    const shareItem = () => ({ sharedFor: random.pick([MARIA, ...PRINCIPALS]), permission: random.pick(['Read', 'Write', 'read', 1, 2, 'Owner']), ...(random.chance(0.5) ? { from: random.pick(DATES), to: random.pick(DATES) } : {}) });

    const operations: Record<string, () => Promise<void>> = {
      'POST blobs': async () => {
        const headers: Record<string, string> = { 'content-type': random.pick(['application/json', 'text/plain', 'application/pdf', 'application/vnd.x+json', 'garbage']) };
        if (random.chance(0.3)) headers['content-range'] = random.pick(RANGES);
        if (random.chance(0.1)) headers['repr-digest'] = random.pick(['sha-256=:AAAA:', 'sha-256=:x:', 'md5=:a:', `sha-256=:${Buffer.alloc(32).toString('base64')}:`]);
        const body = jsonRequest(random, mutated(random, { idnp: '2000000000011', name: 'Ion', debts: [{ code: 'x', total: 1.5 }] }));
        const query = queryOf(random, { documentTypeCode: random.pick(['Unknown', 'Folder', 'NOPE', 'x'.repeat(60)]), ...principalQuery() }, ODD_QUERY_VALUES);
        await send('POST blobs', 'POST', `/mdocs/blobs${query}`, { body: body.body, headers: { ...body.headers, ...headers } });
      },
      'PUT blobs': async () => {
        const headers: Record<string, string> = random.chance(0.8) ? { 'content-range': random.pick(RANGES) } : {};
        await send('PUT blobs', 'PUT', `/mdocs/blobs/${segmentOf(random, ids())}`, { body: Buffer.alloc(random.pick([0, 10, 100])), headers });
      },
      'POST documents': async () => {
        const item: Record<string, unknown> = { principal: random.chance(0.7) ? ION : random.pick(PRINCIPALS), name: random.chance(0.8) ? 'Doc' : random.pick(['', 'x'.repeat(300)]), number: 'N-1' };
        if (random.chance(0.3)) Object.assign(item, { expiresOn: random.pick(DATES), createdOn: random.pick(DATES) });
        if (random.chance(0.5)) item.folderId = random.pick([folder, folder, null, document]);
        if (random.chance(0.2)) item.shares = [shareItem()];
        const body = { blobId: random.chance(0.8) ? blobId : random.pick([null, document]), documents: [item] };
        await send('POST documents', 'POST', '/mdocs/documents', jsonRequest(random, random.chance(0.6) ? body : mutated(random, body, DATES)));
      },
      'GET documents': async () => {
        const query: Record<string, string> = { ...principalQuery(), page: random.pick(['1', '2']), itemsPerPage: random.pick(['10', '100']) };
        if (random.chance(0.5)) query.folderId = random.pick([folder, folder, document]);
        if (random.chance(0.3)) query.orderField = random.pick(['name', '-createdOn', 'size desc']);
        if (random.chance(0.3)) query.searchBy = random.pick(['doc', 'd', 'x y']);
        if (random.chance(0.2)) query.type = random.pick(['Unknown', 'Folder']);
        await send('GET documents', 'GET', `/mdocs/documents${queryOf(random, query, ODD_QUERY_VALUES)}`);
      },
      'one document': async () => {
        const method = random.pick(['GET', 'GET', 'PATCH', 'DELETE']);
        const path = `/mdocs/documents/${segmentOf(random, ids())}${random.pick(['', '/blob', '/versions', '/size', '/shares', '/versions/1/blob', '/versions/0'])}`;
        const body: RawRequest = method === 'PATCH' ? jsonRequest(random, random.chance(0.5) ? mutated(random, { name: 'N', number: null, expiresOn: random.pick(DATES), folderId: folder }) : mutated(random, [{ op: 'replace', path: 'name', value: 'x' }])) : {};
        await send('one document', method, `${path}${queryOf(random, { ...principalQuery(), format: random.pick(['Pdf', 'Html', 'Docx']), permanent: 'false' }, ODD_QUERY_VALUES)}`, { ...body, headers: { ...body.headers, ...(random.chance(0.3) ? { range: random.pick(['bytes=0-1', 'bytes=-0', 'bytes=999-', 'x']) } : {}) } });
      },
      'POST shares': async () => {
        const body = random.chance(0.5) ? { shares: [shareItem(), shareItem()] } : [{ ...shareItem(), for: MARIA, reservedId: random.pick(['00000000-0000-4000-8000-000000000000', 'x']) }];
        await send('POST shares', 'POST', `/mdocs/documents/${segmentOf(random, ids())}/shares${queryOf(random, principalQuery())}`, jsonRequest(random, random.chance(0.5) ? body : mutated(random, body, DATES)));
      },
      'PUT share': async () => {
        await send('PUT share', 'PUT', `/mdocs/documents/${segmentOf(random, document)}/shares/${segmentOf(random, '00000000-0000-4000-8000-000000000000')}${queryOf(random, principalQuery())}`, jsonRequest(random, mutated(random, { permission: 'Read', from: null, to: '2030-01-01T00:00:00Z' })));
      },
      'transform': async () => {
        const query = queryOf(random, { documentTypeCode: random.pick(['T0', 'T0', 'Unknown']), format: random.pick(['Pdf', 'Html']), language: random.pick(['Ro', 'en', 'RU']) }, ODD_QUERY_VALUES);
        await send('transform', 'POST', `/mdocs/transform${query}`, jsonRequest(random, random.chance(0.5) ? { a: 'x', list: [{ b: 1 }] } : mutated(random, { a: 'x', list: [{ b: 1 }] })));
      },
      'document types': async () => {
        const body = { code: random.pick(['T1', 'Unknown', 'bad code', 'x'.repeat(60)]), titles: { ro: 'T', en: null }, schema: random.pick([null, { type: 'object' }, { type: 'nope' }]), templates: { ro: { title: 'T', fields: [{ label: 'A', pointer: random.pick(['/a', 'a', '']) }] } } };
        const method = random.pick(['POST', 'PUT', 'GET']);
        const path = method === 'POST' ? '/api/v1/document-types' : `/api/v1/document-types/${segmentOf(random, 'T1')}`;
        await send('document types', method, path, method === 'GET' ? {} : jsonRequest(random, mutated(random, body)));
      },
      'others': async () => {
        const path = random.pick([
          `/mdocs/quota${queryOf(random, principalQuery(), ODD_QUERY_VALUES)}`,
          `/mdocs/principals/${segmentOf(random, ION)}/name`,
          `/mdocs/shares/for-me${queryOf(random, { ...principalQuery(), page: '1', orderField: random.pick(['sharedOn', 'x']) }, ODD_QUERY_VALUES)}`,
          `/mdocs/shares/by-me${queryOf(random, principalQuery(), ODD_QUERY_VALUES)}`,
          `/mdocs/recycled-documents${queryOf(random, principalQuery(), ODD_QUERY_VALUES)}`,
          `/mdocs/document-types/${segmentOf(random, 'Unknown')}`,
          `/mdocs/view/${segmentOf(random, document)}`,
          '/api/v1/principal-quotas',
          `/mdocs/shares/reservations${queryOf(random, { generateAccessCode: 'true' }, ODD_QUERY_VALUES)}`,
        ]);
        const method = random.pick(METHODS);
        const body = method === 'GET' ? {} : jsonRequest(random, mutated(random, { principal: random.pick(PRINCIPALS), storageMaximum: random.pick([1, -1, 1e20]) }));
        await send('others', method, path, body, random.chance(0.2) ? writer : institution);
      },
    };
    const names = Object.keys(operations);
    await runOperations(random, REQUESTS, operations, [...names, 'POST blobs', 'POST documents', 'one document', 'POST shares']);
    if (process.env.FUZZ_VERBOSE) console.log(tally.describe());
    tally.expectBothSides(REQUESTS >= 500 ? ['POST blobs', 'POST documents', 'GET documents', 'one document', 'transform'] : []);
  });
});

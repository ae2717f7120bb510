import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { SHARE_CASCADE } from '../../src/documents/processes/share-cascade';
import { SHARE_CHANGED, SHARE_GRANTED, SHARE_REVOKED } from '../../src/documents/share/events';
import { toShareStreamId } from '../../src/documents/share/stream';
import type { createDocumentsModule } from '../../src/documents/module';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { ANDREI, createDocument, createFolder, expectEventsFollowContracts, expectStatus, ION, MARIA, startDocuments } from './documents-test-kit';

const ELENA = 'urn:md:idnp:2000000000044';

describe('Document store: the share cascade (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let documents: ReturnType<typeof createDocumentsModule>;
  let institution: HttpsClient;

  before(async () => {
    ({ platform, documents, institution } = await startDocuments());
  });
  after(async () => {
    await expectEventsFollowContracts(platform);
    await platform.stop();
  });

  const as = (principal: string, path: string) => institution.get(path, { query: { principal } });
  async function share(id: string, by: string, sharedFor: string, permission: 'Read' | 'Write'): Promise<string> {
    return expectStatus(await institution.post(`/mdocs/documents/${id}/shares`, { query: { principal: by }, body: { shares: [{ sharedFor, permission }] } }), 201).json()[0].id;
  }
  const shareEvents = async (shareId: string) => (await platform.platform.stores.events.readStream(toShareStreamId(shareId))).map(({ event }) => ({ type: event.type, data: event.data as Record<string, any> }));
  /** until the cascade has handled everything appended, its own events included */
  async function settled() {
    for (;;) {
      const head = await platform.platform.stores.events.headPosition();
      await sleep(30);
      await documents.shareCascadeIdle();
      if ((await platform.platform.stores.events.headPosition()) === head) return;
    }
  }
  const eventId = async (shareId: string, type: string) => (await platform.platform.stores.events.readStream(toShareStreamId(shareId))).find(({ event }) => event.type === type)!.event.id;

  it('A shares with B, B with C; A revokes B: C loses access at once, and the log holds C\'s revocation naming B\'s share', async () => {
    const id = await createDocument(institution, ION, 'Cascade');
    const toMaria = await share(id, ION, MARIA, 'Read');
    const toAndrei = await share(id, MARIA, ANDREI, 'Read');
    expectStatus(await as(ANDREI, `/mdocs/documents/${id}`), 200);
    expectStatus(await institution.delete(`/mdocs/documents/${id}/shares/${toMaria}`, { query: { principal: ION } }), 200);
    // the access check follows the chain: no window before the cascade has caught up
    const refused = await as(ANDREI, `/mdocs/documents/${id}`);
    expect(refused.status, 'no access for Andrei (as for any principal the document is not shared with)').to.equal(403);
    await settled();
    expect(refused.status).to.equal((await as(ANDREI, `/mdocs/documents/${id}`)).status);
    expect((await as(ANDREI, `/mdocs/documents/${id}/blob`)).status).to.be.oneOf([403, 404]);
    const events = await shareEvents(toAndrei);
    expect(events.map((event) => event.type)).to.deep.equal([SHARE_GRANTED, SHARE_REVOKED]);
    expect(events[1].data).to.deep.include({ by: ION, clientId: 'documents' });
    expect(events[1].data.cause).to.deep.equal({ eventId: await eventId(toMaria, SHARE_REVOKED), type: SHARE_REVOKED, shareId: toMaria, documentId: id });
    expect(expectStatus(await as(ANDREI, '/mdocs/shares/for-me'), 200).json()).to.deep.equal([]);
    expect(expectStatus(await as(ION, `/mdocs/documents/${id}/shares`), 200).json().shares).to.deep.equal([]);
  });

  it('narrowing B from Write to Read narrows C\'s Write share to Read (C reads, no longer writes)', async () => {
    const id = await createDocument(institution, ION, 'Narrowed');
    const toMaria = await share(id, ION, MARIA, 'Write');
    const toAndrei = await share(id, MARIA, ANDREI, 'Write');
    expectStatus(await institution.patch(`/mdocs/documents/${id}`, { query: { principal: ANDREI }, body: { name: 'Narrowed (Andrei)' } }), 200);
    expectStatus(await institution.put(`/mdocs/documents/${id}/shares/${toMaria}`, { query: { principal: ION }, body: { permission: 'Read' } }), 200);
    expectStatus(await institution.patch(`/mdocs/documents/${id}`, { query: { principal: ANDREI }, body: { name: 'no' } }), 403, 'Write is gone at once');
    await settled();
    const events = await shareEvents(toAndrei);
    expect(events.map((event) => event.type)).to.deep.equal([SHARE_GRANTED, SHARE_CHANGED]);
    expect(events[1].data).to.deep.include({ permission: 'Read', from: null, to: null });
    expect(events[1].data.cause).to.include({ type: SHARE_CHANGED, shareId: toMaria, documentId: id });
    expectStatus(await as(ANDREI, `/mdocs/documents/${id}`), 200);
    expectStatus(await institution.patch(`/mdocs/documents/${id}`, { query: { principal: ANDREI }, body: { name: 'no' } }), 403);
    expect(expectStatus(await as(ANDREI, '/mdocs/shares/for-me'), 200).json()[0]).to.include({ id: toAndrei, permission: 'Read' });
  });

  it('a chain of three: A revokes B, and C\'s share and D\'s (which C made) end, each naming the share it followed from', async () => {
    const id = await createDocument(institution, ION, 'Chain');
    const toMaria = await share(id, ION, MARIA, 'Write');
    const toAndrei = await share(id, MARIA, ANDREI, 'Write');
    const toElena = await share(id, ANDREI, ELENA, 'Read');
    expectStatus(await institution.delete(`/mdocs/documents/${id}/shares/${toMaria}`, { query: { principal: ION } }), 200);
    expect((await as(ELENA, `/mdocs/documents/${id}`)).status).to.be.oneOf([403, 404]);
    await settled();
    expect((await shareEvents(toAndrei))[1].data.cause).to.include({ shareId: toMaria });
    const elena = await shareEvents(toElena);
    expect(elena.map((event) => event.type)).to.deep.equal([SHARE_GRANTED, SHARE_REVOKED]);
    expect(elena[1].data.cause).to.deep.equal({ eventId: await eventId(toAndrei, SHARE_REVOKED), type: SHARE_REVOKED, shareId: toAndrei, documentId: id });
  });

  it('follows a share on a folder: B re-shared a document in it; moving the document out of the folder ends C\'s share', async () => {
    const folder = await createFolder(institution, ION, 'Shared folder');
    const id = await createDocument(institution, ION, 'Inside', { in: 1 }, { folderId: folder });
    const toMaria = await share(folder, ION, MARIA, 'Read');
    const toAndrei = await share(id, MARIA, ANDREI, 'Read');
    const kept = await share(id, ION, ELENA, 'Read');
    expectStatus(await as(ANDREI, `/mdocs/documents/${id}`), 200);
    expectStatus(await institution.patch(`/mdocs/documents/${id}`, { query: { principal: ION }, body: { folderId: null } }), 200);
    expect((await as(ANDREI, `/mdocs/documents/${id}`)).status).to.be.oneOf([403, 404]);
    await settled();
    const events = await shareEvents(toAndrei);
    expect(events.map((event) => event.type)).to.deep.equal([SHARE_GRANTED, SHARE_REVOKED]);
    expect(events[1].data.cause).to.include({ type: 'md.gov.documents.document.moved.v1', shareId: null, documentId: id });
    expect((await shareEvents(kept)).map((event) => event.type), 'the owner\'s own share stays').to.deep.equal([SHARE_GRANTED]);
    expect((await shareEvents(toMaria)).map((event) => event.type), 'the folder\'s share stays').to.deep.equal([SHARE_GRANTED]);
  });

  it('a link B made from a reservation stops showing the document once A revokes B, and its share ends', async () => {
    const id = await createDocument(institution, ION, 'Linked', { link: 1 });
    const toMaria = await share(id, ION, MARIA, 'Read');
    const reservation = expectStatus(await institution.post('/mdocs/shares/reservations'), 201).json();
    expectStatus(await institution.post(`/mdocs/documents/${id}/shares`, { query: { principal: MARIA }, body: [{ for: 'urn:public', permission: 'Read', reservedId: reservation.id }] }), 201);
    const view = () => institution.get(`/mdocs/view/${reservation.id}`, { headers: { 'X-Access-Code': reservation.accessCode } });
    expectStatus(await view(), 200);
    expectStatus(await institution.delete(`/mdocs/documents/${id}/shares/${toMaria}`, { query: { principal: ION } }), 200);
    expect((await view()).status, 'at once').to.be.oneOf([403, 404]);
    await settled();
    expect((await shareEvents(reservation.id)).map((event) => event.type)).to.deep.equal([SHARE_GRANTED, SHARE_REVOKED]);
    expectStatus(await view(), 404);
  });

  it('survives a restart in the middle, and re-deciding the whole log from the start appends nothing twice', async () => {
    const id = await createDocument(institution, ION, 'Restarted');
    const toMaria = await share(id, ION, MARIA, 'Write');
    const toAndrei = await share(id, MARIA, ANDREI, 'Write');
    const toElena = await share(id, ANDREI, ELENA, 'Write');
    expectStatus(await institution.delete(`/mdocs/documents/${id}/shares/${toMaria}`, { query: { principal: ION } }), 200);
    // no wait: the cascade is stopped wherever it is (before C's revocation, between C's and D's, or after)
    await platform.restart();
    institution = platform.client('demo-institution');
    await settled();
    for (const shareId of [toAndrei, toElena]) expect((await shareEvents(shareId)).map((event) => event.type)).to.deep.equal([SHARE_GRANTED, SHARE_REVOKED]);
    const head = await platform.platform.stores.events.headPosition();
    // from the log's beginning: every revocation, change and move handled again
    await platform.platform.stores.documents.collection('process_checkpoints').deleteOne({ _id: SHARE_CASCADE });
    await platform.restart();
    institution = platform.client('demo-institution');
    await settled();
    expect(await platform.platform.stores.events.headPosition(), 'nothing appended again').to.equal(head);
    const checkpoint = await platform.platform.stores.documents.collection<{ _id: string; position: number }>('process_checkpoints').findOne({ _id: SHARE_CASCADE });
    expect(checkpoint?.position).to.be.greaterThan(0);
    expect((await as(ELENA, `/mdocs/documents/${id}`)).status).to.be.oneOf([403, 404]);
  });
});

import { expect } from 'chai';
import { DOCUMENT_CREATED } from '../../src/documents/document/events';
import { documentNotices } from '../../src/documents/processes/notices';
import { SHARE_GRANTED } from '../../src/documents/share/events';
import type { StoredEvent } from '../../src/platform/event-store/event-store';
import { createLogger } from '../../src/platform/logger';

const logger = createLogger('silent');
const stored = (type: string, data: object, id = 'event-1'): StoredEvent => ({
  position: 7,
  streamId: 'documents-x',
  revision: 0,
  kind: 'standard',
  producer: 'demo-institution',
  recordedAt: '2026-06-01T00:00:00.000Z',
  size: 100,
  event: { specversion: '1.0', id, source: 'urn:md:gov:documents', type, time: '2026-06-01T00:00:00.000Z', data },
});
const created = (overrides: object = {}) =>
  stored(DOCUMENT_CREATED, { documentId: 'd', owner: 'urn:md:idnp:2000000000011', name: 'Cazier', isFolder: false, createdBy: 'urn:md:idno:1003600000003', suppressNotifications: false, ...overrides });
const shared = (overrides: object = {}) => stored(SHARE_GRANTED, { shareId: 's', sharedFor: 'urn:md:idno:1003600000010', permission: 'Write', suppressNotifications: false, ...overrides }, 'event-2');

describe('document store notices (unit)', () => {
  it('tells a person by IDNP that a document was published for it, in three languages, once per event', () => {
    const [notice, ...more] = documentNotices.noticesOf(created(), logger);
    expect(more).to.deep.equal([]);
    expect(notice.recipients).to.deep.equal([{ type: 'IDNP', value: '2000000000011' }]);
    expect(notice.key).to.equal('documents-published-event-1');
    expect(notice.body.ro).to.include('„Cazier”');
    expect(notice.body.en).to.include('“Cazier”');
    expect(notice.body.ru).to.include('«Cazier»');
  });

  it('escapes the name in the HTML body, not in the short text', () => {
    const [notice] = documentNotices.noticesOf(created({ name: '<b>x</b>' }), logger);
    expect(notice.body.en).to.include('&lt;b&gt;x&lt;/b&gt;').and.not.include('<b>');
    expect(notice.bodyShort.en).to.include('<b>x</b>');
  });

  it('tells an organization by IDNO that a document was shared with it', () => {
    const [notice] = documentNotices.noticesOf(shared(), logger);
    expect(notice.recipients).to.deep.equal([{ type: 'IDNO', value: '1003600000010' }]);
    expect(notice.body.en).to.include('permission: write');
  });

  it('tells nobody when notifications are suppressed, for a folder, for the owner\'s own document, or a system or everyone', () => {
    for (const event of [
      created({ suppressNotifications: true }),
      created({ isFolder: true }),
      created({ createdBy: 'urn:md:idnp:2000000000011' }),
      created({ owner: 'urn:md:system:00000000-0000-4000-8000-000000000001' }),
      shared({ suppressNotifications: true }),
      shared({ sharedFor: 'urn:public' }),
      stored('md.gov.documents.document.changed.v1', {}),
    ]) {
      expect(documentNotices.noticesOf(event, logger), event.event.type).to.deep.equal([]);
    }
  });

  it('keeps every subject within the e-mail limit of the notification service (41 characters)', () => {
    for (const notice of [...documentNotices.noticesOf(created(), logger), ...documentNotices.noticesOf(shared(), logger)]) {
      for (const subject of Object.values(notice.subject)) expect(subject.length, subject).to.be.at.most(41);
    }
  });

  it('follows the document store\'s own streams and those two types only', () => {
    expect(documentNotices.follows).to.deep.equal({ streamPrefix: 'documents-', types: [DOCUMENT_CREATED, SHARE_GRANTED] });
  });
});

import { expect } from 'chai';
import { rangeOf } from '../../src/documents/blob/byte-range';
import { InvalidContentRangeError, parseContentRange } from '../../src/documents/blob/content-range';
import { announcedSha256 } from '../../src/documents/blob/digest';
import { InvalidDocumentError } from '../../src/documents/document/errors';
import { flagsOf } from '../../src/documents/document/flags';
import { patchOf } from '../../src/documents/document/patch';
import { keywordsOf, searchTermsOf } from '../../src/documents/document/search-terms';
import { InvalidInputError, instantOf } from '../../src/documents/invalid-input';
import { defaultPrincipalOf, mayActAs, systemPrincipalOf } from '../../src/documents/principals/acting-principal';
import { canonicalPrincipal, principalKey } from '../../src/documents/principals/principal';
import { orderOf } from '../../src/documents/queries/paging';
import { escapeHtml } from '../../src/documents/transform/render-html';
import { fillTemplate, textOf, valueAt } from '../../src/documents/transform/template-values';

describe('document store rules (unit)', () => {
  it('reads principals in their one spelling, and only the four forms', () => {
    expect(canonicalPrincipal('URN:MD:IDNP:2000000000011')).to.equal('urn:md:idnp:2000000000011');
    expect(canonicalPrincipal('urn:md:system:0A1B2C3D-0000-4000-8000-000000000000')).to.equal('urn:md:system:0a1b2c3d-0000-4000-8000-000000000000');
    expect(canonicalPrincipal('urn:public')).to.equal('urn:public');
    for (const bad of ['urn:md:idnp:123', 'urn:md:idnx:2000000000011', 'idnp:2000000000011', 'urn:md:system:x', '', 'urn:md:idnp:2000000000011 ', `urn:md:idno:${'1'.repeat(100)}`]) {
      expect(canonicalPrincipal(bad), bad).to.equal(null);
    }
    expect(principalKey('urn:md:idnp:2000000000011')).to.match(/^[0-9a-f]{32}$/).and.not.include('2000000000011');
  });

  it('lets a client act as its own principals and anyone, others only with the impersonate right', () => {
    const client = { id: 'docs-writer', idno: '1003600000029', certificate: {}, rights: { documents: ['read', 'write'] } };
    expect(defaultPrincipalOf(client)).to.equal('urn:md:idno:1003600000029');
    expect(systemPrincipalOf('docs-writer')).to.equal(systemPrincipalOf('docs-writer')).and.match(/^urn:md:system:[0-9a-f-]{36}$/);
    expect(mayActAs(client, systemPrincipalOf('docs-writer'))).to.equal(true);
    expect(mayActAs(client, 'urn:public')).to.equal(true);
    expect(mayActAs(client, 'urn:md:idnp:2000000000011')).to.equal(false);
    expect(mayActAs({ ...client, rights: { documents: ['impersonate'] } }, 'urn:md:idnp:2000000000011')).to.equal(true);
  });

  it('parses a part\'s Content-Range and refuses what is not one', () => {
    expect(parseContentRange('bytes 0-5242879/12000000')).to.deep.equal({ start: 0, end: 5_242_879, total: 12_000_000 });
    for (const bad of ['bytes 0-9/*', 'bytes */10', 'bytes 9-0/10', 'bytes 0-10/10', 'bytes=0-9/10', 'bytes 0-99999999999999999/99999999999999999', ' ', 'bytes -1-9/10']) {
      expect(() => parseContentRange(bad), bad).to.throw(InvalidContentRangeError);
    }
  });

  it('answers a download\'s Range as one part, the whole, or nothing it has', () => {
    expect(rangeOf(undefined, 100)).to.deep.equal({ kind: 'whole' });
    expect(rangeOf('bytes=10-19', 100)).to.deep.equal({ kind: 'part', start: 10, end: 19 });
    expect(rangeOf('bytes=90-', 100)).to.deep.equal({ kind: 'part', start: 90, end: 99 });
    expect(rangeOf('bytes=-5', 100)).to.deep.equal({ kind: 'part', start: 95, end: 99 });
    expect(rangeOf('bytes=-500', 100)).to.deep.equal({ kind: 'part', start: 0, end: 99 });
    expect(rangeOf('bytes=50-5000', 100)).to.deep.equal({ kind: 'part', start: 50, end: 99 });
    for (const unsatisfiable of ['bytes=100-', 'bytes=-0', 'bytes=500-600']) expect(rangeOf(unsatisfiable, 100), unsatisfiable).to.deep.equal({ kind: 'unsatisfiable' });
    expect(rangeOf('bytes=0-', 0)).to.deep.equal({ kind: 'unsatisfiable' });
    for (const ignored of ['bytes=1-2,4-5', 'lines=1-2', 'bytes=5-1', 'bytes=-', 'nonsense']) expect(rangeOf(ignored, 100), ignored).to.deep.equal({ kind: 'whole' });
  });

  it('reads a Repr-Digest sha-256, ignores other algorithms and refuses a malformed one', () => {
    const digest = Buffer.alloc(32, 7).toString('base64');
    expect(announcedSha256(`sha-512=:abc=:, sha-256=:${digest}:`)).to.equal('07'.repeat(32));
    expect(announcedSha256('sha-512=:abc=:')).to.equal(undefined);
    expect(() => announcedSha256('sha-256=:AAAA:')).to.throw(InvalidInputError);
  });

  it('reads date-times, without an offset as UTC, and refuses dates the calendar lacks', () => {
    expect(instantOf('2023-11-01T00:00:00', 'from')).to.equal('2023-11-01T00:00:00.000Z');
    expect(instantOf('2023-11-01T02:00:00+02:00', 'from')).to.equal('2023-11-01T00:00:00.000Z');
    expect(instantOf('2023-09-12T13:02:25.5085277', 'from')).to.equal('2023-09-12T13:02:25.508Z');
    for (const bad of ['2023-02-30T00:00:00Z', '2023-11-01', '1800-01-01T00:00:00Z', '2023-11-01T24:00:00Z', '2023-11-01T10:00:60Z', 'soon']) {
      expect(() => instantOf(bad, 'from'), bad).to.throw(InvalidInputError);
    }
  });

  it('finds documents by the beginnings of the words of their name and number', () => {
    expect(searchTermsOf('Contract 12/2026', null)).to.include.members(['c', 'co', 'contract', '1', '12', '2026']);
    expect(searchTermsOf('Șțir', 'AB')).to.include.members(['ș', 'șți', 'a', 'ab']);
    expect(keywordsOf('  CONTR   20 ')).to.deep.equal(['contr', '20']);
  });

  it('reads a PATCH in either shape', () => {
    expect(patchOf({ name: 'Nou' })).to.deep.equal({ name: 'Nou' });
    expect(patchOf([{ op: 'replace', path: '/Name', value: 'Nou' }, { op: 'remove', path: 'expireson' }, { op: 'replace', path: 'folderid', value: null }])).to.deep.equal({ name: 'Nou', expiresOn: null, folderId: null });
    expect(() => patchOf([{ op: 'remove', path: 'name' }])).to.throw(InvalidDocumentError);
    expect(() => patchOf([{ op: 'move', path: 'name' }])).to.throw(InvalidDocumentError);
    expect(() => patchOf([{ op: 'replace', path: 'owner', value: 'x' }])).to.throw(InvalidDocumentError);
    expect(() => patchOf([{ op: 'replace', path: 'number', value: 'n'.repeat(51) }])).to.throw(InvalidDocumentError);
  });

  it('orders lists by the fields the guide names, either way', () => {
    expect(orderOf(undefined, { nameKey: 1 })).to.deep.equal({ nameKey: 1 });
    expect(orderOf('-createdOn', {})).to.deep.equal({ createdOn: -1, _id: 1 });
    expect(orderOf('Name desc', {})).to.deep.equal({ nameKey: -1, _id: 1 });
    expect(() => orderOf('owner', {})).to.throw(InvalidInputError);
  });

  it('flags documents Official, New (published by another, a week) and Expiring (30 days)', () => {
    const now = '2026-06-01T00:00:00.000Z';
    const document = { owner: 'a', publishedBy: 'b', createdOn: '2026-05-30T00:00:00.000Z', expiresOn: '2026-06-20T00:00:00.000Z', isFolder: false };
    expect(flagsOf(document, { official: true }, now)).to.equal(7);
    expect(flagsOf({ ...document, publishedBy: 'a', expiresOn: null }, { official: false }, now)).to.equal(0);
    expect(flagsOf({ ...document, createdOn: '2026-05-01T00:00:00.000Z', expiresOn: '2026-08-01T00:00:00.000Z' }, undefined, now)).to.equal(0);
  });

  it('fills a template by JSON pointers, lists as tables, and escapes HTML', () => {
    const content = { a: { 'b/c': 1, 'd~e': [1, 2] }, list: [{ x: 'one' }, { x: null }], flag: false, empty: '' };
    expect(valueAt(content, '/a/b~1c')).to.equal(1);
    expect(valueAt(content, '/a/d~0e/1')).to.equal(2);
    expect(valueAt(content, '/a/__proto__')).to.equal(undefined);
    expect(valueAt(content, '/list/01')).to.equal(undefined);
    expect([textOf(false), textOf(''), textOf(undefined), textOf([1, 'a']), textOf({ k: 1 })]).to.deep.equal(['false', '—', '—', '1, a', '{"k":1}']);
    const filled = fillTemplate({ title: 'T', fields: [{ label: 'A', pointer: '/a/b~1c' }, { label: 'L', pointer: '/list', columns: [{ label: 'X', pointer: '/x' }] }, { label: 'N', pointer: '/flag', columns: [{ label: 'X', pointer: '' }] }] }, content);
    expect(filled.fields).to.deep.equal([
      { label: 'A', value: '1' },
      { label: 'L', columns: ['X'], rows: [['one'], ['—']] },
      { label: 'N', columns: ['X'], rows: [] },
    ]);
    expect(escapeHtml(`<a href="x">'&'</a>`)).to.equal('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

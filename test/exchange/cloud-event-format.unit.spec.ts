import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { cloudEventViolations, isRfc3339, rfc3339Millis } from '../../src/exchange/cloud-event-format';

const conformance = (file: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/cloudevents-json/${file}`, import.meta.url), 'utf8')).tests as {
    name?: string;
    event?: unknown;
    batch?: unknown[];
  }[];

describe('CloudEvents JSON format validation (unit)', () => {
  describe('conformance: invalid single events', () => {
    for (const [index, test] of conformance('invalid-events.json').entries()) {
      it(`refuses #${index}: ${JSON.stringify(test.event).slice(0, 90)}`, () => {
        expect(cloudEventViolations(test.event)).to.not.be.empty;
      });
    }
  });

  describe('conformance: valid single events', () => {
    for (const test of conformance('valid-events.json')) {
      it(`accepts ${test.name ?? JSON.stringify(test.event).slice(0, 80)}`, () => {
        expect(cloudEventViolations(test.event)).to.deep.equal([]);
      });
    }
  });

  describe('REQUIRED attributes', () => {
    const minimal = { specversion: '1.0', id: 'a', source: 'urn:x', type: 't' };
    it('names every missing one', () => {
      expect(cloudEventViolations({})).to.include.members(['specversion must be "1.0"', 'id is required', 'source is required', 'type is required']);
    });
    it('refuses arrays, strings and null as events', () => {
      for (const candidate of [[], 'event', null, 42]) expect(cloudEventViolations(candidate)).to.deep.equal(['an event must be a JSON object']);
    });
    it('refuses a source with characters RFC 3986 does not allow: white space, a lone %, beyond ASCII', () => {
      for (const source of ['urn:has space', '%%', 'urn:100%', 'ürn:x', 'urn:a<b>', 'urn:a"b', 'urn:a\\b', 'urn:a^b', 'urn:`x`', 'urn:{x}', 'urn:a|b']) {
        expect(cloudEventViolations({ ...minimal, source: source }), source).to.deep.equal(['source must be a URI-reference']);
      }
    });
    it('accepts every form of URI-reference', () => {
      for (const source of ['urn:x', '/relative/path', 'https://example.md:8443/a?b=c&d=e#f', 'http://[::1]/x', 'urn:%C3%BCber', "mailto:a.b+c@x.md", "urn:x:(a)!*';=,$~"]) {
        expect(cloudEventViolations({ ...minimal, source }), source).to.deep.equal([]);
      }
    });
  });

  describe('OPTIONAL attributes and extensions', () => {
    const minimal = { specversion: '1.0', id: 'a', source: 'urn:x', type: 't' };
    it('accepts integer, boolean and string extensions', () => {
      expect(cloudEventViolations({ ...minimal, partitionkey: 'k', count: 3, flag: false })).to.deep.equal([]);
    });
    it('refuses integers outside 32 bits and objects as extension values', () => {
      expect(cloudEventViolations({ ...minimal, big: 2 ** 31 })).to.have.length(1);
      expect(cloudEventViolations({ ...minimal, nested: { a: 1 } })).to.have.length(1);
    });
    it('refuses data nested deeper than 63 levels (the event itself is the 64th), at any depth of brackets', () => {
      const nested = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels));
      expect(cloudEventViolations({ ...minimal, data: nested(63) })).to.deep.equal([]);
      expect(cloudEventViolations({ ...minimal, data: nested(64) })).to.deep.equal(['data must not nest arrays or objects more than 63 levels deep']);
      expect(cloudEventViolations({ ...minimal, data: nested(100_000) })).to.deep.equal(['data must not nest arrays or objects more than 63 levels deep']);
    });
    it('refuses data_base64 that is not base64', () => {
      expect(cloudEventViolations({ ...minimal, data_base64: 'not base64!' })).to.deep.equal(['data_base64 must be base64']);
    });
  });

  describe('String values (the CloudEvents type system)', () => {
    const minimal = { specversion: '1.0', id: 'a', source: 'urn:x', type: 't' };
    const refused = (attributes: Record<string, unknown>) => cloudEventViolations({ ...minimal, ...attributes });
    it('refuses control characters, noncharacters and unpaired surrogates in any string attribute', () => {
      for (const bad of ['a\u0000b', 'line\nbreak', '\u007f', '\u0085', '\ufdd0', '\uffff', '\u{10FFFF}', '\ud800', 'x\udc00', '\udbff\ud800']) {
        for (const name of ['id', 'subject', 'partitionkey']) {
          expect(refused({ [name]: bad }), `${name}: ${JSON.stringify(bad)}`).to.include(
            `${name} contains a character CloudEvents does not allow in a string (a control character, a noncharacter or an unpaired surrogate)`,
          );
        }
      }
      expect(refused({ type: 'demo.\ud800' })).to.have.length(1);
    });
    it('accepts surrogates used in pairs and any other Unicode, and leaves data alone', () => {
      expect(refused({ id: 'Chișinău 😀 \ud83d\ude00', subject: '\u00a0\u2028', data: { text: '\u0000\ud800' } })).to.deep.equal([]);
      expect(refused({ data: 'line\nbreak\ud800', datacontenttype: 'text/plain' })).to.deep.equal([]);
    });
  });

  describe('RFC 3339 time', () => {
    it('accepts offsets, fractions and lower-case separators', () => {
      for (const time of ['2018-04-05T17:31:00Z', '2018-04-05T17:31:00.123456789+01:30', '2018-04-05t17:31:00z', '2016-12-31T23:59:60Z', '2024-02-29T00:00:00-05:00', '2000-02-29T12:00:00.5Z', '0000-01-01T00:00:00Z']) {
        expect(isRfc3339(time), time).to.equal(true);
      }
    });
    it('refuses impossible dates and offsets', () => {
      for (const time of [
        '2018-02-30T10:00:00Z',
        '2018-13-01T10:00:00Z',
        '2018-04-05T24:00:00Z',
        '2018-04-05T10:00:00+24:00',
        '2018-04-05 10:00:00Z',
        '2023-02-29T10:00:00Z',
        '1900-02-29T10:00:00Z',
        '2018-04-31T10:00:00Z',
        '2018-04-00T10:00:00Z',
        '2018-04-05T10:60:00Z',
        '2018-04-05T10:00:61Z',
        '2018-04-05T10:00:00.Z',
        '2018-04-05T10:00:00',
        '2018-04-05T10:00:00Zx',
        '2018-04-05T10:00:00+01:60',
        '2018-04-05T10:00:00+0100',
        '2018-04-05T10:00:00+01:000',
        '2018-4-05T10:00:00Z',
        '2018-04-05T1a:00:00Z',
        '２０１８-04-05T10:00:00Z',
      ]) {
        expect(isRfc3339(time), time).to.equal(false);
      }
    });
    it('reads the instant of any valid time, a leap second included (Date.parse gives NaN for it)', () => {
      expect(rfc3339Millis('2016-12-31T23:59:60Z')).to.equal(Date.parse('2017-01-01T00:00:00Z'));
      expect(rfc3339Millis('2016-12-31T23:59:60.250+02:00')).to.equal(Date.parse('2016-12-31T22:00:00.250Z'));
      expect(rfc3339Millis('2018-04-05t17:31:00.5z')).to.equal(Date.parse('2018-04-05T17:31:00.500Z'));
    });
    it('reads every other time as Date.parse does: years before 100, 29 February, fractions of any length, offsets', () => {
      const pad = (number: number, width: number) => String(number).padStart(width, '0');
      let seed = 7;
      const random = (below: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed % below;
      };
      const times = ['0000-01-01T00:00:00Z', '0050-02-28T23:59:59.999Z', '0096-02-29T12:00:00-00:30', '2000-02-29T00:00:00.1+14:00', '9999-12-31T23:59:59.123456789-12:00'];
      for (let index = 0; index < 2_000; index += 1) {
        const [year, month] = [random(10_000), 1 + random(12)];
        const day = 1 + random(new Date(Date.UTC(2000 + (year % 400), month, 0)).getUTCDate());
        const fraction = random(3) === 0 ? '' : `.${pad(random(10 ** 9), 9).slice(0, 1 + random(9))}`;
        const offset = random(3) === 0 ? 'Z' : `${random(2) ? '+' : '-'}${pad(random(24), 2)}:${pad(random(60), 2)}`;
        times.push(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(random(24), 2)}:${pad(random(60), 2)}:${pad(random(60), 2)}${fraction}${offset}`);
      }
      for (const time of times) {
        expect(isRfc3339(time), time).to.equal(true);
        expect(rfc3339Millis(time), time).to.equal(Date.parse(time));
      }
    });
  });
});

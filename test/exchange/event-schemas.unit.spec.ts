import { expect } from 'chai';
import { EventSchemas } from '../../src/exchange/event-schemas';

const drafts = {
  'draft 6': 'http://json-schema.org/draft-06/schema#',
  'draft 7': 'http://json-schema.org/draft-07/schema#',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
};

describe('EventSchemas: payload schemas per event type (unit)', () => {
  for (const [name, dialect] of Object.entries(drafts)) {
    it(`validates data with a ${name} schema`, () => {
      const schemas = new EventSchemas();
      schemas.add('demo.typed', { $schema: dialect, type: 'object', required: ['amount'], properties: { amount: { type: 'number', minimum: 0 } } });
      expect(schemas.check('demo.typed', { data: { amount: 5 } })).to.deep.equal([]);
      expect(schemas.check('demo.typed', { data: { amount: -1 } })).to.have.length(1);
      expect(schemas.check('demo.typed', { data: {} })[0]).to.match(/amount/);
    });
  }

  it('uses the keywords of the dialect it recognised (2020-12 prefixItems, 2019-09 dependentRequired)', () => {
    const schemas = new EventSchemas();
    schemas.add('demo.tuple', { $schema: drafts['2020-12'], type: 'array', prefixItems: [{ type: 'string' }], items: false });
    expect(schemas.check('demo.tuple', { data: ['a'] })).to.deep.equal([]);
    expect(schemas.check('demo.tuple', { data: ['a', 'b'] })).to.not.be.empty;
    schemas.add('demo.card', { $schema: drafts['2019-09'], type: 'object', dependentRequired: { card: ['expiry'] } });
    expect(schemas.check('demo.card', { data: { card: '1' } })).to.not.be.empty;
  });

  it('accepts any payload of a type without a schema, and refuses binary data where a schema exists', () => {
    const schemas = new EventSchemas();
    schemas.add('demo.typed', { type: 'object' });
    expect(schemas.check('demo.free', { data: 'anything' })).to.deep.equal([]);
    expect(schemas.check('demo.typed', { data_base64: 'AAAA' })).to.deep.equal(['events of type demo.typed must carry JSON data']);
  });
});

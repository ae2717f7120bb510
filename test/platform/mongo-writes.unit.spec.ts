import { expect } from 'chai';
import { asStored, toMongoUpdate } from '../../src/platform/document-store/mongo-document-store';

/** What the MongoDB adapter sends, checked without a server (none runs here); the contract suite checks the outcome. */
describe('MongoDB read models: writes shaped as the embedded store keeps them (unit)', () => {
  it('leaves out fields set to undefined, where the driver would store null', () => {
    expect(asStored({ _id: 'a', retryAt: undefined, nested: { gone: undefined, kept: 1 }, list: [1] })).to.deep.equal({ _id: 'a', nested: { kept: 1 }, list: [1] });
  });

  it('turns $set of undefined into $unset and keeps every other operand', () => {
    const update = toMongoUpdate({
      $set: { state: 'Sent', retryAt: undefined, inFlight: undefined },
      $inc: { attempts: 1 },
      $push: { history: { at: 'now', note: undefined } },
      $setOnInsert: { createdAt: undefined },
    });
    expect(update).to.deep.equal({
      $set: { state: 'Sent' },
      $unset: { retryAt: '', inFlight: '' },
      $inc: { attempts: 1 },
      $push: { history: { at: 'now' } },
    });
  });
});

import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  DuplicateDocumentError,
  type Collection,
  type Document,
  type DocumentStore,
  type Filter,
} from '../../src/platform/document-store/document-store';

const PEOPLE: Document[] = [
  { _id: 'a', name: 'Ana', age: 30, active: true, address: { city: 'Chisinau', zip: 'MD-2001' }, tags: ['x', 'y'], note: null },
  { _id: 'b', name: 'Bogdan', age: 42, active: false, address: { city: 'Balti' }, tags: ['y'] },
  { _id: 'c', name: 'Cristina', age: 25, active: true, address: { city: 'Chisinau' }, tags: [], score: 7 },
];

/**
 * What every document store adapter must do, run by one spec per adapter. Collection names are unique
 * per test, so the suite can run against a shared server; the ones it made are dropped at the end.
 */
export function documentStoreContract(name: string, open: () => Promise<DocumentStore>, cleanup?: () => Promise<void>) {
  describe(`document store contract: ${name}`, () => {
    const run = randomUUID().slice(0, 8);
    const made: string[] = [];
    let store: DocumentStore;

    const collectionName = (label = 'docs') => {
      const unique = `contract_${run}_${label}_${randomUUID().slice(0, 8)}`;
      made.push(unique);
      return unique;
    };
    const ids = (documents: Document[]) => documents.map((document) => document._id);
    const rejection = async (promise: Promise<unknown>): Promise<unknown> =>
      promise.then(
        () => expect.fail('expected the promise to be rejected'),
        (error: unknown) => error,
      );

    before(async () => {
      store = await open();
    });
    after(async () => {
      for (const collection of made) await store.dropCollection(collection);
      await store?.close();
      await cleanup?.();
    });

    describe('insert and read', () => {
      it('finds what was inserted, by one, by many and by count', async () => {
        const people = store.collection(collectionName());
        for (const person of PEOPLE) await people.insertOne(person);
        expect(await people.findOne({ _id: 'b' })).to.deep.equal(PEOPLE[1]);
        expect(await people.findOne({ _id: 'nobody' })).to.equal(null);
        expect(await people.find({})).to.deep.equal(PEOPLE);
        expect(await people.count({})).to.equal(3);
        expect(await people.count({ active: true })).to.equal(2);
      });

      it('reads an unknown collection as empty', async () => {
        const nothing = store.collection(collectionName());
        expect(await nothing.find({})).to.deep.equal([]);
        expect(await nothing.findOne({})).to.equal(null);
        expect(await nothing.count({})).to.equal(0);
      });

      it('refuses a second document with the same _id', async () => {
        const people = store.collection(collectionName());
        await people.insertOne(PEOPLE[0]);
        expect(await rejection(people.insertOne({ ...PEOPLE[1], _id: 'a' }))).to.be.instanceOf(DuplicateDocumentError);
        expect(await people.find({})).to.deep.equal([PEOPLE[0]]);
      });
    });

    describe('filters', () => {
      let people: Collection;
      const matching = async (filter: Filter) => ids(await people.find(filter, { sort: { _id: 1 } }));

      before(async () => {
        people = store.collection(collectionName('filters'));
        for (const person of PEOPLE) await people.insertOne(person);
      });

      it('matches scalar equality, on top-level and dotted paths', async () => {
        expect(await matching({ name: 'Ana' })).to.deep.equal(['a']);
        expect(await matching({ 'address.city': 'Chisinau' })).to.deep.equal(['a', 'c']);
        expect(await matching({ 'address.city': 'Chisinau', age: 25 })).to.deep.equal(['c']);
        expect(await matching({ _id: 'b' })).to.deep.equal(['b']);
        expect(await matching({})).to.deep.equal(['a', 'b', 'c']);
      });

      it('matches booleans and null (null matches a missing field too)', async () => {
        expect(await matching({ active: true })).to.deep.equal(['a', 'c']);
        expect(await matching({ active: false })).to.deep.equal(['b']);
        expect(await matching({ note: null })).to.deep.equal(['a', 'b', 'c']);
        expect(await matching({ score: null })).to.deep.equal(['a', 'b']);
        expect(await matching({ score: { $ne: null } })).to.deep.equal(['c']);
      });

      it('compares with $eq $ne $gt $gte $lt $lte', async () => {
        expect(await matching({ age: { $eq: 30 } })).to.deep.equal(['a']);
        expect(await matching({ age: { $ne: 30 } })).to.deep.equal(['b', 'c']);
        expect(await matching({ age: { $gt: 30 } })).to.deep.equal(['b']);
        expect(await matching({ age: { $gte: 30 } })).to.deep.equal(['a', 'b']);
        expect(await matching({ age: { $lt: 30 } })).to.deep.equal(['c']);
        expect(await matching({ age: { $lte: 30 } })).to.deep.equal(['a', 'c']);
        expect(await matching({ age: { $gte: 25, $lt: 42 } })).to.deep.equal(['a', 'c']);
        expect(await matching({ name: { $gt: 'B' } })).to.deep.equal(['b', 'c']);
        expect(await matching({ 'address.zip': { $eq: 'MD-2001' } })).to.deep.equal(['a']);
      });

      it('matches $in and $nin, including empty lists', async () => {
        expect(await matching({ name: { $in: ['Ana', 'Cristina', 'Nobody'] } })).to.deep.equal(['a', 'c']);
        expect(await matching({ name: { $in: [] } })).to.deep.equal([]);
        expect(await matching({ name: { $nin: ['Ana'] } })).to.deep.equal(['b', 'c']);
        expect(await matching({ age: { $nin: [] } })).to.deep.equal(['a', 'b', 'c']);
        expect(await matching({ score: { $nin: ['no such score'] } }), '$nin matches a missing field').to.deep.equal(['a', 'b', 'c']);
        expect(await matching({ _id: { $in: ['a', 'b'] } })).to.deep.equal(['a', 'b']);
      });

      it('tests presence with $exists (a null value exists)', async () => {
        expect(await matching({ score: { $exists: true } })).to.deep.equal(['c']);
        expect(await matching({ score: { $exists: false } })).to.deep.equal(['a', 'b']);
        expect(await matching({ note: { $exists: true } })).to.deep.equal(['a']);
        expect(await matching({ 'address.zip': { $exists: true } })).to.deep.equal(['a']);
      });

      it('tests membership in arrays with $elemMatch', async () => {
        expect(await matching({ tags: { $elemMatch: { $eq: 'x' } } })).to.deep.equal(['a']);
        expect(await matching({ tags: { $elemMatch: { $eq: 'y' } } })).to.deep.equal(['a', 'b']);
        expect(await matching({ tags: { $elemMatch: { $in: ['x', 'z'] } } })).to.deep.equal(['a']);
        expect(await matching({ tags: { $elemMatch: { $in: ['z'] } } })).to.deep.equal([]);
        expect(await matching({ address: { $elemMatch: { $eq: 'MD-2001' } } }), 'an object is not an array').to.deep.equal([]);
        expect(await matching({ name: { $elemMatch: { $eq: 'Ana' } } }), 'nor is a single value').to.deep.equal([]);
      });

      it('combines clauses with $and and $or', async () => {
        expect(await matching({ $and: [{ active: true }, { age: { $gt: 26 } }] })).to.deep.equal(['a']);
        expect(await matching({ $or: [{ name: 'Bogdan' }, { age: { $lt: 26 } }] })).to.deep.equal(['b', 'c']);
        expect(await matching({ active: true, $or: [{ 'address.zip': { $exists: true } }, { score: 7 }] })).to.deep.equal(['a', 'c']);
        expect(await matching({ $or: [{ $and: [{ active: false }, { age: 42 }] }, { name: 'Ana' }] })).to.deep.equal(['a', 'b']);
      });
    });

    describe('filters over values of several types (as MongoDB compares them)', () => {
      let mixed: Collection;
      const matching = async (filter: Filter) => ids(await mixed.find(filter, { sort: { _id: 1 } }));

      before(async () => {
        mixed = store.collection(collectionName('mixed'));
        const documents: Document[] = [
          { _id: 'bool', flag: true, v: null },
          { _id: 'one', flag: 1 },
          { _id: 'zero', flag: 0, age: 20 },
          { _id: 'text', age: 'abc', v: 'x', marks: [true] },
          { _id: 'list', tags: ['x', 'y'], v: 'y', marks: [1, 2] },
          { _id: 'bare' },
        ];
        for (const document of documents) await mixed.insertOne(document);
      });

      it('tells true from 1 and false from 0', async () => {
        expect(await matching({ flag: true })).to.deep.equal(['bool']);
        expect(await matching({ flag: 1 })).to.deep.equal(['one']);
        expect(await matching({ flag: false })).to.deep.equal([]);
        expect(await matching({ flag: { $in: [0, true] } })).to.deep.equal(['bool', 'zero']);
        expect(await matching({ flag: { $ne: true } })).to.deep.equal(['bare', 'list', 'one', 'text', 'zero']);
        expect(await matching({ flag: { $gt: false } }), 'booleans order among themselves').to.deep.equal(['bool']);
        expect(await matching({ marks: { $elemMatch: { $in: [true, 5] } } }), 'in an array too').to.deep.equal(['text']);
      });

      it('compares numbers with numbers and text with text only', async () => {
        expect(await matching({ age: { $gt: 18 } })).to.deep.equal(['zero']);
        expect(await matching({ age: { $lt: 'b' } })).to.deep.equal(['text']);
        expect(await matching({ age: { $gte: 'a', $lt: 'b' } })).to.deep.equal(['text']);
        expect(await matching({ age: { $gte: 0, $lt: 100 } })).to.deep.equal(['zero']);
        expect(await matching({ tags: '["x","y"]' }), 'a string is not the array it spells').to.deep.equal([]);
      });

      it('matches null in $in and $nin as a null or missing field', async () => {
        expect(await matching({ v: { $in: [null] } })).to.deep.equal(['bare', 'bool', 'one', 'zero']);
        expect(await matching({ v: { $in: ['x', null] } })).to.deep.equal(['bare', 'bool', 'one', 'text', 'zero']);
        expect(await matching({ v: { $nin: [null] } })).to.deep.equal(['list', 'text']);
        expect(await matching({ v: { $nin: ['x', null] } })).to.deep.equal(['list']);
      });
    });

    describe('sort, skip and limit', () => {
      let ranked: Collection;
      before(async () => {
        ranked = store.collection(collectionName('sort'));
        const rows = [
          { _id: 'r1', group: 'b', rank: 1, at: '2024-03-01T10:00:00.000Z' },
          { _id: 'r2', group: 'a', rank: 2, at: '2024-01-01T10:00:00.000Z' },
          { _id: 'r3', group: 'b', rank: 3, at: '2024-02-01T10:00:00.000Z' },
          { _id: 'r4', group: 'a', rank: 1, at: '2024-04-01T10:00:00.000Z' },
          { _id: 'r5', group: 'c', rank: 2, at: '2023-12-01T10:00:00.000Z' },
        ];
        for (const row of rows) await ranked.insertOne(row);
      });

      it('sorts ascending and descending on several fields', async () => {
        expect(ids(await ranked.find({}, { sort: { group: 1, rank: -1 } }))).to.deep.equal(['r2', 'r4', 'r3', 'r1', 'r5']);
        expect(ids(await ranked.find({}, { sort: { group: -1, rank: 1 } }))).to.deep.equal(['r5', 'r1', 'r3', 'r4', 'r2']);
        expect(ids(await ranked.find({}, { sort: { at: -1 } }))).to.deep.equal(['r4', 'r1', 'r3', 'r2', 'r5']);
        expect(ids(await ranked.find({ group: 'b' }, { sort: { rank: -1 } }))).to.deep.equal(['r3', 'r1']);
      });

      it('skips and limits after sorting', async () => {
        expect(ids(await ranked.find({}, { sort: { at: 1 }, limit: 2 }))).to.deep.equal(['r5', 'r2']);
        expect(ids(await ranked.find({}, { sort: { at: 1 }, skip: 2, limit: 2 }))).to.deep.equal(['r3', 'r1']);
        expect(ids(await ranked.find({}, { sort: { at: 1 }, skip: 4 }))).to.deep.equal(['r4']);
        expect(ids(await ranked.find({}, { sort: { at: 1 }, skip: 9 }))).to.deep.equal([]);
      });
    });

    describe('updates', () => {
      it('applies $set $unset $inc $push $pull, and $setOnInsert only when inserting', async () => {
        const items = store.collection(collectionName());
        await items.insertOne({ _id: 'i', title: 'draft', count: 1, tags: ['a', 'b', 'a'], meta: { owner: 'x' } });
        const result = await items.updateOne(
          { _id: 'i' },
          {
            $set: { title: 'final', 'meta.reviewer': 'y', 'stats.views': 3 },
            $unset: { 'meta.owner': '' },
            $inc: { count: 2, fresh: 5 },
            $push: { log: 'created' },
            $pull: { tags: 'a' },
            $setOnInsert: { createdAt: 'never' },
          },
        );
        expect(result).to.deep.equal({ matched: 1 });
        expect(await items.findOne({ _id: 'i' })).to.deep.equal({
          _id: 'i',
          title: 'final',
          count: 3,
          fresh: 5,
          tags: ['b'],
          meta: { reviewer: 'y' },
          stats: { views: 3 },
          log: ['created'],
        });
        await items.updateOne({ _id: 'i' }, { $push: { log: 'updated' } });
        expect((await items.findOne({ _id: 'i' }))?.log).to.deep.equal(['created', 'updated']);
      });

      it('keeps no field for an undefined value: undefined is not stored as null', async () => {
        const items = store.collection(collectionName());
        await items.insertOne({ _id: 'v', kept: 1, left: undefined, inner: { left: undefined, kept: 2 } });
        await items.replaceOne({ _id: 'w' }, { _id: 'w', left: undefined }, { upsert: true });
        await items.insertOne({ _id: 'x', retryAt: '2026-11-23T10:00:00.000Z', code: 'A' });
        await items.updateOne({ _id: 'x' }, { $set: { retryAt: undefined, code: 'B' } });
        expect(await items.find({}, { sort: { _id: 1 } })).to.deep.equal([
          { _id: 'v', kept: 1, inner: { kept: 2 } },
          { _id: 'w' },
          { _id: 'x', code: 'B' },
        ]);
        expect(ids(await items.find({ left: { $exists: true } }))).to.deep.equal([]);
        expect(ids(await items.find({ retryAt: { $exists: false } }, { sort: { _id: 1 } }))).to.deep.equal(['v', 'w', 'x']);
      });

      it('refuses what MongoDB refuses: one path under two operators, $inc of a non-number, $push onto a non-array', async () => {
        const items = store.collection(collectionName());
        await items.insertOne({ _id: 'q', n: 'three', list: 'not a list', meta: { a: 1 } });
        expect(await rejection(items.updateOne({ _id: 'q' }, { $inc: { n: 1 } }))).to.be.instanceOf(Error);
        expect(await rejection(items.updateOne({ _id: 'q' }, { $push: { list: 'x' } }))).to.be.instanceOf(Error);
        expect(await rejection(items.updateOne({ _id: 'q' }, { $set: { 'meta.a': 2 }, $unset: { meta: '' } }))).to.be.instanceOf(Error);
        expect(await rejection(items.updateOne({ _id: 'q' }, { $set: { count: 1 }, $inc: { count: 1 } }))).to.be.instanceOf(Error);
        expect(await items.findOne({ _id: 'q' })).to.deep.equal({ _id: 'q', n: 'three', list: 'not a list', meta: { a: 1 } });
      });

      it('updates the first match of a filter only, and nothing when none matches', async () => {
        const items = store.collection(collectionName());
        await items.insertOne({ _id: 'x', state: 'open', n: 0 });
        await items.insertOne({ _id: 'y', state: 'open', n: 0 });
        expect(await items.updateOne({ state: 'open' }, { $inc: { n: 1 } })).to.deep.equal({ matched: 1 });
        expect(await items.count({ n: 1 })).to.equal(1);
        expect(await items.updateOne({ _id: 'z' }, { $set: { n: 9 } })).to.deep.equal({ matched: 0 });
        expect(await items.count({})).to.equal(2);
      });

      it('upserts a document seeded from the equality fields of the filter', async () => {
        const items = store.collection(collectionName());
        const first = await items.updateOne(
          { _id: 'u', kind: 'counter', n: { $gte: 0 } },
          { $inc: { n: 1 }, $setOnInsert: { createdAt: '2024-01-01T00:00:00.000Z' } },
          { upsert: true },
        );
        expect(first).to.deep.equal({ matched: 0 });
        expect(await items.findOne({ _id: 'u' })).to.deep.equal({ _id: 'u', kind: 'counter', n: 1, createdAt: '2024-01-01T00:00:00.000Z' });
        const second = await items.updateOne(
          { _id: 'u' },
          { $inc: { n: 1 }, $setOnInsert: { createdAt: 'later' } },
          { upsert: true },
        );
        expect(second).to.deep.equal({ matched: 1 });
        expect(await items.findOne({ _id: 'u' })).to.deep.equal({ _id: 'u', kind: 'counter', n: 2, createdAt: '2024-01-01T00:00:00.000Z' });
      });

      it('replaces whole documents, upserting when asked', async () => {
        const items = store.collection(collectionName());
        await items.insertOne({ _id: 'r', a: 1, b: 2 });
        expect(await items.replaceOne({ _id: 'r' }, { _id: 'r', c: 3 })).to.deep.equal({ matched: 1 });
        expect(await items.findOne({ _id: 'r' })).to.deep.equal({ _id: 'r', c: 3 });
        expect(await items.replaceOne({ _id: 's' }, { _id: 's', d: 4 })).to.deep.equal({ matched: 0 });
        expect(await items.findOne({ _id: 's' })).to.equal(null);
        expect(await items.replaceOne({ _id: 's' }, { _id: 's', d: 4 }, { upsert: true })).to.deep.equal({ matched: 0 });
        expect(await items.findOne({ _id: 's' })).to.deep.equal({ _id: 's', d: 4 });
      });

      it('refuses an upsert whose filter misses a document that has its _id, leaving that document as it was', async () => {
        const items = store.collection(collectionName());
        await items.insertOne({ _id: 'k', version: 1, secret: 's' });
        expect(await rejection(items.updateOne({ _id: 'k', version: 2 }, { $set: { owner: 'mallory' } }, { upsert: true }))).to.be.instanceOf(DuplicateDocumentError);
        expect(await rejection(items.replaceOne({ _id: 'k', version: 2 }, { _id: 'k', owner: 'mallory' }, { upsert: true }))).to.be.instanceOf(DuplicateDocumentError);
        expect(await items.find({})).to.deep.equal([{ _id: 'k', version: 1, secret: 's' }]);
      });

      it("refuses to change a document's _id, by $set or by a replacement", async () => {
        const items = store.collection(collectionName());
        await items.insertOne({ _id: 'a', n: 1 });
        expect(await rejection(items.updateOne({ _id: 'a' }, { $set: { _id: 'b' } }))).to.be.instanceOf(Error);
        expect(await rejection(items.replaceOne({ _id: 'a' }, { _id: 'b', n: 2 }))).to.be.instanceOf(Error);
        expect(await items.find({})).to.deep.equal([{ _id: 'a', n: 1 }]);
      });

      it('deletes one or many', async () => {
        const items = store.collection(collectionName());
        for (const person of PEOPLE) await items.insertOne(person);
        expect(await items.deleteOne({ active: true })).to.deep.equal({ deleted: 1 });
        expect(await items.deleteOne({ _id: 'nobody' })).to.deep.equal({ deleted: 0 });
        expect(await items.count({})).to.equal(2);
        expect(await items.deleteMany({ age: { $gte: 0 } })).to.deep.equal({ deleted: 2 });
        expect(await items.deleteMany({})).to.deep.equal({ deleted: 0 });
        expect(await items.count({})).to.equal(0);
      });
    });

    describe('unique indexes', () => {
      it('refuses a document that repeats a unique key, on insert and on update', async () => {
        const accounts = collectionName('accounts');
        const index = { collection: accounts, keys: { email: 1 as const }, unique: true };
        await store.ensureIndexes([index]);
        await store.ensureIndexes([index]);
        const collection = store.collection(accounts);
        await collection.insertOne({ _id: '1', email: 'ana@example.md' });
        await collection.insertOne({ _id: '2', email: 'bogdan@example.md' });
        expect(await rejection(collection.insertOne({ _id: '3', email: 'ana@example.md' }))).to.be.instanceOf(DuplicateDocumentError);
        expect(await rejection(collection.updateOne({ _id: '2' }, { $set: { email: 'ana@example.md' } }))).to.be.instanceOf(
          DuplicateDocumentError,
        );
        expect(ids(await collection.find({}, { sort: { _id: 1 } }))).to.deep.equal(['1', '2']);
        expect((await collection.findOne({ _id: '2' }))?.email).to.equal('bogdan@example.md');
      });
    });

    describe('transactions', () => {
      it('commits all the writes of a unit of work together and returns its result', async () => {
        const orders = collectionName('orders');
        const checkpoints = collectionName('checkpoints');
        const result = await store.withTransaction(async (session) => {
          await session.collection(orders).insertOne({ _id: 'o1', total: 10 });
          await session.collection(orders).updateOne({ _id: 'o1' }, { $inc: { total: 5 } });
          await session.collection(checkpoints).replaceOne({ _id: 'p' }, { _id: 'p', position: 7 }, { upsert: true });
          expect(await session.collection(orders).findOne({ _id: 'o1' })).to.deep.equal({ _id: 'o1', total: 15 });
          expect(await store.collection(orders).findOne({ _id: 'o1' })).to.equal(null);
          return 'done';
        });
        expect(result).to.equal('done');
        expect(await store.collection(orders).find({})).to.deep.equal([{ _id: 'o1', total: 15 }]);
        expect(await store.collection(checkpoints).find({})).to.deep.equal([{ _id: 'p', position: 7 }]);
      });

      it('rolls back every write when the unit of work throws', async () => {
        const orders = collectionName('orders');
        const checkpoints = collectionName('checkpoints');
        await store.collection(orders).insertOne({ _id: 'kept', total: 1 });
        const failure = new Error('projection failed');
        const error = await rejection(
          store.withTransaction(async (session) => {
            await session.collection(orders).insertOne({ _id: 'o2', total: 20 });
            await session.collection(orders).updateOne({ _id: 'kept' }, { $set: { total: 99 } });
            await session.collection(checkpoints).insertOne({ _id: 'p', position: 8 });
            throw failure;
          }),
        );
        expect(error).to.equal(failure);
        expect(await store.collection(orders).find({})).to.deep.equal([{ _id: 'kept', total: 1 }]);
        expect(await store.collection(checkpoints).count({})).to.equal(0);
      });
    });

    describe('dropping a collection', () => {
      it('removes its documents and lets it be used again', async () => {
        const name = collectionName();
        await store.collection(name).insertOne({ _id: 'd', v: 1 });
        await store.dropCollection(name);
        expect(await store.collection(name).find({})).to.deep.equal([]);
        await store.collection(name).insertOne({ _id: 'd', v: 2 });
        expect(await store.collection(name).find({})).to.deep.equal([{ _id: 'd', v: 2 }]);
      });

      it('accepts dropping a collection that does not exist', async () => {
        await store.dropCollection(collectionName());
      });

      it('refuses a name that is not letters, digits and underscores, dropping nothing', async () => {
        const victim = collectionName();
        await store.collection(victim).insertOne({ _id: 'kept' });
        const refusal = await store.dropCollection(`nope" ; DROP TABLE "c_${victim}`).then(() => null, (error: Error) => error);
        expect(refusal).to.be.instanceOf(Error);
        expect(await store.collection(victim).count({})).to.equal(1);
      });
    });
  });
}

import { expect } from 'chai';
import { decodeAppends, encodeAppends, toWireRuns, type WireAppend } from '../../src/platform/event-store/sqlite-log-wire';

describe('embedded log: appends encoded for the writer thread', () => {
  // texts that look like the encoding's own lengths and separators, and characters beyond one byte
  const awkward = ['', '0', '12:', ';', '3;4:abc', 'a\u0000b', 'café', '😀', '\ud800', 'line\nbreak'];

  it('decodes to the same appends, whatever their texts hold', () => {
    const appends: WireAppend[] = [
      { streamId: 'exchange-demo-producer', expectedRevision: 'any', runs: [] },
      ...(['no_stream', 'stream_exists', -1, 0, 41] as const).map((expectedRevision, index) => ({ streamId: awkward[index], expectedRevision, runs: [] })),
      {
        streamId: '7:;',
        expectedRevision: 3,
        runs: [
          { kind: 'standard', producer: 'a:b', json: '[{"id":"1;2:"}]', keys: awkward, types: ['t:1', 't;2'], fingerprints: [] },
          { kind: 'dead', producer: '', json: '[]', keys: [], types: [], fingerprints: [{ index: 0, filledIn: ['time'], contentHash: 'h:1' }, { index: 2, filledIn: [] }] },
        ],
      },
    ];
    expect(decodeAppends(encodeAppends(appends))).to.deep.equal(appends);
    expect(decodeAppends(encodeAppends([]))).to.deep.equal([]);
  });

  it('carries the runs of real events, their JSON text untouched', () => {
    const event = { specversion: '1.0' as const, id: 'a:1', source: 'urn:test', type: 'md.gov.test', time: '2026-11-24T00:00:00Z', data: { text: awkward.join('|') } };
    const json = JSON.stringify(event, null, 2);
    const second = { ...event, id: 'a:2' };
    const appends: WireAppend[] = [{ streamId: 'order-1', expectedRevision: 'any', runs: toWireRuns([{ event, producer: 'p', json }, { event: second, producer: 'p', filledIn: ['time'], json: JSON.stringify(second) }]) }];
    const [decoded] = decodeAppends(encodeAppends(appends));
    expect(decoded.runs[0].json).to.equal(`[${json},${JSON.stringify(second)}]`);
    // an absent contentHash travels as absent
    expect(JSON.stringify(decoded)).to.equal(JSON.stringify(appends[0]));
  });

  it('refuses a text that is not what encodeAppends writes, rather than misread it', () => {
    const [encoded] = encodeAppends([{ streamId: 's', expectedRevision: 'any', runs: [] }]);
    expect(() => decodeAppends([encoded.slice(0, -1)])).to.throw(/encoded appends/);
    expect(() => decodeAppends([`${encoded}x`])).to.throw(/left over/);
    expect(() => decodeAppends(['x;'])).to.throw(/no length/);
    const withRun = encodeAppends([{ streamId: 's', expectedRevision: 'any', runs: [{ kind: 'standard', producer: 'p', json: '[]', keys: [], types: [], fingerprints: [] }] }]);
    expect(() => decodeAppends(withRun.slice(0, 1))).to.throw(/without its JSON/);
    expect(() => decodeAppends([...withRun, '[]'])).to.throw(/JSON texts left over/);
  });
});

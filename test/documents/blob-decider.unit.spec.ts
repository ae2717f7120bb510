import { expect } from 'chai';
import { BlobNotFoundError, BlobNotOwnedError, blobDecider, DigestMismatchError, UploadNotOpenError } from '../../src/documents/blob/decider';
import { BLOB_DELETED, BLOB_PART_RECEIVED, BLOB_UPLOAD_ABANDONED, BLOB_UPLOAD_COMPLETED, BLOB_UPLOAD_STARTED, BLOB_UPLOADED, type BlobEvent } from '../../src/documents/blob/events';
import { MIN_PART_BYTES, PartRefusedError } from '../../src/documents/blob/part-rules';
import { deciderSpec } from '../support/decider-spec';

const spec = deciderSpec(blobDecider);
const at = '2026-05-01T10:00:00.000Z';
const blobId = '00000000-0000-4000-8000-000000000001';
const MIB5 = MIN_PART_BYTES;
const TOTAL = 2 * MIB5 + 100;
const sha = (n: number) => String(n).repeat(64).slice(0, 64);

const started: BlobEvent = {
  type: BLOB_UPLOAD_STARTED,
  data: { blobId, documentTypeCode: 'Unknown', contentType: 'application/pdf', totalSize: TOTAL, uploadedBy: 'urn:md:idno:1003600000003', clientId: 'demo-institution', startedAt: at },
};
const part = (start: number, end: number, n = 1): BlobEvent => ({ type: BLOB_PART_RECEIVED, data: { blobId, start, end, sha256: sha(n), receivedAt: at } });
const receive = (start: number, end: number, n = 1, clientId = 'demo-institution') => ({ type: 'ReceivePart' as const, blobId, start, end, total: TOTAL, sha256: sha(n), clientId, at });

describe('blob decider (uploads whole or in parts)', () => {
  it('records a whole upload once', () => {
    const command = { type: 'RecordUpload' as const, blobId, documentTypeCode: 'Unknown', contentType: 'text/plain', size: 3, sha256: sha(1), uploadedBy: 'urn:md:idno:1003600000003', clientId: 'c', at };
    spec.given([]).when(command).thenMatches((events) => expect(events.map((event) => event.type)).to.deep.equal([BLOB_UPLOADED]));
  });

  it('takes parts in order, each starting where the bytes received end', () => {
    spec.given([started]).when(receive(0, MIB5 - 1)).then([part(0, MIB5 - 1)]);
    spec.given([started, part(0, MIB5 - 1)]).when(receive(MIB5, 2 * MIB5 - 1)).then([part(MIB5, 2 * MIB5 - 1)]);
    spec.given([started, part(0, MIB5 - 1), part(MIB5, 2 * MIB5 - 1)]).when(receive(2 * MIB5, TOTAL - 1)).then([part(2 * MIB5, TOTAL - 1)]);
  });

  it('refuses an overlapping part and a gap, naming the range it expects next', () => {
    for (const [start, end] of [[MIB5 - 10, 2 * MIB5 - 11], [MIB5 + 10, 2 * MIB5 + 9]]) {
      let refused: PartRefusedError | undefined;
      try {
        blobDecider.decide(receive(start, end), [started, part(0, MIB5 - 1)].reduce(blobDecider.evolve, blobDecider.initialState()));
      } catch (error) {
        refused = error as PartRefusedError;
      }
      expect(refused).to.be.instanceOf(PartRefusedError);
      expect(refused!.expected).to.equal(`bytes ${MIB5}-${TOTAL - 1}/${TOTAL}`);
    }
  });

  it('refuses a part under 5 MiB that is not the last, another total, and another client', () => {
    spec.given([started]).when(receive(0, MIB5 - 2)).thenThrows(PartRefusedError, /at least 5242880/);
    spec.given([started]).when({ ...receive(0, MIB5 - 1), total: TOTAL + 1 }).thenThrows(PartRefusedError, /total is/);
    spec.given([started]).when(receive(0, MIB5 - 1, 1, 'other-client')).thenThrows(BlobNotOwnedError);
  });

  it('takes a part sent again with the same bytes as a retry (nothing new), and refuses other bytes for it', () => {
    spec.given([started, part(0, MIB5 - 1)]).when(receive(0, MIB5 - 1)).then([]);
    spec.given([started, part(0, MIB5 - 1)]).when(receive(0, MIB5 - 1, 2)).thenThrows(PartRefusedError, /other content/);
  });

  it('completes only once every byte arrived, and checks the digest the client announced', () => {
    const complete = { type: 'CompleteUpload' as const, blobId, size: TOTAL, sha256: sha(7), at };
    spec.given([started, part(0, MIB5 - 1)]).when(complete).thenThrows(UploadNotOpenError, /not every byte/);
    const whole = [started, part(0, MIB5 - 1), part(MIB5, 2 * MIB5 - 1), part(2 * MIB5, TOTAL - 1)];
    spec.given(whole).when(complete).then([{ type: BLOB_UPLOAD_COMPLETED, data: { blobId, size: TOTAL, sha256: sha(7), completedAt: at } }]);
    const announced = { ...started, data: { ...started.data, expectedSha256: sha(8) } } as BlobEvent;
    spec.given([announced, ...whole.slice(1)]).when(complete).thenThrows(DigestMismatchError);
    spec.given([...whole, { type: BLOB_UPLOAD_COMPLETED, data: { blobId, size: TOTAL, sha256: sha(7), completedAt: at } }]).when(complete).then([]);
  });

  it('abandons an open upload only, and a gone blob takes nothing more', () => {
    const abandon = { type: 'AbandonUpload' as const, blobId, reason: 'expired' as const, at };
    spec.given([started, part(0, MIB5 - 1)]).when(abandon).then([{ type: BLOB_UPLOAD_ABANDONED, data: { blobId, received: MIB5, reason: 'expired', abandonedAt: at } }]);
    const abandoned: BlobEvent = { type: BLOB_UPLOAD_ABANDONED, data: { blobId, received: MIB5, reason: 'expired', abandonedAt: at } };
    spec.given([started, part(0, MIB5 - 1), abandoned]).when(receive(MIB5, 2 * MIB5 - 1)).thenThrows(BlobNotFoundError);
    spec.given([]).when(receive(0, MIB5 - 1)).thenThrows(BlobNotFoundError);
  });

  it('deletes a blob for its uploader, once', () => {
    const remove = { type: 'DeleteBlob' as const, blobId, deletedBy: 'urn:md:idno:1003600000003', clientId: 'demo-institution', at };
    spec.given([started]).when(remove).then([{ type: BLOB_DELETED, data: { blobId, deletedBy: 'urn:md:idno:1003600000003', clientId: 'demo-institution', deletedAt: at } }]);
    spec.given([started]).when({ ...remove, clientId: 'other' }).thenThrows(BlobNotOwnedError);
    spec.given([started, { type: BLOB_DELETED, data: { blobId, deletedBy: 'x', clientId: 'demo-institution', deletedAt: at } }]).when(remove).then([]);
    spec.given([]).when(remove).thenThrows(BlobNotFoundError);
  });
});

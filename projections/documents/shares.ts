import { DOCUMENT_PURGED, type DocumentPurged } from '../../src/documents/document/events';
import { SHARE_CHANGED, SHARE_GRANTED, SHARE_REVOKED, type ShareChanged, type ShareGranted, type ShareRevoked } from '../../src/documents/share/events';
import { DocumentsCollections } from './collections';
import { dataOf, type ReadModel } from './read-model';

/** A share in force or to come (a revoked share, or one of a purged document, is removed). */
export type ShareRecord = {
  _id: string;
  documentId: string;
  owner: string;
  sharedFor: string;
  sharedBy: string;
  permission: 'Read' | 'Write';
  from: string | null;
  to: string | null;
  sharedOn: string;
  reservationId: string | null;
  accessCodeSha256: string | null;
};

const { shares: SHARES } = DocumentsCollections;

export const sharesReadModel: ReadModel = {
  collections: [SHARES],
  indexes: [
    { collection: SHARES, keys: { documentId: 1 } },
    { collection: SHARES, keys: { sharedFor: 1, sharedOn: 1 } },
    { collection: SHARES, keys: { sharedBy: 1, sharedOn: 1 } },
  ],
  appliers: {
    async [SHARE_GRANTED](stored, session) {
      const data = dataOf<ShareGranted['data']>(stored);
      const record: ShareRecord = {
        _id: data.shareId,
        documentId: data.documentId,
        owner: data.owner,
        sharedFor: data.sharedFor,
        sharedBy: data.by,
        permission: data.permission,
        from: data.from,
        to: data.to,
        sharedOn: data.at,
        reservationId: data.reservationId ?? null,
        accessCodeSha256: data.accessCodeSha256 ?? null,
      };
      await session.collection<ShareRecord>(SHARES).replaceOne({ _id: record._id }, record, { upsert: true });
    },
    async [SHARE_CHANGED](stored, session) {
      const { shareId, permission, from, to } = dataOf<ShareChanged['data']>(stored);
      await session.collection<ShareRecord>(SHARES).updateOne({ _id: shareId }, { $set: { permission, from, to } });
    },
    async [SHARE_REVOKED](stored, session) {
      await session.collection<ShareRecord>(SHARES).deleteOne({ _id: dataOf<ShareRevoked['data']>(stored).shareId });
    },
    async [DOCUMENT_PURGED](stored, session) {
      await session.collection<ShareRecord>(SHARES).deleteMany({ documentId: dataOf<DocumentPurged['data']>(stored).documentId });
    },
  },
};

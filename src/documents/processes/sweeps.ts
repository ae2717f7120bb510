import type { Logger } from '../../platform/logger';
import type { BlobRecord } from '../../../projections/documents/blobs';
import { DocumentsCollections } from '../../../projections/documents';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { toBlobStreamId } from '../blob/stream';
import { purgeTree } from '../handlers/document-changes';
import type { DocumentsContext } from '../handlers/context';
import type { Uploads } from '../handlers/uploads';
import { documentsOf } from '../queries/records';
import { DOCUMENTS_SERVICE } from '../service';
import type { DocumentTypeRecord } from '../../../projections/documents/settings';

/** How many uploads or documents one sweep handles at most (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/**
 * The document store's timed work, over its read models (so it survives restarts):
 * - an upload whose every byte arrived but which is not yet one blob (a crash between the last part and
 *   its completion) is completed;
 * - an upload left open past DOCUMENTS_UPLOAD_EXPIRY_MS is abandoned and its staged parts removed;
 * - a document of a type with deleteOnExpiry is purged once its expiresOn has passed.
 */
export async function sweep(ctx: DocumentsContext, uploads: Uploads, logger: Logger): Promise<void> {
  await readYourWrites(ctx.deps);
  const now = ctx.deps.clock.now();
  const open = await ctx.deps.documents.collection<BlobRecord>(DocumentsCollections.blobs).find({ status: 'uploading' }, { sort: { startedAt: 1 }, limit: SWEEP_BATCH });
  for (const upload of open) {
    if (upload.received === upload.totalSize) {
      await uploads.completeIfWhole(upload._id).catch((error) => logger.warn({ err: error, blobId: upload._id }, 'an upload whose every byte arrived could not be completed'));
    } else if (Date.parse(upload.startedAt) + ctx.settings.uploadExpiryMs <= now.getTime()) {
      await ctx.commands.blobs.handle(toBlobStreamId(upload._id), { type: 'AbandonUpload', blobId: upload._id, reason: 'expired', at: now.toISOString() }, DOCUMENTS_SERVICE);
      await ctx.deps.blobs.discardParts(upload._id);
    }
  }
  const deleting = (await ctx.deps.documents.collection<DocumentTypeRecord>(DocumentsCollections.types).find({ deleteOnExpiry: true })).map((type) => type._id);
  if (deleting.length === 0) return;
  const expired = await documentsOf(ctx.deps.documents).find({ expiresOn: { $lte: now.toISOString() }, type: { $in: deleting } }, { limit: SWEEP_BATCH });
  for (const record of expired) {
    // one under an expired folder may have gone with it already
    await purgeTree(ctx, { id: DOCUMENTS_SERVICE }, { principal: record.owner, permission: 'Owner' }, record, 'expired').catch((error) =>
      logger.debug({ err: error, documentId: record._id }, 'an expired document was not purged'),
    );
  }
}

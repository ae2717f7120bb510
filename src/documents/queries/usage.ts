import type { DocumentStore } from '../../platform/document-store/document-store';
import { DocumentsCollections } from '../../../projections/documents';
import type { BlobReferenceRecord, UsageRecord } from '../../../projections/documents/contents';
import type { QuotaRecord } from '../../../projections/documents/settings';

export type Quota = { storageMaximum: number; storageUsage: number };

/** A principal's quota: the maximum an administrator set (else the default) and what its documents use. */
export async function quotaOf(store: DocumentStore, principal: string, defaultMaximum: number): Promise<Quota> {
  const set = await store.collection<QuotaRecord>(DocumentsCollections.quotas).findOne({ _id: principal });
  const usage = await store.collection<UsageRecord>(DocumentsCollections.usage).findOne({ _id: principal });
  return { storageMaximum: set?.storageMaximum ?? defaultMaximum, storageUsage: usage?.storageUsage ?? 0 };
}

/** What contents would add to an owner's usage: the size of each distinct stored content it does not keep yet. */
export async function addedUsage(store: DocumentStore, owner: string, contents: { sha256: string; size: number }[]): Promise<number> {
  const distinct = new Map(contents.map((content) => [content.sha256, content.size]));
  if (distinct.size === 0) return 0;
  const ids = [...distinct.keys()].map((sha256) => `${owner}|${sha256}`);
  const kept = new Set((await store.collection<BlobReferenceRecord>(DocumentsCollections.blobRefs).find({ _id: { $in: ids } })).map((ref) => ref.sha256));
  let added = 0;
  for (const [sha256, size] of distinct) if (!kept.has(sha256)) added += size;
  return added;
}

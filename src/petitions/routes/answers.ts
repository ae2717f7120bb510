import type { Response } from 'express';
import { BlobNotFoundError, type BlobStore } from '../../platform/blob-store/blob-store';
import type { Clock } from '../../platform/clock';
import { localDateOf } from '../petition/deadlines';
import type { StoredFile } from '../petition/events';
import { toPetitionModel, type PetitionDocument } from '../queries/petition-views';

/** Request bodies: the seed's models are small; a document is at most 5 MiB, an intake with attachments 16 MiB. */
export const BODY_LIMITS = { small: 64 * 1024, withDocument: 8 * 1024 * 1024, filing: 16 * 1024 * 1024 } as const;

export const todayOf = (clock: Clock) => localDateOf(clock.now());

/** DataResponse of PetitionModel, the public guide's shape: {items, page, pageSize, totalCount}. */
export function dataResponse(items: PetitionDocument[], page: { page: number; pageSize: number; totalCount: number }, today: string) {
  return { items: items.map((item) => toPetitionModel(item, today)), page: page.page, pageSize: page.pageSize, totalCount: page.totalCount };
}

/** A stored file's bytes, or null when the blob store no longer has them. */
export async function bytesOf(blobs: BlobStore, file: StoredFile): Promise<Buffer | null> {
  try {
    return await blobs.get(file.sha256);
  } catch (error) {
    if (error instanceof BlobNotFoundError) return null;
    throw error;
  }
}

/** PetitionFileResponse (the authority's downloads): content as base64, its content type and file name. */
export function sendFileResponse(response: Response, bytes: Buffer, file: Pick<StoredFile, 'fileName' | 'contentType'>) {
  response.json({ content: bytes.toString('base64'), contentType: file.contentType, fileName: file.fileName });
}

/** The requestor's downloads: the binary file itself, named for saving. */
export function sendBinaryFile(response: Response, bytes: Buffer, file: Pick<StoredFile, 'fileName' | 'contentType'>) {
  response.attachment(file.fileName);
  response.type(file.contentType).send(bytes);
}

export const noContent = (response: Response) => response.status(204).end();

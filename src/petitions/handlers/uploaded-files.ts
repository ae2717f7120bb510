import { isUtf8 } from 'node:buffer';
import type { BlobStore } from '../../platform/blob-store/blob-store';
import type { StoredFile } from '../petition/events';

/** PetitionResponseFile as the schemas admit it: a name, an allowed media type, base64 content. */
export type UploadedFile = { fileName: string; contentType: string; content: string };

export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** What the first bytes of a file of each admitted type look like (plain text: any UTF-8). */
const SIGNATURES: Record<string, Buffer[]> = {
  'application/pdf': [Buffer.from('%PDF-')],
  'image/jpeg': [Buffer.from([0xff, 0xd8, 0xff])],
  'image/png': [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  'application/msword': [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [Buffer.from('PK\u0003\u0004')],
  'application/vnd.oasis.opendocument.text': [Buffer.from('PK\u0003\u0004')],
};

export class InvalidFileError extends Error {
  constructor(readonly field: string, reason: string) {
    super(`${field}: ${reason}`);
    this.name = 'InvalidFileError';
  }
}

/** The file's bytes, when its content is whole base64 of at most 5 MiB and looks like its media type. */
export function decodedFile(file: UploadedFile, field: string): Buffer {
  const bytes = Buffer.from(file.content, 'base64');
  // Node skips what is not base64: a content that does not round-trip was not all base64
  if (bytes.length === 0 || bytes.toString('base64').replace(/=+$/, '') !== file.content.replace(/=+$/, '')) throw new InvalidFileError(`${field}.content`, 'is not base64');
  if (bytes.length > MAX_FILE_BYTES) throw new InvalidFileError(`${field}.content`, `is larger than ${MAX_FILE_BYTES} bytes once decoded`);
  const signatures = SIGNATURES[file.contentType];
  if (signatures && !signatures.some((signature) => bytes.subarray(0, signature.length).equals(signature))) {
    throw new InvalidFileError(`${field}.content`, `is not a ${file.contentType} file`);
  }
  if (file.contentType === 'text/plain' && !isUtf8(bytes)) throw new InvalidFileError(`${field}.content`, 'is not UTF-8 text');
  return bytes;
}

/** Checks every file first, then stores them: a refused request stores nothing it would not refer to. */
export async function storeFiles(blobs: BlobStore, files: { file: UploadedFile; field: string }[]): Promise<StoredFile[]> {
  const decoded = files.map(({ file, field }) => ({ file, bytes: decodedFile(file, field) }));
  const stored: StoredFile[] = [];
  for (const { file, bytes } of decoded) {
    const { sha256, size } = await blobs.put(bytes);
    stored.push({ fileName: file.fileName, contentType: file.contentType, size, sha256 });
  }
  return stored;
}

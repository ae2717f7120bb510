import { InvalidDocumentError } from './errors';

/** A change of a document: fields to set (null: remove), and a move when folderId is given (null: to the root). */
export type DocumentPatch = { name?: string; number?: string | null; expiresOn?: string | null; folderId?: string | null };

/** The official client's JSON-Patch-like operation. */
export type PatchOperation = { op: string; path: string; value?: unknown };

const FIELDS: Record<string, keyof DocumentPatch> = { name: 'name', number: 'number', expireson: 'expiresOn', folderid: 'folderId' };

/**
 * A PATCH body in either shape: the guide's object ({name, number, expiresOn}, plus folderId to move) or
 * the official client's operations ([{op: replace|remove, path: name|folderid|number|expireson, value}],
 * paths in any case, with or without a leading slash). The name cannot be removed.
 */
export function patchOf(body: DocumentPatch | PatchOperation[]): DocumentPatch {
  if (!Array.isArray(body)) return body;
  const patch: DocumentPatch = {};
  for (const [index, operation] of body.entries()) {
    const path = operation.path.replace(/^\//, '').toLowerCase();
    // own members only: `constructor` and `__proto__` (members of every object) are no field of a document
    const field = Object.hasOwn(FIELDS, path) ? FIELDS[path] : undefined;
    if (!field) throw new InvalidDocumentError(`[${index}].path`, 'must be one of name, number, expiresOn, folderId');
    const op = operation.op.toLowerCase();
    if (op === 'remove') {
      if (field === 'name') throw new InvalidDocumentError(`[${index}].path`, 'name cannot be removed');
      patch[field] = null;
    } else if (op === 'replace' || op === 'add') {
      const value = operation.value ?? null;
      if (value !== null && typeof value !== 'string') throw new InvalidDocumentError(`[${index}].value`, 'must be a string or null');
      if (field === 'name' && (typeof value !== 'string' || value.length === 0 || value.length > 250)) throw new InvalidDocumentError(`[${index}].value`, 'a name has 1 to 250 characters');
      if (field === 'number' && typeof value === 'string' && value.length > 50) throw new InvalidDocumentError(`[${index}].value`, 'a number has at most 50 characters');
      patch[field] = value as string;
    } else throw new InvalidDocumentError(`[${index}].op`, 'must be replace or remove');
  }
  return patch;
}

import { Router, type Request } from 'express';
import { route } from '../../platform/http/problem';
import { canonicalUuid } from '../../platform/http/request-validation';
import { requireRight } from '../../platform/http/service-auth';
import { BlobNotFoundError, BlobNotOwnedError } from '../blob/decider';
import { announcedSha256 } from '../blob/digest';
import { expectedRange } from '../blob/part-rules';
import { toBlobStreamId } from '../blob/stream';
import { FOLDER_TYPE, UNKNOWN_TYPE } from '../document-type/definition';
import type { DocumentsContext } from '../handlers/context';
import type { UploadHeaders, Uploads } from '../handlers/uploads';
import { InvalidInputError } from '../invalid-input';
import { mayOwn } from '../principals/principal';
import { DocumentsRights } from '../rights';
import { DOCUMENTS_SERVICE } from '../service';
import { callerOf, queryOf } from './route-helpers';

function uploadHeaders(request: Request): UploadHeaders {
  const length = request.headers['content-length'];
  return {
    contentType: request.headers['content-type']?.trim() || 'application/octet-stream',
    contentRange: request.headers['content-range'],
    contentLength: length === undefined ? undefined : Number(length),
  };
}

const blobIdOf = (request: Request) => {
  const id = String(request.params.id);
  const canonical = canonicalUuid(id);
  if (!canonical) throw new BlobNotFoundError(id.slice(0, 100));
  return canonical;
};

/** POST /mdocs/blobs (whole, or the first part), PUT /mdocs/blobs/{id} (the next part), DELETE, and GET (where an upload stands). */
export function blobRoutes(ctx: DocumentsContext, uploads: Uploads): Router {
  const router = Router();
  const write = requireRight(DOCUMENTS_SERVICE, DocumentsRights.write);

  router.post(
    '/mdocs/blobs',
    write,
    route(async (request, response) => {
      const query = queryOf<{ documentTypeCode?: string; principal?: string }>(request, 'blob-upload.query.json');
      const { client, principal } = callerOf(response, query.principal);
      if (!mayOwn(principal)) throw new InvalidInputError('principal', 'urn:public owns nothing: upload as a principal that can own documents');
      const code = query.documentTypeCode ?? UNKNOWN_TYPE;
      const type = await ctx.types.find(code);
      if (!type) throw new InvalidInputError('documentTypeCode', `names no document type (${code.slice(0, 50)})`);
      if (type.code === FOLDER_TYPE) throw new InvalidInputError('documentTypeCode', 'Folder has no content: create folders with POST /mdocs/documents and no blobId');
      const expectedSha256 = announcedSha256(request.headers['repr-digest'] as string | undefined);
      const target = { principal, type, ...(expectedSha256 ? { expectedSha256 } : {}) };
      response.status(201).json(await uploads.start(client, target, uploadHeaders(request), request));
    }),
  );

  router.put(
    '/mdocs/blobs/:id',
    write,
    route(async (request, response) => {
      const { client } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      response.json(await uploads.continue(client, blobIdOf(request), uploadHeaders(request), request));
    }),
  );

  router.delete(
    '/mdocs/blobs/:id',
    write,
    route(async (request, response) => {
      const { client, principal } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      const blobId = blobIdOf(request);
      await ctx.commands.blobs.handle(toBlobStreamId(blobId), { type: 'DeleteBlob', blobId, deletedBy: principal, clientId: client.id, at: ctx.now() }, client.id);
      await ctx.deps.blobs.discardParts(blobId);
      response.json({ id: blobId });
    }),
  );

  router.get(
    '/mdocs/blobs/:id',
    write,
    route(async (request, response) => {
      const { client } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      const blobId = blobIdOf(request);
      const { state } = await ctx.commands.blobs.load(toBlobStreamId(blobId));
      if (state.status === 'none') throw new BlobNotFoundError(blobId);
      if (state.clientId !== client.id) throw new BlobNotOwnedError(blobId);
      const { status, documentTypeCode, contentType, totalSize, received, sha256 } = state;
      response.json({ id: blobId, status, documentTypeCode, contentType, totalSize, received, sha256, expectedRange: status === 'uploading' ? expectedRange(state) : null });
    }),
  );
  return router;
}

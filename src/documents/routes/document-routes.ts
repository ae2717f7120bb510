import { Router } from 'express';
import { readUnicodeJson } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { requirePermission } from '../document/permission';
import { patchOf, type DocumentPatch, type PatchOperation } from '../document/patch';
import type { DocumentsContext } from '../handlers/context';
import { changeDocument, deleteDocument } from '../handlers/document-changes';
import { logPersonalDataAccess } from '../handlers/personal-data';
import { publishDocuments, type CreateBody } from '../handlers/publishing';
import { MAX_MESSAGE_BYTES } from '../handlers/upload-content';
import { copyDocument } from '../handlers/versions';
import { accessTo } from '../queries/access';
import { listDocuments } from '../queries/document-lists';
import { documentDto, viewFor } from '../queries/document-view';
import { pagingOf, setPagination } from '../queries/paging';
import { descendantsOf } from '../queries/records';
import { DocumentsRights } from '../rights';
import { DOCUMENTS_SERVICE } from '../service';
import { callerOf, documentIdOf, documentSchemas, queryOf } from './route-helpers';

type ListQuery = { principal?: string; type?: string; folderId?: string; page?: number; itemsPerPage?: number; orderField?: string; searchBy?: string };

/** /mdocs/documents: list, create, read, change, delete, size, copy. */
export function documentRoutes(ctx: DocumentsContext): Router {
  const router = Router();
  const read = requireRight(DOCUMENTS_SERVICE, DocumentsRights.read);
  const write = requireRight(DOCUMENTS_SERVICE, DocumentsRights.write);
  const { documents } = ctx.deps;

  /** The document the principal reaches, as the seed's Document, after the caller's last write. */
  const documentAnswer = async (principal: string, id: string) => {
    await readYourWrites(ctx.deps);
    const now = ctx.now();
    const access = await accessTo(documents, principal, id, now);
    requirePermission(id, { principal, permission: access.permission }, 'Read');
    return { access, dto: documentDto(access.record, await viewFor(documents, ctx.types, ctx.names, now, [access.record])) };
  };

  router.get(
    '/mdocs/documents',
    read,
    route(async (request, response) => {
      const query = queryOf<ListQuery>(request, 'documents-list.query.json');
      const { client, principal } = callerOf(response, query.principal);
      await readYourWrites(ctx.deps);
      const now = ctx.now();
      if (query.folderId) {
        const folder = await accessTo(documents, principal, query.folderId, now);
        requirePermission(query.folderId, { principal, permission: folder.permission }, 'Read');
      }
      const paging = pagingOf(query);
      const { items, totalCount } = await listDocuments(documents, principal, { ...query, paging }, now);
      await logPersonalDataAccess(ctx, client, principal, 'list documents', items);
      const view = await viewFor(documents, ctx.types, ctx.names, now, items);
      setPagination(response, paging, totalCount);
      response.json(items.map((item) => documentDto(item, view)));
    }),
  );

  router.post(
    '/mdocs/documents',
    write,
    route(async (request, response) => {
      const body = documentSchemas().value<CreateBody>('documents-create.json', await readUnicodeJson(request, MAX_MESSAGE_BYTES), { membersInAnyCase: true });
      const { client } = callerOf(response, undefined);
      response.status(201).json(await publishDocuments(ctx, client, body));
    }),
  );

  router.get(
    '/mdocs/documents/:id',
    read,
    route(async (request, response) => {
      const { client, principal } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      const { access, dto } = await documentAnswer(principal, documentIdOf(request));
      await logPersonalDataAccess(ctx, client, principal, 'read a document', [access.record]);
      response.json(dto);
    }),
  );

  router.patch(
    '/mdocs/documents/:id',
    write,
    route(async (request, response) => {
      const id = documentIdOf(request);
      const { client, principal } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      const body = documentSchemas().value<DocumentPatch | PatchOperation[]>('document-patch.json', await readUnicodeJson(request, MAX_MESSAGE_BYTES));
      await changeDocument(ctx, client, principal, id, patchOf(body));
      response.json((await documentAnswer(principal, id)).dto);
    }),
  );

  router.delete(
    '/mdocs/documents/:id',
    write,
    route(async (request, response) => {
      const id = documentIdOf(request);
      const query = queryOf<{ principal?: string; permanent?: boolean; force?: boolean }>(request, 'document-delete.query.json');
      const { client, principal } = callerOf(response, query.principal);
      await deleteDocument(ctx, client, principal, id, { permanent: query.permanent ?? false, force: query.force ?? false });
      response.json({ id });
    }),
  );

  router.get(
    '/mdocs/documents/:id/size',
    read,
    route(async (request, response) => {
      const id = documentIdOf(request);
      const { principal } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      await readYourWrites(ctx.deps);
      const access = await accessTo(documents, principal, id, ctx.now());
      requirePermission(id, { principal, permission: access.permission }, 'Read');
      const inside = access.record.isFolder ? await descendantsOf(documents, id) : [];
      const size = [access.record, ...inside].filter((record) => record.status === 'live' && record.recycledAncestors === 0).reduce((sum, record) => sum + record.size, 0);
      response.json({ size });
    }),
  );

  router.post(
    '/mdocs/documents/:id/copy',
    write,
    route(async (request, response) => {
      const id = documentIdOf(request);
      const query = queryOf<{ principal?: string; folderId?: string }>(request, 'folder-target.query.json');
      const { client, principal } = callerOf(response, query.principal);
      response.status(201).json(await copyDocument(ctx, client, principal, id, query.folderId));
    }),
  );

  return router;
}

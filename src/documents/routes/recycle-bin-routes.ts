import { Router } from 'express';
import { route } from '../../platform/http/problem';
import { requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { DocumentsContext } from '../handlers/context';
import { emptyRecycleBin, restoreDocument } from '../handlers/document-changes';
import { logPersonalDataAccess } from '../handlers/personal-data';
import { listRecycled } from '../queries/document-lists';
import { documentDto, ROOT_FOLDER_NAME, viewFor } from '../queries/document-view';
import { pagingOf, setPagination } from '../queries/paging';
import { recordsById } from '../queries/records';
import { DocumentsRights } from '../rights';
import { DOCUMENTS_SERVICE } from '../service';
import { callerOf, documentIdOf, queryOf } from './route-helpers';

type ListQuery = { principal?: string; type?: string; page?: number; itemsPerPage?: number; orderField?: string; searchBy?: string };

/** The recycle bin (the official client's calls): list, restore one, empty. */
export function recycleBinRoutes(ctx: DocumentsContext): Router {
  const router = Router();
  const { documents } = ctx.deps;

  router.get(
    '/mdocs/recycled-documents',
    requireRight(DOCUMENTS_SERVICE, DocumentsRights.read),
    route(async (request, response) => {
      const query = queryOf<ListQuery>(request, 'recycled-list.query.json');
      const { client, principal } = callerOf(response, query.principal);
      await readYourWrites(ctx.deps);
      const now = ctx.now();
      const paging = pagingOf(query);
      const { items, totalCount } = await listRecycled(documents, principal, { ...query, paging });
      await logPersonalDataAccess(ctx, client, principal, 'list a recycle bin', items);
      const view = await viewFor(documents, ctx.types, ctx.names, now, items);
      const formerFolders = await recordsById(documents, items.flatMap((item) => (item.deletedFrom ? [item.deletedFrom] : [])));
      setPagination(response, paging, totalCount);
      response.json(
        items.map((item) => ({
          ...documentDto(item, view),
          deletedOn: item.deletedOn,
          deletedBy: item.deletedBy,
          deletedByName: ctx.names.nameOf(item.deletedBy),
          deletedFrom: item.deletedFrom ? (formerFolders.get(item.deletedFrom)?.name ?? '') : ROOT_FOLDER_NAME,
        })),
      );
    }),
  );

  router.post(
    '/mdocs/recycled-documents/:id/restore',
    requireRight(DOCUMENTS_SERVICE, DocumentsRights.write),
    route(async (request, response) => {
      const id = documentIdOf(request);
      const query = queryOf<{ principal?: string; folderId?: string }>(request, 'folder-target.query.json');
      const { client, principal } = callerOf(response, query.principal);
      await restoreDocument(ctx, client, principal, id, query.folderId);
      response.json({ id });
    }),
  );

  router.delete(
    '/mdocs/recycled-documents',
    requireRight(DOCUMENTS_SERVICE, DocumentsRights.write),
    route(async (request, response) => {
      const { client, principal } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      response.json({ purged: await emptyRecycleBin(ctx, client, principal) });
    }),
  );
  return router;
}

import { Router } from 'express';
import { readUnicodeJson } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ShareRecord } from '../../../projections/documents/shares';
import type { DocumentRecord } from '../../../projections/documents/documents';
import { requirePermission } from '../document/permission';
import type { DocumentsContext } from '../handlers/context';
import { logPersonalDataAccess } from '../handlers/personal-data';
import { changeShare, reserveShare, revokeShare, shareDocument } from '../handlers/share-changes';
import { instantOf } from '../invalid-input';
import { permissionOf, shareInputOf, type ShareItemBody } from '../handlers/share-input';
import { MAX_MESSAGE_BYTES } from '../handlers/upload-content';
import { accessTo } from '../queries/access';
import { documentDto, viewFor } from '../queries/document-view';
import { pagingOf, setPagination } from '../queries/paging';
import { sharesByMe, sharesForMe, sharesOfDocument } from '../queries/share-lists';
import { DocumentsRights } from '../rights';
import { DOCUMENTS_SERVICE } from '../service';
import { callerOf, documentIdOf, documentSchemas, queryOf } from './route-helpers';

type ListQuery = { principal?: string; page?: number; itemsPerPage?: number; orderField?: string; searchBy?: string };

/** Document shares, the two share lists, reservations. */
export function shareRoutes(ctx: DocumentsContext): Router {
  const router = Router();
  const read = requireRight(DOCUMENTS_SERVICE, DocumentsRights.read);
  const write = requireRight(DOCUMENTS_SERVICE, DocumentsRights.write);
  const { documents } = ctx.deps;
  const shareItem = (share: ShareRecord) => ({
    id: share._id,
    permission: share.permission,
    sharedOn: share.sharedOn,
    sharedFor: share.sharedFor,
    sharedForName: ctx.names.nameOf(share.sharedFor),
    from: share.from,
    to: share.to,
  });

  router.post(
    '/mdocs/documents/:id/shares',
    write,
    route(async (request, response) => {
      const id = documentIdOf(request);
      const { client, principal } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      const body = documentSchemas().value<{ shares: ShareItemBody[] } | ShareItemBody[]>('shares-create.json', await readUnicodeJson(request, MAX_MESSAGE_BYTES));
      const items = Array.isArray(body) ? body : body.shares;
      const ids = await shareDocument(ctx, client, principal, id, items.map((item, index) => shareInputOf(item, `shares[${index}]`)));
      response.status(201).json(ids.map((shareId) => ({ id: shareId })));
    }),
  );

  router.get(
    '/mdocs/documents/:id/shares',
    read,
    route(async (request, response) => {
      const id = documentIdOf(request);
      const { client, principal } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      await readYourWrites(ctx.deps);
      const now = ctx.now();
      const access = await accessTo(documents, principal, id, now);
      requirePermission(id, { principal, permission: access.permission }, 'Read');
      await logPersonalDataAccess(ctx, client, principal, 'read a document\'s shares', [access.record]);
      const shares = await sharesOfDocument(documents, id, principal, access.permission === 'Owner');
      response.json({ ...documentDto(access.record, await viewFor(documents, ctx.types, ctx.names, now, [access.record])), shares: shares.map(shareItem) });
    }),
  );

  router.put(
    '/mdocs/documents/:id/shares/:shareId',
    write,
    route(async (request, response) => {
      const id = documentIdOf(request);
      const { client, principal } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      const body = documentSchemas().value<{ permission: string | number; from?: string | null; to?: string | null }>('share-update.json', await readUnicodeJson(request, MAX_MESSAGE_BYTES), { membersInAnyCase: true });
      const terms = { permission: permissionOf(body.permission, 'permission'), from: body.from ? instantOf(body.from, 'from') : null, to: body.to ? instantOf(body.to, 'to') : null };
      await changeShare(ctx, client, principal, id, String(request.params.shareId), terms);
      response.json({ id: String(request.params.shareId).toLowerCase(), ...terms });
    }),
  );

  router.delete(
    '/mdocs/documents/:id/shares/:shareId',
    write,
    route(async (request, response) => {
      const id = documentIdOf(request);
      const { client, principal } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      await revokeShare(ctx, client, principal, id, String(request.params.shareId));
      response.json({ id: String(request.params.shareId).toLowerCase() });
    }),
  );

  const list = (which: 'for-me' | 'by-me') =>
    route(async (request, response) => {
      const query = queryOf<ListQuery>(request, 'shares-list.query.json');
      const { client, principal } = callerOf(response, query.principal);
      await readYourWrites(ctx.deps);
      const now = ctx.now();
      const paging = pagingOf(query);
      if (which === 'for-me') {
        const { items, totalCount } = await sharesForMe(documents, principal, { ...query, paging }, now);
        await logPersonalDataAccess(ctx, client, principal, 'list the shares made for a principal', items.map(({ record }) => record));
        setPagination(response, paging, totalCount);
        response.json(items.map(({ share, record }) => sharedWithMe(share, record)));
      } else {
        const { items, totalCount } = await sharesByMe(documents, principal, { ...query, paging }, now);
        await logPersonalDataAccess(ctx, client, principal, 'list the shares a principal made', items.map(({ record }) => record));
        const view = await viewFor(documents, ctx.types, ctx.names, now, items.map(({ record }) => record));
        setPagination(response, paging, totalCount);
        response.json(items.map(({ record, shares }) => ({ ...documentDto(record, view), shares: shares.map(shareItem) })));
      }
    });
  router.get('/mdocs/shares/for-me', read, list('for-me'));
  router.get('/mdocs/shares/by-me', read, list('by-me'));

  /** An item of the shares made for the principal (the official client's ShareDetails). */
  const sharedWithMe = (share: ShareRecord, record: DocumentRecord) => ({
    id: share._id,
    documentId: record._id,
    folderId: record.folderId,
    name: record.name,
    number: record.number,
    permission: share.permission,
    type: record.type,
    size: record.size,
    createdOn: record.createdOn,
    createdBy: record.createdBy,
    createdByName: ctx.names.nameOf(record.createdBy),
    modifiedOn: record.modifiedOn,
    modifiedBy: record.modifiedBy,
    modifiedByName: ctx.names.nameOf(record.modifiedBy),
    sharedOn: share.sharedOn,
    sharedBy: share.sharedBy,
    sharedByName: ctx.names.nameOf(share.sharedBy),
    from: share.from,
    to: share.to,
  });

  router.post(
    '/mdocs/shares/reservations',
    write,
    route(async (request, response) => {
      const query = queryOf<{ principal?: string; generateAccessCode?: boolean }>(request, 'reservation.query.json');
      const { client, principal } = callerOf(response, query.principal);
      response.status(201).json(await reserveShare(ctx, client, principal, query.generateAccessCode ?? true));
    }),
  );
  return router;
}

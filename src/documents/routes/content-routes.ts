import { Router } from 'express';
import { readUnicodeJson } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { VersionNotFoundError } from '../document/errors';
import { requirePermission } from '../document/permission';
import type { Language } from '../document-type/definition';
import type { DocumentsContext } from '../handlers/context';
import { logPersonalDataAccess } from '../handlers/personal-data';
import { MAX_MESSAGE_BYTES } from '../handlers/upload-content';
import { addVersion, deleteVersions } from '../handlers/versions';
import { InvalidInputError } from '../invalid-input';
import { accessTo } from '../queries/access';
import { findVersion, listVersions } from '../queries/document-lists';
import { pagingOf, setPagination } from '../queries/paging';
import { DocumentsRights } from '../rights';
import { DOCUMENTS_SERVICE } from '../service';
import { sendContent, sendRendition } from './content-answer';
import { callerOf, documentIdOf, documentSchemas, queryOf } from './route-helpers';

const versionOf = (text: string) => {
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 32_767) throw new InvalidInputError('version', 'must be a version number from 1 to 32767');
  return Number(text);
};

/** A document's content and its versions: downloads (with Range), renditions, the version list, new and deleted versions. */
export function contentRoutes(ctx: DocumentsContext): Router {
  const router = Router();
  const read = requireRight(DOCUMENTS_SERVICE, DocumentsRights.read);
  const write = requireRight(DOCUMENTS_SERVICE, DocumentsRights.write);
  const { documents } = ctx.deps;

  type Client = ReturnType<typeof callerOf>['client'];

  /** The document the principal may read (its reading is logged by the caller once the answer is decided). */
  const readable = async (request: Parameters<typeof documentIdOf>[0], principal: string) => {
    const id = documentIdOf(request);
    await readYourWrites(ctx.deps);
    const access = await accessTo(documents, principal, id, ctx.now());
    requirePermission(id, { principal, permission: access.permission }, 'Read');
    return access.record;
  };
  /** Logs the reading of a person's document: only for an answer that shows it, never for a refusal. */
  const logRead = (client: Client, principal: string, action: string, record: Awaited<ReturnType<typeof readable>>) => () =>
    logPersonalDataAccess(ctx, client, principal, action, [record]);

  router.get(
    '/mdocs/documents/:id/blob',
    read,
    route(async (request, response) => {
      const query = queryOf<{ principal?: string; format?: 'pdf' | 'html'; language?: Language }>(request, 'blob-download.query.json', ['format', 'language']);
      const { client, principal } = callerOf(response, query.principal);
      const record = await readable(request, principal);
      if (!record.content) throw new InvalidInputError('id', 'is a folder: a folder has no content');
      const logged = logRead(client, principal, 'download a document', record);
      if (query.format) return sendRendition(ctx, response, record.content, record.type, query.format, query.language, logged);
      await sendContent(ctx, request, response, record.content, record.name, logged);
    }),
  );

  router.get(
    '/mdocs/documents/:id/versions',
    read,
    route(async (request, response) => {
      const query = queryOf<{ principal?: string; page?: number; itemsPerPage?: number }>(request, 'versions-list.query.json');
      const { client, principal } = callerOf(response, query.principal);
      const record = await readable(request, principal);
      const paging = pagingOf(query);
      const { items, totalCount } = await listVersions(documents, record._id, paging);
      await logRead(client, principal, 'list a document\'s versions', record)();
      setPagination(response, paging, totalCount);
      response.json(
        items.map((version) => ({ version: version.version, size: version.content.size, modifiedOn: version.modifiedOn, modifiedBy: version.modifiedBy, modifiedByName: ctx.names.nameOf(version.modifiedBy) })),
      );
    }),
  );

  router.get(
    '/mdocs/documents/:id/versions/:version/blob',
    read,
    route(async (request, response) => {
      const { client, principal } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      const number = versionOf(String(request.params.version));
      const record = await readable(request, principal);
      const version = await findVersion(documents, record._id, number);
      if (!version) throw new VersionNotFoundError(record._id, number);
      await sendContent(ctx, request, response, version.content, record.name, logRead(client, principal, 'download a document version', record));
    }),
  );

  router.post(
    '/mdocs/documents/:id/versions',
    write,
    route(async (request, response) => {
      const id = documentIdOf(request);
      const { client, principal } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      const body = documentSchemas().value<{ blobId: string }>('document-version.json', await readUnicodeJson(request, MAX_MESSAGE_BYTES), { membersInAnyCase: true });
      response.status(201).json({ id, version: await addVersion(ctx, client, principal, id, body.blobId) });
    }),
  );

  router.delete(
    '/mdocs/documents/:id/versions/:version',
    write,
    route(async (request, response) => {
      const id = documentIdOf(request);
      const query = queryOf<{ principal?: string; includingPrevious?: boolean }>(request, 'version-delete.query.json');
      const { client, principal } = callerOf(response, query.principal);
      const version = versionOf(String(request.params.version));
      await deleteVersions(ctx, client, principal, id, version, query.includingPrevious ?? false);
      response.json({ id, version });
    }),
  );
  return router;
}

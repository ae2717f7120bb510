import { Router, type Request } from 'express';
import { readUnicodeJson } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { DocumentTypeNotFoundError } from '../document-type/decider';
import { BUILT_IN_TYPES, type DocumentTypeDefinition } from '../document-type/definition';
import { toDocumentTypeStreamId } from '../document-type/stream';
import type { DocumentsContext } from '../handlers/context';
import { MAX_MESSAGE_BYTES } from '../handlers/upload-content';
import { InvalidInputError } from '../invalid-input';
import type { KnownType } from '../queries/document-types';
import { DocumentsRights } from '../rights';
import { DOCUMENTS_SERVICE } from '../service';
import { documentSchemas, queryOf } from './route-helpers';

type TypeBody = Partial<Omit<DocumentTypeDefinition, 'titles'>> & { code: string; titles: { ro: string; en?: string | null; ru?: string | null } };

/** A type as an administrator wrote it, with every member the body left out at its default. */
function definitionOf(body: TypeBody): DocumentTypeDefinition {
  return {
    code: body.code,
    titles: { ro: body.titles.ro, en: body.titles.en ?? null, ru: body.titles.ru ?? null },
    icon: body.icon ?? null,
    versioningEnabled: body.versioningEnabled ?? false,
    official: body.official ?? false,
    deleteOnExpiry: body.deleteOnExpiry ?? false,
    expiresAfterDays: body.expiresAfterDays ?? null,
    schema: body.schema ?? null,
    templates: body.templates ?? null,
  };
}

/** The administration's view of a type (section E): the whole definition. */
const adminView = ({ revision: _revision, ...definition }: KnownType) => definition;

/** The seed's DocumentType. */
const seedView = (type: KnownType) => ({
  code: type.code,
  title_Romanian: type.titles.ro,
  title_English: type.titles.en,
  title_Russian: type.titles.ru,
  versioningEnabled: type.versioningEnabled,
  icon: type.icon,
});

/** GET /mdocs/document-types/{code} (the seed), and the administration of types under /api/v1/document-types (section E). */
export function typeRoutes(ctx: DocumentsContext): Router {
  const router = Router();
  const read = requireRight(DOCUMENTS_SERVICE, DocumentsRights.read);
  const administer = requireRight(DOCUMENTS_SERVICE, DocumentsRights.types);
  const found = async (code: string) => {
    await readYourWrites(ctx.deps);
    const type = await ctx.types.find(code);
    if (!type) throw new DocumentTypeNotFoundError(code.slice(0, 50));
    return type;
  };
  const bodyOf = async (request: Request) => documentSchemas().value<TypeBody>('document-type.json', await readUnicodeJson(request, MAX_MESSAGE_BYTES), { membersInAnyCase: true });

  router.get('/mdocs/document-types/:code', read, route(async (request, response) => void response.json(seedView(await found(String(request.params.code))))));

  router.post(
    '/api/v1/document-types',
    administer,
    route(async (request, response) => {
      const definition = definitionOf(await bodyOf(request));
      const client = clientOf(response);
      await ctx.commands.types.handle(toDocumentTypeStreamId(definition.code), { type: 'DefineDocumentType', definition, clientId: client.id, at: ctx.now() }, client.id);
      response.status(201).location(`/api/v1/document-types/${encodeURIComponent(definition.code)}`).json(definition);
    }),
  );

  router.put(
    '/api/v1/document-types/:code',
    administer,
    route(async (request, response) => {
      const definition = definitionOf(await bodyOf(request));
      if (definition.code !== request.params.code) throw new InvalidInputError('code', 'must be the code of the path');
      const client = clientOf(response);
      await ctx.commands.types.handle(toDocumentTypeStreamId(definition.code), { type: 'ChangeDocumentType', definition, clientId: client.id, at: ctx.now() }, client.id);
      response.json(definition);
    }),
  );

  router.get('/api/v1/document-types/:code', read, route(async (request, response) => void response.json(adminView(await found(String(request.params.code))))));

  router.get(
    '/api/v1/document-types',
    read,
    route(async (request, response) => {
      const query = queryOf<{ cursor?: string; limit?: number }>(request, 'document-types-list.query.json');
      const limit = query.limit ?? 50;
      await readYourWrites(ctx.deps);
      const builtIn = Object.values(BUILT_IN_TYPES).map((type) => ({ ...type, revision: 'built-in' }));
      const defined = await ctx.types.page(query.cursor, limit + 1);
      const merged = [...builtIn.filter((type) => query.cursor === undefined || type.code > query.cursor), ...defined].sort((a, b) => (a.code < b.code ? -1 : 1));
      const items = merged.slice(0, limit);
      response.json({ items: items.map(adminView), nextCursor: merged.length > limit ? items[items.length - 1].code : '' });
    }),
  );
  return router;
}

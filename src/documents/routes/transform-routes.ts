import { Router } from 'express';
import { readUnicodeJson } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { requireRight } from '../../platform/http/service-auth';
import type { Language } from '../document-type/definition';
import type { DocumentsContext } from '../handlers/context';
import { MAX_MESSAGE_BYTES } from '../handlers/upload-content';
import { InvalidInputError } from '../invalid-input';
import { DocumentsRights } from '../rights';
import { DOCUMENTS_SERVICE } from '../service';
import { CONTENT_SAFETY_HEADERS, transformContent } from '../transform/transform';
import { callerOf, queryOf } from './route-helpers';

/** POST /mdocs/transform?documentTypeCode=&format=Pdf|Html&language=Ro|En|Ru: JSON content rendered by its type's template. */
export function transformRoutes(ctx: DocumentsContext): Router {
  const router = Router();
  router.post(
    '/mdocs/transform',
    requireRight(DOCUMENTS_SERVICE, DocumentsRights.read),
    route(async (request, response) => {
      const query = queryOf<{ documentTypeCode: string; format: 'pdf' | 'html'; language?: Language; principal?: string }>(request, 'transform.query.json', ['format', 'language']);
      callerOf(response, query.principal);
      const type = await ctx.types.find(query.documentTypeCode);
      if (!type) throw new InvalidInputError('documentTypeCode', `names no document type (${query.documentTypeCode})`);
      const content = await readUnicodeJson(request, MAX_MESSAGE_BYTES);
      const rendition = await transformContent(ctx, type, query.format, query.language, content);
      response.status(200).set({ ...CONTENT_SAFETY_HEADERS, 'content-type': rendition.contentType }).send(rendition.body);
    }),
  );
  return router;
}

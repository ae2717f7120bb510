import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import { route } from '../../platform/http/problem';
import { canonicalUuid } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { DocumentNotFoundError } from '../document/errors';
import { DocumentAccessDeniedError } from '../document/permission';
import type { DocumentsContext } from '../handlers/context';
import { logPersonalDataAccess } from '../handlers/personal-data';
import { heldTerms, isShown } from '../queries/access';
import { documentDto, viewFor } from '../queries/document-view';
import { findRecord, sharesOf } from '../queries/records';
import { DocumentsRights } from '../rights';
import { DOCUMENTS_SERVICE } from '../service';
import { isActive } from '../share/grant';
import { sendContent } from './content-answer';

const ACCESS_CODE_HEADER = 'x-access-code';

const sameHash = (code: string, sha256: string) => timingSafeEqual(createHash('sha256').update(code).digest(), Buffer.from(sha256, 'hex'));

/**
 * A reservation's link (fullLink): the document shared under the reservation's id, for whoever holds the
 * link and its access code (header X-Access-Code, never in the URL), while the share is in force.
 * Any client with the read right serves it to its user (a portal, a verifier).
 */
export function viewRoutes(ctx: DocumentsContext): Router {
  const router = Router();
  const { documents } = ctx.deps;

  const sharedDocument = async (request: Request) => {
    const id = canonicalUuid(String(request.params.id));
    if (!id) throw new DocumentNotFoundError(String(request.params.id).slice(0, 100));
    await readYourWrites(ctx.deps);
    const now = ctx.now();
    const share = await sharesOf(documents).findOne({ _id: id });
    const record = share?.reservationId ? await findRecord(documents, share.documentId) : null;
    if (!share || !record || !isShown(share.sharedFor, record, now)) throw new DocumentNotFoundError(id);
    const code = request.headers[ACCESS_CODE_HEADER];
    if (share.accessCodeSha256 && (typeof code !== 'string' || !/^\d{8}$/.test(code) || !sameHash(code, share.accessCodeSha256))) {
      throw new DocumentAccessDeniedError(record._id, 'Read', 'None');
    }
    // as far as the sharer's own grant still holds it (the share cascade ends it in the log a moment later)
    const held = await heldTerms(documents, share, record, now);
    if (!held || !isActive(held, now)) throw new DocumentAccessDeniedError(record._id, 'Read', 'None');
    // logged once the answer is decided, so that a refused download logs nothing
    const logView = () => logPersonalDataAccess(ctx, clientOf(request.res!), share.sharedFor, 'view a document by its link', [record]);
    return { record, logView };
  };

  router.get(
    '/mdocs/view/:id',
    requireRight(DOCUMENTS_SERVICE, DocumentsRights.read),
    route(async (request, response) => {
      const { record, logView } = await sharedDocument(request);
      const view = await viewFor(documents, ctx.types, ctx.names, ctx.now(), [record]);
      await logView();
      response.json(documentDto(record, view));
    }),
  );

  router.get(
    '/mdocs/view/:id/blob',
    requireRight(DOCUMENTS_SERVICE, DocumentsRights.read),
    route(async (request, response) => {
      const { record, logView } = await sharedDocument(request);
      if (!record.content) throw new DocumentNotFoundError(record._id, ': a folder has no content');
      await sendContent(ctx, request, response, record.content, record.name, logView);
    }),
  );
  return router;
}

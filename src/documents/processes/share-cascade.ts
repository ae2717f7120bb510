import type { StoredEvent } from '../../platform/event-store/event-store';
import { LogReactor } from '../../platform/processes/log-reactor';
import type { ServiceDeps } from '../../platform/service-module';
import { DOCUMENT_MOVED, type DocumentMoved } from '../document/events';
import type { DocumentsContext } from '../handlers/context';
import { PUBLIC_PRINCIPAL } from '../principals/principal';
import { sharesOnPath } from '../queries/access';
import { ancestorsOf, descendantsOf, findRecord, sharesOf } from '../queries/records';
import { sharerGrants, sharesInForce } from '../share/chain';
import { SHARE_CHANGED, SHARE_REVOKED, type ShareCause, type ShareChanged, type ShareRevoked } from '../share/events';
import { sameTerms } from '../share/grant';
import { toShareStreamId } from '../share/stream';
import { DOCUMENTS_SERVICE, DOCUMENTS_STREAMS } from '../service';
import type { DocumentRecord } from '../../../projections/documents/documents';
import { documentsProjections } from '../../../projections/documents';

/** How long the cascade waits for the read models to reach the event it handles before it tries again. */
const CATCH_UP_MS = 5_000;

/** the document store's own read models (another service's failing projection does not stall the cascade) */
const DOCUMENTS_PROJECTIONS = documentsProjections.map((projection) => projection.name);

/** The checkpoint's name (process_checkpoints): kept across versions. */
export const SHARE_CASCADE = 'documents-share-cascade';

/**
 * The share cascade: when a share is revoked or narrowed, or a document is moved (out from under a
 * shared folder), the shares that rested on the grant taken away follow. For each share on the document
 * and on everything under it made by the principal who lost the grant (by anyone, after a move or when
 * the grant was everyone's), the sharer's grants are evaluated again by their chain back to the owner
 * (sharesInForce): a share they still cover stays; one they cover in part is narrowed (share.changed);
 * one they do not cover at all is revoked (share.revoked); both name the cause. The store appends those
 * events as itself (client `documents`), and handles them in turn, so the shares their holders made
 * follow: the cascade is transitive one link per event. Re-deciding an event after a restart appends
 * nothing (ConfineShare leaves a share ended or covered already as it is).
 */
export function shareCascade(ctx: DocumentsContext, deps: ServiceDeps): LogReactor {
  return new LogReactor(SHARE_CASCADE, deps, { streamPrefix: DOCUMENTS_STREAMS, types: [SHARE_REVOKED, SHARE_CHANGED, DOCUMENT_MOVED] }, (event) => confineAfter(ctx, event));
}

/** Waits until the read models hold the event (they may be further on: the cascade decides on what holds now). */
async function caughtUp(ctx: DocumentsContext, position: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the read models did not reach position ${position} in ${CATCH_UP_MS} ms`)), CATCH_UP_MS);
  });
  try {
    await Promise.race([ctx.deps.projections.waitFor(position, DOCUMENTS_PROJECTIONS), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function confineAfter(ctx: DocumentsContext, stored: StoredEvent): Promise<void> {
  const { type, id } = stored.event;
  let cause: ShareCause;
  let by: string;
  /** whose shares may have lost their ground: the share's holder, or anyone's (null) */
  let sharer: string | null;
  if (type === DOCUMENT_MOVED) {
    const data = stored.event.data as DocumentMoved['data'];
    cause = { eventId: id, type, shareId: null, documentId: data.documentId };
    by = data.by;
    sharer = null;
  } else {
    const data = stored.event.data as ShareRevoked['data'] | ShareChanged['data'];
    cause = { eventId: id, type, shareId: data.shareId, documentId: data.documentId };
    by = data.by;
    const { state } = await ctx.commands.shares.load(toShareStreamId(data.shareId));
    sharer = !state.sharedFor || state.sharedFor === PUBLIC_PRINCIPAL ? null : state.sharedFor;
  }
  await caughtUp(ctx, stored.position);
  const store = ctx.deps.documents;
  const under = (await descendantsOf(store, cause.documentId)).map((record) => record._id);
  const candidates = await sharesOf(store).find({ documentId: { $in: [cause.documentId, ...under] }, ...(sharer ? { sharedBy: sharer } : {}) });
  const paths = new Map<string, DocumentRecord[]>();
  for (const share of candidates) {
    const at = ctx.now();
    let path = paths.get(share.documentId);
    if (!path) {
      const record = await findRecord(store, share.documentId);
      if (!record) continue;
      path = [...(await ancestorsOf(store, record)), record];
      paths.set(share.documentId, path);
    }
    const onPath = await sharesOnPath(store, path[path.length - 1]);
    const inForce = sharesInForce(path, onPath, at);
    const held = inForce.get(share._id);
    if (held && sameTerms(held, share)) continue;
    const grants = sharerGrants(path, onPath, inForce, share.sharedBy, share.documentId);
    await ctx.commands.shares.handle(toShareStreamId(share._id), { type: 'ConfineShare', shareId: share._id, by, sharerGrants: grants, cause, clientId: DOCUMENTS_SERVICE, at }, DOCUMENTS_SERVICE);
  }
}

import { Router } from 'express';
import { documentsProjections } from '../../projections/documents';
import type { LogReactor } from '../platform/processes/log-reactor';
import { Scheduler } from '../platform/processes/scheduler';
import type { ServiceDeps, ServiceModule } from '../platform/service-module';
import { documentsAggregates } from './aggregates';
import { documentsApi } from './api';
import { seedDocumentsDemo } from './demo/demo-data';
import { documentsContext, type DocumentsContext } from './handlers/context';
import { Uploads } from './handlers/uploads';
import { toProblem } from './problems';
import { documentNotices } from './processes/notices';
import { shareCascade } from './processes/share-cascade';
import { sweep } from './processes/sweeps';
import { blobRoutes } from './routes/blob-routes';
import { contentRoutes } from './routes/content-routes';
import { documentRoutes } from './routes/document-routes';
import { principalRoutes } from './routes/principal-routes';
import { recycleBinRoutes } from './routes/recycle-bin-routes';
import { shareRoutes } from './routes/share-routes';
import { transformRoutes } from './routes/transform-routes';
import { typeRoutes } from './routes/type-routes';
import { viewRoutes } from './routes/view-routes';
import { DOCUMENTS_SERVICE } from './service';
import { documentsSettings, type DocumentsSettings } from './settings';

/**
 * The document store (MDocs, seed 002 section C): documents and folders of principals, blobs uploaded
 * whole or in parts, versions, shares and reservations, the recycle bin, document types with schemas
 * and templates (transform to PDF and HTML), each principal's quota. Rights (registry
 * "rights.documents"): rights.ts. `overrides` replace settings read from the environment (tests).
 */
export function createDocumentsModule(overrides: Partial<DocumentsSettings> = {}): ServiceModule & { sweepNow(): Promise<void>; shareCascadeIdle(): Promise<void> } {
  let running: { ctx: DocumentsContext; uploads: Uploads; scheduler: Scheduler; cascade: LogReactor } | undefined;
  const contextOf = (deps: ServiceDeps) => {
    if (!running) {
      const ctx = documentsContext(deps, { ...documentsSettings(process.env, deps.config.publicUrl), ...overrides });
      const uploads = new Uploads(ctx);
      running = {
        ctx,
        uploads,
        scheduler: new Scheduler('documents-sweep', () => sweep(ctx, uploads, deps.logger), { intervalMs: ctx.settings.sweepIntervalMs, logger: deps.logger }),
        cascade: shareCascade(ctx, deps),
      };
    }
    return running;
  };
  return {
    name: DOCUMENTS_SERVICE,
    pathPrefixes: ['/mdocs', '/api/v1/document-types', '/api/v1/principal-quotas'],
    api: documentsApi,
    projections: documentsProjections,
    aggregates: documentsAggregates,
    problems: toProblem,
    notices: [documentNotices],
    async start(deps) {
      await contextOf(deps).scheduler.start();
      await contextOf(deps).cascade.start();
    },
    async stop() {
      await running?.cascade.stop();
      await running?.scheduler.stop();
      running = undefined;
    },
    routes(deps) {
      const { ctx, uploads } = contextOf(deps);
      return Router().use(
        blobRoutes(ctx, uploads),
        transformRoutes(ctx),
        documentRoutes(ctx),
        contentRoutes(ctx),
        shareRoutes(ctx),
        recycleBinRoutes(ctx),
        typeRoutes(ctx),
        principalRoutes(ctx),
        viewRoutes(ctx),
      );
    },
    async seedDevelopmentData(deps) {
      await seedDocumentsDemo(contextOf(deps).ctx);
    },
    /** one sweep now, on the running platform (tests move the clock, then sweep) */
    async sweepNow() {
      await running?.scheduler.runNow();
    },
    /** resolves once the share cascade has handled what was appended before its pass under way */
    async shareCascadeIdle() {
      await running?.cascade.idle();
    },
  };
}

import { Router } from 'express';
import { conflict, notFound } from '../../platform/errors';
import { clientOf } from '../../platform/http/service-auth';
import type { Projection } from '../../platform/projections/projection';
import type { ServiceDeps } from '../../platform/service-module';
import { RebuildUnderWayError, type ProjectionRebuilds, type Rebuild } from '../processes/projection-rebuilds';
import { PROJECTIONS_PATH } from '../service';
import { requirePage } from './page-access';

/**
 * Operations on the read-model projections of this bridge: where each stands, and a rebuild from the log
 * while the platform runs (202, then its progress at the Location given). Right `operations: projections`.
 */
export function projectionRoutes(deps: ServiceDeps, projections: readonly Projection[], rebuilds: ProjectionRebuilds): Router {
  const router = Router();
  router.use(PROJECTIONS_PATH, requirePage('projections'));
  const known = (name: string) => {
    if (!projections.some((projection) => projection.name === name)) throw notFound(`no projection named ${name}`);
    return name;
  };

  router.get(PROJECTIONS_PATH, async (_request, response) => {
    const head = await deps.events.headPosition();
    const stalled = new Map(deps.projections.stalledProjections().map((entry) => [entry.projection, entry.seconds]));
    const latest = rebuilds.latest();
    const positions = new Map(deps.projections.appliedPositions().map((entry) => [entry.projection, entry.position]));
    response.json({
      logHead: String(head),
      items: projections.map(({ name, version }) => ({
        name,
        version: version ?? 1,
        position: positions.has(name) ? String(Math.min(positions.get(name)!, head)) : null,
        rebuilding: deps.projections.isRebuilding(name),
        stalledSeconds: stalled.get(name) ?? null,
        lastRebuild: latest.has(name) ? rebuildView(latest.get(name)!) : null,
      })),
    });
  });

  router.post(`${PROJECTIONS_PATH}/:name/rebuilds`, (request, response) => {
    const name = known(String(request.params.name));
    let rebuild: Rebuild;
    try {
      rebuild = rebuilds.start(name, clientOf(response).id);
    } catch (error) {
      throw error instanceof RebuildUnderWayError ? conflict(error.message) : error;
    }
    response.status(202).location(`${PROJECTIONS_PATH}/${encodeURIComponent(name)}/rebuilds/${rebuild.id}`).json(rebuildView(rebuild));
  });

  router.get(`${PROJECTIONS_PATH}/:name/rebuilds/:rebuildId`, (request, response) => {
    const rebuild = rebuilds.get(known(String(request.params.name)), String(request.params.rebuildId));
    if (!rebuild) throw notFound(`no rebuild ${request.params.rebuildId} of projection ${request.params.name} on this bridge`);
    response.json(rebuildView(rebuild));
  });
  return router;
}

function rebuildView(rebuild: Rebuild) {
  const { position, head, ...rest } = rebuild;
  const progress = rebuild.state === 'done' ? 1 : head > 0 ? Math.min(1, position / head) : 0;
  return { ...rest, position: String(position), head: String(head), progress };
}

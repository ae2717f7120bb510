import type { RequestHandler } from 'express';
import { ProblemError, emptyFieldErrors } from '../errors';
import type { Logger } from '../logger';
import type { Stores } from '../storage';
import { traceIdOf } from './problem';

export const HEALTH_PATH = '/api/v1/health';
const CHECK_TIMEOUT_MS = 2_000;

type Check = { name: string; failure: string; run: () => Promise<unknown> };

/**
 * GET /api/v1/health: whether this bridge can serve, for a load balancer in front of several bridges or
 * an orchestrator's probe. 200 when the event log can take appends and the read models answer; 503 with
 * problem details naming the failed checks otherwise. No client certificate is needed (a probe seldom has
 * one), so the answer shows nothing internal: the reasons are logged with the 503's trace id.
 * A projection that cannot apply the log makes the answer `warn`, still 200: its cause is in an event or
 * the code, which every bridge shares, so taking this bridge out of service would help nothing. Which one
 * and since when is in the metrics and the log.
 */
export function healthRoute(deps: { stores: Stores; projections: { stalledProjections(): unknown[] }; bridgeId: string; logger: Logger }): RequestHandler {
  const checks: Check[] = [
    { name: 'eventLog', failure: 'cannot store events now', run: () => deps.stores.events.checkHealth() },
    // a lookup by key in a collection every profile has: the read-model store answers
    { name: 'readModels', failure: 'do not answer', run: () => deps.stores.documents.collection('projection_checkpoints').findOne({ _id: 'health-probe' }) },
  ];
  return (_request, response, next) => {
    Promise.all(checks.map((check) => failureOf(check.run)))
      .then((failures) => {
        response.setHeader('cache-control', 'no-store');
        const failed = checks.flatMap((check, index) => (failures[index] === null ? [] : [{ check, reason: failures[index] }]));
        if (failed.length === 0) {
          const projections = deps.projections.stalledProjections().length > 0 ? 'warn' : 'pass';
          const passed = Object.fromEntries(checks.map((check) => [check.name, 'pass']));
          response.status(200).json({ status: projections, bridge: deps.bridgeId, checks: { ...passed, projections } });
          return;
        }
        const reasons = Object.fromEntries(failed.map(({ check, reason }) => [check.name, reason]));
        deps.logger.warn({ traceId: traceIdOf(response), bridge: deps.bridgeId, failed: reasons }, 'health check failed');
        const errors = emptyFieldErrors();
        for (const { check } of failed) errors[check.name] = [check.failure];
        next(new ProblemError(503, 'Service Unavailable', `this bridge cannot serve now: ${failed.map(({ check }) => check.name).join(', ')}`, errors));
      })
      .catch(next);
  };
}

/** Why a check failed (its error's message, or that it did not answer in time), or null when it passed. */
async function failureOf(run: () => Promise<unknown>): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run().then(() => null), timeout]);
  } catch (error) {
    return (error as Error).message;
  } finally {
    clearTimeout(timer);
  }
}

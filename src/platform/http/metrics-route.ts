import type { RequestHandler } from 'express';
import { exposition, type MetricFamily } from '../metrics';
import { route } from './problem';

export const METRICS_PATH = '/api/v1/metrics';

/** Something that reports metric families when a scrape asks. */
export type MetricsSource = () => MetricFamily[] | Promise<MetricFamily[]>;

/**
 * GET /api/v1/metrics: this bridge's metrics for Prometheus. The caller needs a client certificate with
 * the registry right `operations: metrics` (checked before this handler): the figures name clients and
 * their consumer groups.
 */
export function metricsRoute(sources: MetricsSource[]): RequestHandler {
  return route(async (_request, response) => {
    const families = (await Promise.all(sources.map((source) => source()))).flat();
    response.setHeader('cache-control', 'no-store');
    response.type('text/plain; version=0.0.4; charset=utf-8').send(exposition(families));
  });
}

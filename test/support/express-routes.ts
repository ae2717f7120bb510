import type { Router } from 'express';

/** A route as the OpenAPI document names it: lower-case method, path template with {parameters}. */
export type RouteKey = { method: string; path: string };

type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: Layer[] }; rawPath?: unknown };

/**
 * Every route of an Express router and the routers mounted in it, walked through their layer stacks:
 * `router.get('/query/:uid')` is { method: 'get', path: '/query/{uid}' }. Middleware that is not a router
 * (rights checks, error handlers) has no route.
 */
export function routesOf(router: Router, prefix = ''): RouteKey[] {
  const routes: RouteKey[] = [];
  for (const layer of (router as unknown as { stack: Layer[] }).stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((method) => method !== '_all');
      for (const path of [layer.route.path].flat()) for (const method of methods) routes.push({ method, path: openApiTemplate(prefix + path) });
    } else if (layer.handle?.stack) {
      const mountedAt = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      routes.push(...routesOf(layer.handle as unknown as Router, prefix + mountedAt));
    }
  }
  return routes;
}

/** '/:bridge/ce/consumers/:group' → '/{bridge}/ce/consumers/{group}' */
export function openApiTemplate(expressPath: string): string {
  return expressPath.replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}');
}

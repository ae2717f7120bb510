import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router } from 'express';
import { serviceUnavailable } from '../../platform/errors';
import { projectRoot } from '../../platform/project-paths';
import { CONSOLE_PAGES_PATH } from '../service';

/** Where `npm run build:console` (run by npm ci and npm install) puts the bundle. */
export const CONSOLE_BUNDLE_DIR = join(projectRoot, 'dist', 'console');

/**
 * The console's pages: the bundle built from src/console/web, served as files. Nothing is fetched from
 * elsewhere, and the Content-Security-Policy says so to the browser. Any identified client gets the
 * pages; what each page shows needs its right (rights.ts).
 */
export function pageRoutes(bundleDir = CONSOLE_BUNDLE_DIR): Router {
  // strict: /console is redirected to /console/, which serves index.html
  const router = Router({ strict: true });
  router.use(CONSOLE_PAGES_PATH, (_request, response, next) => {
    response.set({
      'content-security-policy': "default-src 'self'; img-src 'self' data:; style-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    if (!existsSync(join(bundleDir, 'index.html'))) return next(serviceUnavailable('the console is not built: run npm run build:console (npm ci and npm install run it)', 60_000));
    next();
  });
  router.get(CONSOLE_PAGES_PATH, (request, response) => response.redirect(301, `${CONSOLE_PAGES_PATH}/`));
  router.use(CONSOLE_PAGES_PATH, express.static(bundleDir, { index: 'index.html', redirect: false, maxAge: 0 }));
  return router;
}

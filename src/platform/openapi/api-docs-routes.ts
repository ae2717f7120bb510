import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router, type RequestHandler } from 'express';
import { notFound } from '../errors';
import { API_DOCS_ASSETS_PATH, API_DOCS_PATH, ASYNCAPI_PATH, OPENAPI_PATH } from './api-docs-paths';

export type ApiDocuments = { openapi(): object; asyncapi(): object };

/** The viewer's own start script: Swagger UI on the platform's document, with no call to any other site. */
const VIEWER_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '${OPENAPI_PATH}',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  displayOperationId: true,
  defaultModelsExpandDepth: 0,
  docExpansion: 'none',
  filter: true,
});
`;

const VIEWER_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>eGov integration platform: API</title>
<link rel="icon" type="image/png" href="${API_DOCS_ASSETS_PATH}/favicon-32x32.png">
<link rel="stylesheet" href="${API_DOCS_ASSETS_PATH}/swagger-ui.css">
</head>
<body>
<p style="font-family: sans-serif; margin: 1em 2em">Events: <a href="${ASYNCAPI_PATH}">the AsyncAPI document</a></p>
<div id="swagger-ui"></div>
<script src="${API_DOCS_ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_ASSETS_PATH}/viewer.js"></script>
</body>
</html>
`;

/** Only the platform itself: Swagger UI's inline styles, and the images it draws from data: URLs. */
const VIEWER_CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

type Asset = { type: string; body: () => Buffer };

/**
 * GET /api/v1/openapi.json, /api/v1/asyncapi.json and the viewer at /api/v1/docs, whose Swagger UI files
 * come from the swagger-ui-dist package: nothing is fetched from elsewhere. The documents are built at the
 * first request and kept (what a running bridge serves does not change). The caller is identified first.
 */
export function apiDocsRoutes(documents: ApiDocuments, identify: RequestHandler): Router {
  const router = Router();
  const kept = new Map<string, string>();
  const json = (name: keyof ApiDocuments) => {
    if (!kept.has(name)) kept.set(name, JSON.stringify(documents[name]()));
    return kept.get(name)!;
  };
  const assets = viewerAssets();

  router.get(OPENAPI_PATH, identify, (_request, response) => void response.type('application/json').send(json('openapi')));
  router.get(ASYNCAPI_PATH, identify, (_request, response) => void response.type('application/json').send(json('asyncapi')));
  router.get(API_DOCS_PATH, identify, (_request, response) => {
    response.set({ 'content-security-policy': VIEWER_CSP, 'x-content-type-options': 'nosniff' }).type('text/html').send(VIEWER_PAGE);
  });
  router.get(`${API_DOCS_ASSETS_PATH}/:asset`, identify, (request, response) => {
    const asset = assets.get(request.params.asset as string);
    if (!asset) throw notFound(`no viewer file ${request.params.asset}`);
    response.set({ 'cache-control': 'max-age=3600', 'x-content-type-options': 'nosniff' }).type(asset.type).send(asset.body());
  });
  return router;
}

/** The files the page loads, read from the package once, when first asked for. */
function viewerAssets(): Map<string, Asset> {
  const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const file = (name: string, type: string): Asset => {
    let body: Buffer | undefined;
    return { type, body: () => (body ??= readFileSync(join(dir, name))) };
  };
  return new Map([
    ['swagger-ui.css', file('swagger-ui.css', 'text/css')],
    ['swagger-ui-bundle.js', file('swagger-ui-bundle.js', 'application/javascript')],
    ['favicon-32x32.png', file('favicon-32x32.png', 'image/png')],
    ['viewer.js', { type: 'application/javascript', body: () => Buffer.from(VIEWER_SCRIPT) }],
  ]);
}

import { HEALTH_PATH } from './http/health-route';
import { METRICS_PATH } from './http/metrics-route';
import { pathParameter, type ServiceApi } from './openapi/api-description';
import { API_DOCS_ASSETS_PATH, API_DOCS_PATH, ASYNCAPI_PATH, OPENAPI_PATH } from './openapi/api-docs-paths';

const DESCRIPTION_READER = 'identified' as const;

/** The platform's own endpoints: health and metrics for operators, and the API descriptions themselves. */
export const operationsApi: ServiceApi = {
  tag: 'operations',
  description: "The platform's own endpoints: this bridge's health for load balancers, its metrics for Prometheus, and the descriptions of its APIs and events.",
  operations: [
    {
      method: 'get',
      path: HEALTH_PATH,
      operationId: 'getHealth',
      summary: 'Whether this bridge can serve',
      description: 'For a load balancer or an orchestrator: 200 when the event log takes appends and the read models answer; 503 naming the failed checks otherwise (the reasons are logged under its traceId).',
      access: 'anyone',
      responses: { 200: { description: 'The bridge can serve.', schema: 'platform/health.response.json' } },
      problems: { 503: 'The bridge cannot serve now: `errors` names the failed checks (eventLog, readModels).' },
    },
    {
      method: 'get',
      path: METRICS_PATH,
      operationId: 'getMetrics',
      summary: "This bridge's metrics",
      description: 'The Prometheus text exposition: produce requests by status and their time to 202, consumer instances, how far each consumer group and projection has come, the services\' own figures.',
      access: { service: 'operations', right: 'metrics' },
      responses: { 200: { description: 'The metrics.', schema: { type: 'string' }, contentType: 'text/plain; version=0.0.4' } },
      problems: {},
    },
    {
      method: 'get',
      path: OPENAPI_PATH,
      operationId: 'getOpenApi',
      summary: 'This document',
      description: 'The OpenAPI 3.1 description of every HTTP API on this bridge, generated from the services\' descriptions and the JSON Schemas their routes validate with.',
      access: DESCRIPTION_READER,
      responses: { 200: { description: 'The OpenAPI document.', schema: { type: 'object' } } },
      problems: {},
    },
    {
      method: 'get',
      path: ASYNCAPI_PATH,
      operationId: 'getAsyncApi',
      summary: 'The event types, as AsyncAPI',
      description: "The AsyncAPI 3.0 description of the exchange's channels (WebSocket, long polling, produce) and of every event type the services append or the catalogue holds, with its payload schema.",
      access: DESCRIPTION_READER,
      responses: { 200: { description: 'The AsyncAPI document.', schema: { type: 'object' } } },
      problems: {},
    },
    {
      method: 'get',
      path: API_DOCS_PATH,
      operationId: 'getApiViewer',
      summary: 'The API viewer',
      description: 'This document in a browser (Swagger UI, served by the platform itself). The browser presents a client certificate of the registry.',
      access: DESCRIPTION_READER,
      responses: { 200: { description: 'The viewer page.', schema: { type: 'string' }, contentType: 'text/html' } },
      problems: {},
    },
    {
      method: 'get',
      path: `${API_DOCS_ASSETS_PATH}/{asset}`,
      operationId: 'getApiViewerAsset',
      summary: "The viewer's scripts and styles",
      description: "The files the viewer page loads (Swagger UI's bundle and style sheet, its start script).",
      access: DESCRIPTION_READER,
      parameters: [pathParameter('asset', 'The file.')],
      responses: { 200: { description: 'The file: JavaScript, a style sheet or an image.', schema: { type: 'string' }, contentType: '*/*' } },
      problems: { 404: 'No such file.' },
    },
  ],
};

/** Where the platform serves the descriptions of its APIs and its viewer. */
export const OPENAPI_PATH = '/api/v1/openapi.json';
export const ASYNCAPI_PATH = '/api/v1/asyncapi.json';
export const API_DOCS_PATH = '/api/v1/docs';
export const API_DOCS_ASSETS_PATH = '/api/v1/docs/assets';

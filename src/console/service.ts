/** The console's name (its problems and log lines), where its pages and its API live. */
export const CONSOLE_SERVICE = 'console';
/** the web pages: the bundle built from src/console/web */
export const CONSOLE_PAGES_PATH = '/console';
export const CONSOLE_API_PATH = '/api/v1/console';
/** the operations endpoint: read-model projections, their positions and rebuilds */
export const PROJECTIONS_PATH = '/api/v1/projections';

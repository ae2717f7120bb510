import type { ServiceModule } from '../platform/service-module';
import { auditRoutes } from './audit-routes';

/** Read access to the log for auditors (right `audit: read`). It keeps no state of its own. */
export const auditModule: ServiceModule = {
  name: 'audit',
  pathPrefixes: ['/api/v1/audit'],
  projections: [],
  routes: auditRoutes,
};

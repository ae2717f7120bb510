import type { ServiceModule } from '../platform/service-module';
import { auditApi } from './api';
import { auditRoutes } from './routes/audit-routes';
import { AUDIT_SERVICE } from './service';

/** Read access to the log for auditors (rights.ts). It keeps no state of its own. */
export function createAuditModule(): ServiceModule {
  return {
    name: AUDIT_SERVICE,
    pathPrefixes: ['/api/v1/audit'],
    projections: [],
    routes: auditRoutes,
    api: auditApi,
  };
}

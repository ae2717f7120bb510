import { createAuditModule } from './audit/module';
import { createBookingModule } from './booking/module';
import { createDocumentsModule } from './documents/module';
import { createEventLogModule } from './eventlog/module';
import { createNotificationModule } from './notification/module';
import type { ServiceModule } from './platform/service-module';

/**
 * The services mounted on the platform, besides the exchange, made fresh for each platform started. Each
 * lives in src/<service>/ and is made by the factory its module.ts exports (docs/adding-a-service.md).
 */
export function createServiceModules(): ServiceModule[] {
  return [createAuditModule(), createEventLogModule(), createNotificationModule(), createBookingModule(), createDocumentsModule()];
}

import { createAuditModule } from './audit/module';
import { createBookingModule } from './booking/module';
import { createDocumentsModule } from './documents/module';
import { createConsoleModule } from './console/module';
import { createDeliveryModule } from './delivery/module';
import { createEventLogModule } from './eventlog/module';
import { createNotificationModule } from './notification/module';
import { createPetitionsModule } from './petitions/module';
import type { ServiceModule } from './platform/service-module';
import { createRepresentationModule } from './representation/module';

/**
 * The services mounted on the platform, besides the exchange, made fresh for each platform started. Each
 * lives in src/<service>/ and is made by the factory its module.ts exports (docs/adding-a-service.md).
 * The console shows the others: their aggregates, projections and what they logged.
 */
export function createServiceModules(): ServiceModule[] {
  const services = [
    createAuditModule(),
    createEventLogModule(),
    createNotificationModule(),
    createBookingModule(),
    createPetitionsModule(),
    createDeliveryModule(),
    createRepresentationModule(),
    createDocumentsModule(),
  ];
  return [...services, createConsoleModule(() => services)];
}

import { auditModule } from './audit/audit-module';
import { bookingModule } from './booking/booking-module';
import { eventLogModule } from './eventlog/eventlog-module';
import { notificationModule } from './notification/notification-module';
import type { ServiceModule } from './platform/service-module';

/** The services mounted on the platform, besides the exchange. Each lives in src/<service>/. */
export const serviceModules: ServiceModule[] = [auditModule, eventLogModule, notificationModule, bookingModule];

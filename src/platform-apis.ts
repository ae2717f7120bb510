import { exchangeApi } from './exchange/api';
import type { ServiceApi } from './platform/openapi/api-description';
import { operationsApi } from './platform/operations-api';
import type { ServiceModule } from './platform/service-module';

/** The APIs a platform with these services serves, in the order of the OpenAPI document's tags. */
export function platformApis(services: readonly ServiceModule[]): ServiceApi[] {
  return [operationsApi, exchangeApi, ...services.flatMap((service) => (service.api ? [service.api] : []))];
}

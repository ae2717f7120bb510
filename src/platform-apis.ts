import type { EventSchemas } from './exchange/event-schemas';
import { exchangeApi } from './exchange/api';
import type { ServiceApi } from './platform/openapi/api-description';
import { buildAsyncApi } from './platform/openapi/asyncapi-document';
import { buildOpenApi, type OpenApiDocument } from './platform/openapi/openapi-document';
import { operationsApi } from './platform/operations-api';
import { readProjectJson } from './platform/project-paths';
import type { ServiceModule } from './platform/service-module';

/** The APIs a platform with these services serves, in the order of the OpenAPI document's tags. */
export function platformApis(services: readonly ServiceModule[]): ServiceApi[] {
  return [operationsApi, exchangeApi, ...services.flatMap((service) => (service.api ? [service.api] : []))];
}

/** The documents a platform with these services and this event catalogue serves where clients reach it (read when built: a port 0 is known once listening). */
export function apiDocuments(services: readonly ServiceModule[], catalogue: EventSchemas, publicUrl: () => string) {
  const version = readProjectJson<{ version: string }>('package.json').version;
  return {
    openapi: (): OpenApiDocument => buildOpenApi({ apis: platformApis(services), publicUrl: publicUrl(), version }),
    asyncapi: () => buildAsyncApi({ catalogue, publicUrl: publicUrl(), version }),
  };
}

import type { ServiceDeps, ServiceModule } from '../platform/service-module';
import { logEntriesProjection } from '../../projections/eventlog/log-entries-projection';
import { personalDataProjection } from '../../projections/eventlog/personal-data-projection';
import { EventRegistrar } from './event-registrar';
import { eventLogRoutes } from './eventlog-routes';
import { ExchangePersonalDataLog } from './exchange-personal-data';
import { SigningKeys } from './signing-keys';

/**
 * The event-logging (audit) service: registration of signed and unsigned events, search by UID and
 * by time range, the personal-data index, and personal-data logging of exchange deliveries.
 * Rights (registry "rights.eventlog"): register, query, personal-data.
 */
export function createEventLogModule(): ServiceModule {
  let personalData: ExchangePersonalDataLog | undefined;
  return {
    name: 'eventlog',
    pathPrefixes: ['/register', '/query', '/api/v1/personal-data-accesses'],
    projections: [logEntriesProjection, personalDataProjection],
    async start(deps: ServiceDeps) {
      personalData = new ExchangePersonalDataLog(deps.events, deps.registry, deps.clock);
    },
    async stop() {
      personalData = undefined;
    },
    routes(deps: ServiceDeps) {
      const registrar = new EventRegistrar(deps.events, new SigningKeys(deps.events, deps.clock), deps.clock);
      return eventLogRoutes(deps, registrar);
    },
    onExchangeDelivery(clientId, deliveries) {
      return personalData?.logDeliveries(clientId, deliveries);
    },
  };
}

export const eventLogModule = createEventLogModule();

import { Router } from 'express';
import { eventLogProjections } from '../../projections/eventlog';
import type { ServiceDeps, ServiceModule } from '../platform/service-module';
import { EventRegistrar } from './handlers/event-registrar';
import type { LogFields } from './registration/log-event-rules';
import { SigningKeys } from './handlers/signing-keys';
import { ExchangePersonalDataLog } from './processes/exchange-personal-data';
import { toProblem } from './problems';
import { personalDataRoutes } from './routes/personal-data-routes';
import { queryRoutes } from './routes/query-routes';
import { registerRoutes } from './routes/register-routes';
import { EVENTLOG_SERVICE } from './service';
import { eventLogAggregates } from './aggregates';

/**
 * The event-logging (audit) service: registration of signed and unsigned events, search by UID and
 * by time range, the personal-data index, and personal-data logging of exchange deliveries.
 * Rights (registry "rights.eventlog"): rights.ts.
 */
export function createEventLogModule(): ServiceModule {
  let personalData: ExchangePersonalDataLog | undefined;
  return {
    name: EVENTLOG_SERVICE,
    pathPrefixes: ['/register', '/query', '/api/v1/personal-data-accesses'],
    projections: eventLogProjections,
    aggregates: eventLogAggregates,
    problems: toProblem,
    async start(deps: ServiceDeps) {
      personalData = new ExchangePersonalDataLog(deps.events, deps.registry, deps.clock);
    },
    async stop() {
      personalData = undefined;
    },
    routes(deps: ServiceDeps) {
      const registrar = new EventRegistrar(deps.events, new SigningKeys(deps.events, deps.clock), deps.clock);
      return Router().use(registerRoutes(deps, registrar), queryRoutes(deps, registrar), personalDataRoutes(deps, registrar));
    },
    legalEventLog(deps) {
      const registrar = new EventRegistrar(deps.events, new SigningKeys(deps.events, deps.clock), deps.clock);
      return {
        async register(author, events, origin) {
          await registrar.register(author, events.map((fields) => ({ fields: fields as LogFields })), [], origin);
        },
      };
    },
    onExchangeDelivery(clientId, deliveries) {
      return personalData?.logDeliveries(clientId, deliveries);
    },
  };
}

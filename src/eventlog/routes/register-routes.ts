import { Router } from 'express';
import { readUtf8Text } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import type { ServiceDeps } from '../../platform/service-module';
import type { EventRegistrar } from '../handlers/event-registrar';
import { presentedCertificate } from '../handlers/signing-keys';
import { EventLogRights } from '../rights';
import { EVENTLOG_SERVICE } from '../service';
import { okStatus } from './answers';

/** Seed: the whole message at most 256 KB (413 above). */
export const MAX_MESSAGE_BYTES = 256 * 1024;

/** POST /register (the platform's public guide): one event or a batch, signed, unsigned or mixed. */
export function registerRoutes(deps: ServiceDeps, registrar: EventRegistrar): Router {
  const router = Router();
  router.post(
    '/register',
    requireRight(EVENTLOG_SERVICE, EventLogRights.register),
    route(async (request, response) => {
      const body = await readUtf8Text(request, MAX_MESSAGE_BYTES);
      let presented: ReturnType<typeof presentedCertificate> | null = null;
      const certificate = () => (presented === null ? (presented = presentedCertificate(request)) : presented);
      const registration = await registrar.registerBody(body, clientOf(response), certificate);
      response.json({ ...okStatus(deps.clock), UID: registration.uid });
    }),
  );
  return router;
}

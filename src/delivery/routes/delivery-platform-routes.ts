import { Router, type Request, type Response } from 'express';
import { route } from '../../platform/http/problem';
import { singleValuedQuery } from '../../platform/http/query';
import { readJson } from '../../platform/http/read-body';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf } from '../../platform/http/service-auth';
import type { ServiceDeps } from '../../platform/service-module';
import type { ChangesFeed } from '../handlers/changes-feed';
import type { OrderCommands } from '../handlers/order-commands';
import { logReceiverDataRead } from '../handlers/receiver-data-access';
import { pushSetter, readStatus } from '../order/statuses';
import { orderDetailsView } from '../queries/order-views';
import { checkActsFor } from '../rights';
import { DELIVERY_SERVICE } from '../service';
import { carrierOf, STATUS_BODY_LIMIT, type StatusUpdateInput } from './input';
import { identifierParam } from './path-ids';

const SERVICE = '/api/v1/delivery/services/:serviceID';

/**
 * The three operations the delivery platform calls (seed, section A), for the services it holds the
 * right "platform:<serviceID>" for: an order's details, a status push, the changes since its previous request.
 */
export function deliveryPlatformRoutes(deps: ServiceDeps, orders: OrderCommands, feed: ChangesFeed): Router {
  const router = Router();
  const schemas = RequestSchemas.of(DELIVERY_SERVICE);
  /** Who calls, for which service: no query parameter, a valid serviceID the caller may act for as the delivery platform. */
  const caller = (request: Request, response: Response) => {
    schemas.value('no-parameters.query.json', singleValuedQuery(request.query));
    const serviceID = identifierParam(request, 'serviceID');
    const client = clientOf(response);
    checkActsFor(deps.registry, client, 'platform', serviceID);
    return { client, serviceID };
  };

  router.get(
    `${SERVICE}/orders/:orderID/delivery/details`,
    route(async (request, response) => {
      const { client, serviceID } = caller(request, response);
      const orderID = identifierParam(request, 'orderID');
      const state = await orders.load(serviceID, orderID);
      await logReceiverDataRead(deps.legalEvents, deps.clock, client, { serviceID, orderID, details: state.details! });
      response.json(orderDetailsView(orderID, state));
    }),
  );

  router.put(
    `${SERVICE}/orders/:orderID/delivery/status`,
    route(async (request, response) => {
      const { client, serviceID } = caller(request, response);
      const orderID = identifierParam(request, 'orderID');
      const update = schemas.value<StatusUpdateInput>('status-update.json', await readJson(request, STATUS_BODY_LIMIT));
      const status = readStatus(update.status)!;
      await orders.setStatus(client.id, serviceID, orderID, { status, setBy: pushSetter(status), message: update.message, carrier: carrierOf(update) });
      response.status(204).end();
    }),
  );

  router.get(
    `${SERVICE}/delivery/changes`,
    route(async (request, response) => {
      const { client, serviceID } = caller(request, response);
      await feed.answer(client.id, serviceID, response);
    }),
  );
  return router;
}

import { Router } from 'express';
import { route } from '../../platform/http/problem';
import { singleValuedQuery } from '../../platform/http/query';
import { readJson } from '../../platform/http/read-body';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import type { OrderCommands } from '../handlers/order-commands';
import { logReceiverDataRead } from '../handlers/receiver-data-access';
import type { DeliveryStatus } from '../order/statuses';
import { orderView } from '../queries/order-views';
import { listOrders } from '../queries/orders';
import { checkActsFor } from '../rights';
import { DELIVERY_SERVICE } from '../service';
import { detailsOf, ORDER_BODY_LIMIT, type OrderInput } from './input';
import { identifierParam, orderPath } from './path-ids';

type OrderListQuery = { serviceID: string; status?: string; cursor?: string; limit?: string };

/** The provider's intake (section E): register an order, list a service's orders, read one. */
export function orderRoutes(deps: ServiceDeps, orders: OrderCommands): Router {
  const router = Router();
  const schemas = RequestSchemas.of(DELIVERY_SERVICE);

  router.post(
    '/api/v1/delivery-orders',
    route(async (request, response) => {
      schemas.value('no-parameters.query.json', singleValuedQuery(request.query));
      const input = schemas.value<OrderInput>('order.json', await readJson(request, ORDER_BODY_LIMIT));
      const client = clientOf(response);
      checkActsFor(deps.registry, client, 'provider', input.serviceID);
      await orders.register(client.id, input.serviceID, input.id, detailsOf(input));
      const state = await orders.load(input.serviceID, input.id);
      // the answer shows the caller what it sent: no one else's data is disclosed, so no access is logged
      response.status(201).location(orderPath(input.serviceID, input.id)).json(orderView(input.serviceID, input.id, state));
    }),
  );

  router.get(
    '/api/v1/delivery-orders',
    route(async (request, response) => {
      const query = schemas.value<OrderListQuery>('order-list.query.json', singleValuedQuery(request.query));
      checkActsFor(deps.registry, clientOf(response), 'provider', query.serviceID);
      await readYourWrites(deps, 5_000, ['delivery-orders']);
      const statuses = query.status ? ([...new Set(query.status.split(','))] as DeliveryStatus[]) : undefined;
      response.json(await listOrders(deps.documents, { serviceID: query.serviceID, statuses, after: Number(query.cursor ?? 0), limit: Number(query.limit ?? 50) }));
    }),
  );

  router.get(
    '/api/v1/delivery-orders/:serviceID/:orderID',
    route(async (request, response) => {
      schemas.value('no-parameters.query.json', singleValuedQuery(request.query));
      const serviceID = identifierParam(request, 'serviceID');
      const orderID = identifierParam(request, 'orderID');
      const client = clientOf(response);
      checkActsFor(deps.registry, client, 'provider', serviceID);
      const state = await orders.load(serviceID, orderID);
      await logReceiverDataRead(deps.legalEvents, deps.clock, client, { serviceID, orderID, details: state.details! });
      response.json(orderView(serviceID, orderID, state));
    }),
  );
  return router;
}

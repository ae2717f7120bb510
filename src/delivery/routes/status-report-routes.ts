import { Router, type Request, type Response } from 'express';
import { notFound } from '../../platform/errors';
import { route } from '../../platform/http/problem';
import { singleValuedQuery } from '../../platform/http/query';
import { readJson } from '../../platform/http/read-body';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import type { OrderCommands } from '../handlers/order-commands';
import { ORDER_STATUS_CHANGED } from '../order/events';
import { toOrderStreamId } from '../order/stream';
import { readStatus } from '../order/statuses';
import { statusReportView } from '../queries/order-views';
import { findStatusReport, listStatusReports } from '../queries/status-reports';
import { checkActsFor } from '../rights';
import { DELIVERY_SERVICE } from '../service';
import { STATUS_BODY_LIMIT } from './input';
import { identifierParam, orderPath } from './path-ids';

const REPORTS = '/api/v1/delivery-orders/:serviceID/:orderID/status-reports';

/**
 * The provider reports its statuses (Processing, Cancelled, Expired, Ready) as sub-resources of the
 * order (section E), and reads the order's status changes, whoever set them.
 */
export function statusReportRoutes(deps: ServiceDeps, orders: OrderCommands): Router {
  const router = Router();
  const schemas = RequestSchemas.of(DELIVERY_SERVICE);
  /** The order a provider's request names, which it must be the provider of; 404 if it was never registered. */
  const providersOrder = async (request: Request, response: Response) => {
    const serviceID = identifierParam(request, 'serviceID');
    const orderID = identifierParam(request, 'orderID');
    const client = clientOf(response);
    checkActsFor(deps.registry, client, 'provider', serviceID);
    return { client, serviceID, orderID, state: await orders.load(serviceID, orderID) };
  };

  router.post(
    REPORTS,
    route(async (request, response) => {
      schemas.value('no-parameters.query.json', singleValuedQuery(request.query));
      const { client, serviceID, orderID } = await providersOrder(request, response);
      const report = schemas.value<{ status: string; message?: string }>('status-report.json', await readJson(request, STATUS_BODY_LIMIT));
      const result = await orders.setStatus(client.id, serviceID, orderID, { status: readStatus(report.status)!, setBy: 'provider', message: report.message });
      const recorded = result.events.find((event) => event.type === ORDER_STATUS_CHANGED);
      // the same report again: the one recorded the first time
      const change = recorded?.type === ORDER_STATUS_CHANGED ? recorded.data : await lastProviderReport(serviceID, orderID);
      const answer = statusReportView(change);
      response.status(201).location(`${orderPath(serviceID, orderID)}/status-reports/${answer.number}`).json(answer);
    }),
  );

  router.get(
    REPORTS,
    route(async (request, response) => {
      const query = schemas.value<{ cursor?: string; limit?: string }>('status-report-list.query.json', singleValuedQuery(request.query));
      const { serviceID, orderID } = await providersOrder(request, response);
      await readYourWrites(deps, 5_000, ['delivery-status-changes']);
      response.json(await listStatusReports(deps.documents, toOrderStreamId(serviceID, orderID), Number(query.cursor ?? 0), Number(query.limit ?? 50)));
    }),
  );

  router.get(
    `${REPORTS}/:number`,
    route(async (request, response) => {
      schemas.value('no-parameters.query.json', singleValuedQuery(request.query));
      const { serviceID, orderID } = await providersOrder(request, response);
      const number = /^[1-9][0-9]{0,8}$/.test(String(request.params.number)) ? Number(request.params.number) : 0;
      await readYourWrites(deps, 5_000, ['delivery-status-changes']);
      const report = number > 0 ? await findStatusReport(deps.documents, toOrderStreamId(serviceID, orderID), number) : null;
      if (!report) throw notFound(`order ${orderID} of service ${serviceID} has no status report with that number`);
      response.json(report);
    }),
  );

  async function lastProviderReport(serviceID: string, orderID: string) {
    const { lastReports } = await orders.load(serviceID, orderID);
    return (await orders.statusChange(serviceID, orderID, lastReports.provider!.number))!;
  }
  return router;
}

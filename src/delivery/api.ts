import { pathParameter, type ApiAccess, type ApiOperation, type ServiceApi } from '../platform/openapi/api-description';
import { DELIVERY_SERVICE } from './service';

const PLATFORM: ApiAccess = { service: DELIVERY_SERVICE, right: 'platform:{serviceID}' };
const PROVIDER: ApiAccess = { service: DELIVERY_SERVICE, right: 'provider:{serviceID}' };
const SERVICE_ID = pathParameter('serviceID', "The provider's service.");
const ORDER_ID = pathParameter('orderID', 'The order.');
const INVALID = 'InvalidParameter: a parameter or member missing or out of its form (the reason in detail and errors).';
const FORBIDDEN = 'The client does not act for this service in this role (right platform:<serviceID> or provider:<serviceID>).';
const CREATED = (what: string) => ({ Location: { description: what, schema: { type: 'string' } } });

const platform: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/delivery/services/{serviceID}/orders/{orderID}/delivery/details',
    operationId: 'getDeliveryOrderDetails',
    summary: "An order's details, for the delivery platform",
    description: 'The order, its receiver and its products, as the seed names them. The read of the receiver\'s data is logged.',
    access: PLATFORM,
    parameters: [SERVICE_ID, ORDER_ID],
    query: 'delivery/no-parameters.query.json',
    responses: { 200: { description: 'The order details.', schema: 'delivery/order-details.response.json' } },
    problems: { 400: INVALID, 403: FORBIDDEN, 404: 'No such order, or no provider is registered for the service.' },
  },
  {
    method: 'put',
    path: '/api/v1/delivery/services/{serviceID}/orders/{orderID}/delivery/status',
    operationId: 'pushDeliveryStatus',
    summary: 'The delivery platform pushes a status',
    description: 'A status the delivery platform or the carrier sets (AwaitingPayment, Paid, AwaitingPickup ... Returned), with the carrier and its tracking id; a move the status machine does not allow is refused.',
    access: PLATFORM,
    parameters: [SERVICE_ID, ORDER_ID],
    query: 'delivery/no-parameters.query.json',
    body: { schema: 'delivery/status-update.json', description: 'The status update.' },
    responses: { 204: { description: 'Recorded.' } },
    problems: { 400: `${INVALID} Or a status move the order cannot make.`, 403: FORBIDDEN, 404: 'No such order, or no provider is registered for the service.' },
  },
  {
    method: 'get',
    path: '/api/v1/delivery/services/{serviceID}/delivery/changes',
    operationId: 'listDeliveryChanges',
    summary: 'The status changes since the previous request',
    description: "The provider's status changes the calling delivery platform has not been given yet, oldest first; each change is given once per caller, across restarts and answers that did not arrive whole.",
    access: PLATFORM,
    parameters: [SERVICE_ID],
    query: 'delivery/no-parameters.query.json',
    responses: { 200: { description: 'The changes.', schema: 'delivery/changes.response.json' } },
    problems: { 400: INVALID, 403: FORBIDDEN, 404: 'No provider is registered for the service.' },
  },
];

const ORDER_PATH = '/api/v1/delivery-orders/{serviceID}/{orderID}';
const provider: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/v1/delivery-orders',
    operationId: 'registerDeliveryOrder',
    summary: 'Register an order',
    description: "The provider's order, for the delivery platform to deliver. Location: the order.",
    access: PROVIDER,
    query: 'delivery/no-parameters.query.json',
    body: { schema: 'delivery/order.json', description: 'The order.' },
    responses: { 201: { description: 'Registered.', schema: 'delivery/order.response.json', headers: CREATED('The order.') } },
    problems: { 400: INVALID, 403: FORBIDDEN, 409: 'An order of this id exists with other contents.' },
  },
  {
    method: 'get',
    path: '/api/v1/delivery-orders',
    operationId: 'listDeliveryOrders',
    summary: "A service's orders",
    description: 'The orders of one service, optionally of some statuses, by cursor.',
    access: PROVIDER,
    query: 'delivery/order-list.query.json',
    responses: { 200: { description: 'A page of orders.', schema: 'delivery/order-list.response.json' } },
    problems: { 400: INVALID, 403: FORBIDDEN },
  },
  {
    method: 'get',
    path: ORDER_PATH,
    operationId: 'getDeliveryOrder',
    summary: 'An order',
    description: "The order with its status. The read of the receiver's data is logged.",
    access: PROVIDER,
    parameters: [SERVICE_ID, ORDER_ID],
    query: 'delivery/no-parameters.query.json',
    responses: { 200: { description: 'The order.', schema: 'delivery/order.response.json' } },
    problems: { 400: INVALID, 403: FORBIDDEN, 404: 'No such order.' },
  },
  {
    method: 'post',
    path: `${ORDER_PATH}/status-reports`,
    operationId: 'reportDeliveryStatus',
    summary: 'Report a status of the order',
    description: "The provider's statuses (Processing, Cancelled, Expired, Ready); the same report again answers the one recorded. Location: the report.",
    access: PROVIDER,
    parameters: [SERVICE_ID, ORDER_ID],
    query: 'delivery/no-parameters.query.json',
    body: { schema: 'delivery/status-report.json', description: 'The status report.' },
    responses: { 201: { description: 'Recorded.', schema: 'delivery/status-report.response.json', headers: CREATED('The report.') } },
    problems: { 400: `${INVALID} Or a status move the order cannot make.`, 403: FORBIDDEN, 404: 'No such order.' },
  },
  {
    method: 'get',
    path: `${ORDER_PATH}/status-reports`,
    operationId: 'listDeliveryStatusReports',
    summary: "The order's status changes",
    description: 'Every status change of the order, whoever set it, by cursor.',
    access: PROVIDER,
    parameters: [SERVICE_ID, ORDER_ID],
    query: 'delivery/status-report-list.query.json',
    responses: { 200: { description: 'A page of status changes.', schema: 'delivery/status-report-list.response.json' } },
    problems: { 400: INVALID, 403: FORBIDDEN, 404: 'No such order.' },
  },
  {
    method: 'get',
    path: `${ORDER_PATH}/status-reports/{number}`,
    operationId: 'getDeliveryStatusReport',
    summary: 'One status change',
    description: "One of the order's status changes, by its number.",
    access: PROVIDER,
    parameters: [SERVICE_ID, ORDER_ID, pathParameter('number', 'The change, from 1.', { type: 'string', pattern: '^[1-9][0-9]{0,8}$' })],
    query: 'delivery/no-parameters.query.json',
    responses: { 200: { description: 'The status change.', schema: 'delivery/status-report.response.json' } },
    problems: { 400: INVALID, 403: FORBIDDEN, 404: 'No such order or status change.' },
  },
];

export const deliveryApi: ServiceApi = {
  tag: 'delivery',
  description:
    "The delivery integration, the provider's side of MDelivery: the three operations the delivery platform calls (details, status push, changes), and the provider's intake of orders and status reports. Rights are per service: platform:<serviceID> and provider:<serviceID>. 400 and 401 problems carry the seed's code (InvalidParameter, AuthenticationFailed).",
  operations: [...platform, ...provider],
};

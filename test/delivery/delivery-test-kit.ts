import { expect } from 'chai';
import type { DeliveryModule } from '../../src/delivery/module';
import { RequestSchemas } from '../../src/platform/http/request-validation';
import type { HttpResponse, HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';

export const SERVICE = 'DEMO-SERVICE-1';
export const PLATFORM_PATH = `/api/v1/delivery/services/${SERVICE}`;

let sequence = 0;
/** A fresh order id for each call. */
export const newOrderId = (prefix = 'o') => `${prefix}-${process.pid}-${++sequence}`;

const DAY = 86_400_000;
/** An instant `days` from now, at a whole second, in UTC or with the offset given. */
export function daysFromNow(days: number, offset = 'Z', now = Date.now()): string {
  const instant = new Date(Math.floor((now + days * DAY) / 1000) * 1000);
  if (offset === 'Z') return instant.toISOString().replace('.000Z', 'Z');
  const [, sign, hours, minutes] = /^([+-])(\d\d):(\d\d)$/.exec(offset)!;
  const shift = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
  return `${new Date(instant.getTime() + shift).toISOString().slice(0, 19)}${offset}`;
}

/** A valid intake body: an order of Ion Popescu's (a document of Maria Rusu's), submitted yesterday, deliverable for 30 days. */
export function orderBody(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    serviceID: SERVICE,
    id: newOrderId(),
    isPaid: false,
    receiver: { type: 'Person', id: '2000000000011', firstName: 'Ion', name: 'Popescu', email: 'ion.popescu@example.md', phone: '+37369000011' },
    pickupPointCode: 'CHISINAU-1',
    orderSubmittedAt: daysFromNow(-1, '+02:00'),
    deliveryAcceptedUntil: daysFromNow(30, '+03:00'),
    estimatedReadyAt: daysFromNow(4),
    products: [{ code: 'PASSPORT', description: 'Pașaport', price: 50, quantity: 1, length: 13, width: 9, height: 1, weight: 0.1, holderID: '2000000000022', holderName: 'Rusu', holderFirstName: 'Maria' }],
    ...overrides,
  };
}

export const CARRIER = { carrierName: 'Muvi Express', trackingID: '0220106997753968' };

/** The actors of the seed over mTLS: the provider's system and the delivery platform. */
export function actors(platform: TestPlatform) {
  const provider = platform.client('demo-institution');
  const deliveryPlatform = platform.client('demo-delivery-platform');
  return {
    provider,
    deliveryPlatform,
    async register(body: Record<string, unknown> = orderBody()): Promise<string> {
      const response = await provider.post('/api/v1/delivery-orders', { body });
      expect(response.status, response.text).to.equal(201);
      return String(body.id);
    },
    push(orderID: string, status: string, extra: Record<string, unknown> = {}, client: HttpsClient = deliveryPlatform) {
      return client.put(`${PLATFORM_PATH}/orders/${orderID}/delivery/status`, { body: { status, ...CARRIER, ...extra } });
    },
    report(orderID: string, status: string, extra: Record<string, unknown> = {}, client: HttpsClient = provider) {
      return client.post(`/api/v1/delivery-orders/${SERVICE}/${orderID}/status-reports`, { body: { status, ...extra } });
    },
    details(orderID: string, client: HttpsClient = deliveryPlatform) {
      return client.get(`${PLATFORM_PATH}/orders/${orderID}/delivery/details`);
    },
    async changes(client: HttpsClient = deliveryPlatform): Promise<{ serviceID: string; orderID: string; status: string }[]> {
      const response = await client.get(`${PLATFORM_PATH}/delivery/changes`);
      expect(response.status, response.text).to.equal(200);
      return expectFits('changes.response.json', response.json());
    },
  };
}

export type Actors = ReturnType<typeof actors>;

/** Who sets a status, as the test drives an order: the provider's statuses through the intake, the rest pushed. */
const PROVIDER_STEPS = new Set(['Processing', 'Cancelled', 'Expired']);

/** The steps that bring a new order to each status, each by whoever sets it. */
export const PATHS: Record<string, string[]> = {
  Unknown: [],
  AwaitingPayment: ['AwaitingPayment'],
  Paid: ['AwaitingPayment', 'Paid'],
  Processing: ['AwaitingPayment', 'Paid', 'Processing'],
  Ready: ['AwaitingPayment', 'Paid', 'Ready'],
  AwaitingPickup: ['AwaitingPayment', 'Paid', 'Ready', 'AwaitingPickup'],
  Delivering: ['AwaitingPayment', 'Paid', 'Ready', 'AwaitingPickup', 'Delivering'],
  Problem: ['AwaitingPayment', 'Paid', 'Ready', 'AwaitingPickup', 'Delivering', 'Problem'],
  Returning: ['AwaitingPayment', 'Paid', 'Ready', 'AwaitingPickup', 'Delivering', 'Returning'],
  Delivered: ['AwaitingPayment', 'Paid', 'Ready', 'AwaitingPickup', 'Delivering', 'Delivered'],
  Confirmed: ['AwaitingPayment', 'Paid', 'Ready', 'AwaitingPickup', 'Delivering', 'Delivered', 'Confirmed'],
  Returned: ['AwaitingPayment', 'Paid', 'Ready', 'AwaitingPickup', 'Delivering', 'Returned'],
  Cancelled: ['Cancelled'],
  Expired: ['Expired'],
};

/** A new order brought to `status` (Ready through the provider's report). */
export async function orderIn(actors: Actors, status: string, body: Record<string, unknown> = orderBody()): Promise<string> {
  const orderID = await actors.register(body);
  for (const step of PATHS[status]) {
    const response = PROVIDER_STEPS.has(step) || step === 'Ready' ? await actors.report(orderID, step) : await actors.push(orderID, step);
    expect(response.status, `${step}: ${response.text}`).to.be.oneOf([201, 204]);
  }
  return orderID;
}

/** The answer fits its response schema (schemas/delivery/<name>.response.json). */
export function expectFits<T>(schema: string, body: T): T {
  RequestSchemas.of('delivery').value(schema, body);
  return body;
}

/** A 4xx with the problem details the seed's codes ask for. */
export function expectProblem(response: HttpResponse, status: number, code?: string): Record<string, any> {
  expect(response.status, response.text).to.equal(status);
  expect(String(response.headers['content-type'])).to.match(/^application\/problem\+json/);
  const problem = response.json();
  expect(problem.status).to.equal(status);
  if (code) expect(problem.code).to.equal(code);
  else expect(problem).to.not.have.property('code');
  return problem;
}

export function deliveryModule(platform: TestPlatform): DeliveryModule {
  return platform.platform.services.find((service) => service.name === 'delivery') as DeliveryModule;
}

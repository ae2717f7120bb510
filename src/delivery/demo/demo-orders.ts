import type { Clock } from '../../platform/clock';
import type { OrderCommands, StatusReport } from '../handlers/order-commands';
import type { OrderDetails, Receiver } from '../order/order-details';
import { pushSetter } from '../order/statuses';

export const DEMO_SERVICE = 'DEMO-SERVICE-1';
const PROVIDER = 'demo-institution';
const PLATFORM = 'demo-delivery-platform';
const DAY = 86_400_000;

const ION: Receiver = { type: 'Person', id: '2000000000011', firstName: 'Ion', name: 'Popescu', email: 'ion.popescu@example.md', phone: '+37369000011' };
const MARIA: Receiver = { type: 'Person', id: '2000000000022', firstName: 'Maria', name: 'Rusu' };
const COMPANY: Receiver = { type: 'Organization', id: '1003600000010', name: 'SRL Demo Construct', email: 'office@demo-construct.example.md' };
const CARRIER = { carrierName: 'Demo Curier', trackingID: 'DEMO-TRACK-1' };

const passport = (holder: Receiver) => ({
  code: 'PASSPORT', description: 'Pașaport', price: 50, quantity: 1, length: 13, width: 9, height: 1, weight: 0.1,
  ...(holder.type === 'Person' && { holderID: holder.id, holderName: holder.name, holderFirstName: holder.firstName }),
});
const platform = (status: StatusReport['status'], message?: string): StatusReport => ({ status, setBy: pushSetter(status), carrier: CARRIER, message });
const provider = (status: StatusReport['status'], message?: string): StatusReport => ({ status, setBy: 'provider', message });
const paid = [platform('AwaitingPayment'), platform('Paid')];
const onTheWay = [...paid, provider('Processing'), provider('Ready'), platform('AwaitingPickup'), platform('Delivering')];

/** Orders of the demo service in several states: the steps each went through, in order. */
const DEMO_ORDERS: { id: string; receiver: Receiver; steps: StatusReport[] }[] = [
  { id: 'DEMO-ORDER-1', receiver: ION, steps: [] },
  { id: 'DEMO-ORDER-2', receiver: MARIA, steps: [platform('AwaitingPayment')] },
  { id: 'DEMO-ORDER-3', receiver: ION, steps: paid },
  { id: 'DEMO-ORDER-4', receiver: COMPANY, steps: [...paid, provider('Processing', 'documentele sunt în lucru')] },
  { id: 'DEMO-ORDER-5', receiver: MARIA, steps: [...paid, provider('Ready')] },
  { id: 'DEMO-ORDER-6', receiver: ION, steps: onTheWay },
  { id: 'DEMO-ORDER-7', receiver: COMPANY, steps: [...onTheWay, platform('Delivered')] },
  { id: 'DEMO-ORDER-8', receiver: MARIA, steps: [provider('Cancelled', 'cererea a fost retrasă')] },
];

/**
 * The demo orders, loaded on the embedded profile's first start. Idempotent: an order already there is not
 * registered again (its dates were taken from the clock then), and only the steps it has not taken are applied.
 */
export async function loadDemoOrders(orders: OrderCommands, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  for (const order of DEMO_ORDERS) {
    const known = await orders.load(DEMO_SERVICE, order.id).catch(() => null);
    if (!known) await orders.register(PROVIDER, DEMO_SERVICE, order.id, details(order.receiver, now));
    for (const step of order.steps.slice(known?.changes ?? 0)) {
      await orders.setStatus(step.setBy === 'provider' ? PROVIDER : PLATFORM, DEMO_SERVICE, order.id, step);
    }
  }
}

function details(receiver: Receiver, now: number): OrderDetails {
  const day = (offset: number) => new Date(Math.floor(now / DAY) * DAY + offset * DAY + 9 * 3_600_000).toISOString();
  return { isPaid: true, receiver, orderSubmittedAt: day(-1), deliveryAcceptedUntil: day(30), estimatedReadyAt: day(3), products: [passport(receiver)] };
}

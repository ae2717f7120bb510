import { CommandHandler, type CommandResult } from '../../platform/decider';
import type { ServiceDeps } from '../../platform/service-module';
import type { OrderCommand } from '../order/commands';
import { orderDecider, type OrderState } from '../order/decider';
import { OrderNotFoundError } from '../order/errors';
import { ORDER_STATUS_CHANGED, type CarrierDetails, type OrderEvent, type OrderStatusChanged, type TimedRule } from '../order/events';
import type { OrderDetails } from '../order/order-details';
import { toOrderStreamId } from '../order/stream';
import type { DeliveryStatus, StatusSetter } from '../order/statuses';
import { DELIVERY_SERVICE, DELIVERY_SOURCE } from '../service';
import type { DeliverySettings } from '../settings';

export type StatusReport = { status: DeliveryStatus; setBy: StatusSetter; message?: string; carrier?: CarrierDetails };

/**
 * The order aggregate's commands through the platform's command loop, without a cache: concurrent
 * commands on one order each fold the stream and append with the revision they read, so the expected
 * revision decides between them (a loser is decided again on the winner's state).
 */
export class OrderCommands {
  private readonly handler: CommandHandler<OrderCommand, OrderEvent, OrderState>;

  constructor(
    private readonly deps: Pick<ServiceDeps, 'events' | 'clock'>,
    private readonly settings: Pick<DeliverySettings, 'pickupWorkingDays'>,
  ) {
    this.handler = new CommandHandler(deps.events, orderDecider, { source: DELIVERY_SOURCE, clock: deps.clock });
  }

  register(clientId: string, serviceID: string, orderID: string, details: OrderDetails): Promise<CommandResult<OrderEvent>> {
    return this.handle(serviceID, orderID, { type: 'RegisterOrder', serviceID, orderID, details, by: clientId, at: this.now() }, clientId);
  }

  setStatus(clientId: string, serviceID: string, orderID: string, report: StatusReport): Promise<CommandResult<OrderEvent>> {
    const command = { type: 'SetStatus' as const, serviceID, orderID, ...report, by: clientId, at: this.now(), pickupWorkingDays: this.settings.pickupWorkingDays };
    return this.handle(serviceID, orderID, command, clientId);
  }

  /** A timed rule the sweep found due; the service itself is the producer. */
  expire(serviceID: string, orderID: string, rule: TimedRule): Promise<CommandResult<OrderEvent>> {
    return this.handle(serviceID, orderID, { type: 'ExpireOrder', serviceID, orderID, rule, by: DELIVERY_SERVICE, at: this.now() }, DELIVERY_SERVICE);
  }

  /** The order's current state; 404 for an order never registered. */
  async load(serviceID: string, orderID: string): Promise<OrderState> {
    const { state } = await this.handler.load(toOrderStreamId(serviceID, orderID));
    if (!state.registered) throw new OrderNotFoundError(serviceID, orderID);
    return state;
  }

  /** One of the order's status changes, by its number, as the log holds it (null when it has no such change). */
  async statusChange(serviceID: string, orderID: string, number: number): Promise<OrderStatusChanged['data'] | null> {
    const history = await this.deps.events.readStream(toOrderStreamId(serviceID, orderID));
    const change = history.find((stored) => stored.event.type === ORDER_STATUS_CHANGED && (stored.event.data as OrderStatusChanged['data']).number === number);
    return change ? (change.event.data as OrderStatusChanged['data']) : null;
  }

  private handle(serviceID: string, orderID: string, command: OrderCommand, producer: string) {
    return this.handler.handle(toOrderStreamId(serviceID, orderID), command, producer);
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}

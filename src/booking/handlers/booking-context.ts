import { CommandHandler, handleCommand, type Decider, type DomainEvent } from '../../platform/decider';
import type { ServiceDeps } from '../../platform/service-module';
import { ledgerDecider, type LedgerState } from '../ledger/decider';
import type { LedgerCommand } from '../ledger/commands';
import type { LedgerEvent } from '../ledger/events';
import { ReferenceReader } from '../queries/reference-reader';
import { BOOKING_SOURCE } from '../service';
import { KeyedLock } from '../../platform/keyed-lock';

/** What the booking service's commands and queries share: the platform's dependencies plus its own helpers. */
export type BookingContext = Pick<ServiceDeps, 'events' | 'documents' | 'projections' | 'clock' | 'logger'> & {
  ledgers: CommandHandler<LedgerCommand, LedgerEvent, LedgerState>;
  reference: ReferenceReader;
  locks: KeyedLock;
};

export function createBookingContext(deps: ServiceDeps): BookingContext {
  return {
    events: deps.events,
    documents: deps.documents,
    projections: deps.projections,
    clock: deps.clock,
    logger: deps.logger,
    ledgers: new CommandHandler(deps.events, ledgerDecider, { source: BOOKING_SOURCE, clock: deps.clock, cache: { maxEntries: 2000 } }),
    reference: new ReferenceReader(deps.documents),
    locks: new KeyedLock(),
  };
}

/** handleCommand with the booking service's envelope. */
export function execute<Command, Event extends DomainEvent, State>(
  context: BookingContext,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  producer: string,
) {
  return handleCommand(context.events, streamId, decider, command, { source: BOOKING_SOURCE, producer, clock: context.clock });
}

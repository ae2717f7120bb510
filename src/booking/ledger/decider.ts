import type { Decider } from '../../platform/decider';
import { capacityRefusal, type CapacityRefusal, type Occupancy } from '../slots/slot-capacity';
import type { LedgerCommand } from './commands';
import { SLOTS_RELEASED, SLOTS_RESERVED, type Booking, type LedgerEvent } from './events';

export class SlotUnavailableError extends Error {
  constructor(
    /** index of the refused item in the command */
    readonly itemIndex: number,
    readonly reason: CapacityRefusal | 'alreadyBooked',
  ) {
    super(`item ${itemIndex}: ${reason}`);
    this.name = 'SlotUnavailableError';
  }
}

/** held: bookings by appointment id; requests: the appointment ids each request reserved here */
export type LedgerState = { held: Record<string, Booking>; requests: Record<string, string[]> };

export const ledgerDecider: Decider<LedgerCommand, LedgerEvent, LedgerState> = {
  initialState: () => ({ held: {}, requests: {} }),

  evolve(state, event) {
    switch (event.type) {
      case SLOTS_RESERVED: {
        const held = { ...state.held };
        for (const booking of event.data.bookings) held[booking.appointmentId] = booking;
        return { held, requests: { ...state.requests, [event.data.requestId]: event.data.bookings.map((b) => b.appointmentId) } };
      }
      case SLOTS_RELEASED: {
        const held = { ...state.held };
        for (const booking of event.data.bookings) delete held[booking.appointmentId];
        return { held, requests: state.requests };
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'reserve': {
        if (state.requests[command.requestId]) return [];
        const held = Object.values(state.held);
        const occupancy: Occupancy[] = held.map((booking) => ({ ...booking, count: 1 }));
        command.items.forEach((item, index) => {
          if (held.some((booking) => isSameBooking(booking, item.booking))) throw new SlotUnavailableError(index, 'alreadyBooked');
          const refusal = capacityRefusal(occupancy, item.booking, item.limits);
          if (refusal) throw new SlotUnavailableError(index, refusal);
          occupancy.push({ ...item.booking, count: 1 });
        });
        const bookings = command.items.map((item) => item.booking);
        return [{ type: SLOTS_RESERVED, data: { locationId: command.locationId, date: command.date, requestId: command.requestId, bookings } }];
      }
      case 'release': {
        const ids = command.appointmentIds ?? (command.requestId ? (state.requests[command.requestId] ?? []) : []);
        const bookings = ids.map((id) => state.held[id]).filter((booking): booking is Booking => booking !== undefined);
        if (bookings.length === 0) return [];
        const data = { locationId: command.locationId, date: command.date, requestId: command.requestId ?? null, reason: command.reason, bookings };
        return [{ type: SLOTS_RELEASED, data }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

/** The same person holding the same service at the same time (a request of its own asking twice is refused before). */
const isSameBooking = (held: Booking, wanted: Booking) =>
  held.person !== undefined && held.person === wanted.person && held.calendarLocationId === wanted.calendarLocationId && held.start === wanted.start;

import type { Decider } from '../../platform/decider';
import type { ChangesCursorCommand, RecordPageWritten, ServeChangesPage } from './commands';
import { CHANGES_PAGE_SERVED, CHANGES_PAGE_WRITTEN, type ChangesCursorEvent } from './events';

/** The cursor moved between the handler's read and its append (another bridge served the caller): read again. */
export class CursorMovedError extends Error {
  constructor() {
    super('the changes cursor moved while the page was read');
    this.name = 'CursorMovedError';
  }
}

export type ServedPage = { upTo: number; count: number; written: boolean; bridge: string; at: string };

export type ChangesCursorState = { acknowledgedUpTo: number; served?: ServedPage };

/**
 * Where a caller's next page starts (docs/decisions.md, "Delivery: the changes feed"): after the last
 * page if that page was written whole (this request is the caller's next one, which acknowledges it);
 * else after what was acknowledged before it (the last page was cut, or its process ended before it
 * was written: it is served again). A page another bridge is still writing, for less than the lease,
 * is busy: the caller gets nothing new meanwhile.
 */
export function pageStart(state: ChangesCursorState, bridge: string, at: string, leaseMs: number): { after: number } | { busy: true } {
  const served = state.served;
  if (!served) return { after: state.acknowledgedUpTo };
  if (served.written) return { after: served.upTo };
  const inFlightElsewhere = served.bridge !== bridge && Date.parse(at) - Date.parse(served.at) < leaseMs;
  return inFlightElsewhere ? { busy: true } : { after: state.acknowledgedUpTo };
}

export const changesCursorDecider: Decider<ChangesCursorCommand, ChangesCursorEvent, ChangesCursorState> = {
  initialState: () => ({ acknowledgedUpTo: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case CHANGES_PAGE_SERVED: {
        const { acknowledgedUpTo, servedUpTo, count, bridge, servedAt } = event.data;
        return { acknowledgedUpTo, ...(count > 0 && { served: { upTo: servedUpTo, count, written: false, bridge, at: servedAt } }) };
      }
      case CHANGES_PAGE_WRITTEN:
        return state.served?.upTo === event.data.servedUpTo ? { ...state, served: { ...state.served, written: true } } : state;
      default: {
        const unexpected: never = event;
        return unexpected;
      }
    }
  },
  decide: (command, state) => (command.type === 'ServeChangesPage' ? serve(command, state) : recordWritten(command, state)),
};

function serve(command: ServeChangesPage, state: ChangesCursorState): ChangesCursorEvent[] {
  const start = pageStart(state, command.bridge, command.at, command.leaseMs);
  if ('busy' in start || start.after !== command.startAfter) throw new CursorMovedError();
  // nothing acknowledged, nothing pending, nothing to send: no event
  if (command.count === 0 && start.after === state.acknowledgedUpTo && !state.served) return [];
  const { clientId, serviceID, servedUpTo, count, bridge, at } = command;
  return [{ type: CHANGES_PAGE_SERVED, data: { clientId, serviceID, acknowledgedUpTo: start.after, servedUpTo, count, bridge, servedAt: at } }];
}

function recordWritten(command: RecordPageWritten, state: ChangesCursorState): ChangesCursorEvent[] {
  if (state.served?.upTo !== command.servedUpTo || state.served.written) return [];
  const { clientId, serviceID, servedUpTo, at } = command;
  return [{ type: CHANGES_PAGE_WRITTEN, data: { clientId, serviceID, servedUpTo, writtenAt: at } }];
}

import type { Decider } from '../../platform/decider';
import { canonicalJson } from '../../platform/event-store/event-identity';
import type { ReferenceCommand } from './commands';
import type { ReferenceKind } from './definitions';
import { registeredType, updatedType, type ReferenceEvent } from './events';

export type ReferenceState<T> = { definition: T | null };

export class ReferenceRuleError extends Error {
  constructor(
    readonly code: 'alreadyExists' | 'notFound',
    readonly kind: ReferenceKind,
    readonly id: string,
  ) {
    super(code);
    this.name = 'ReferenceRuleError';
  }
}

/**
 * Reference data (organizations, locations, calendars, calendar-locations, settings) are aggregates with one
 * shape: a whole definition, registered once and then updated. Defining the same content again appends
 * nothing, which makes the import and the demo data idempotent.
 */
export function referenceDecider<T extends { id: string }>(kind: ReferenceKind): Decider<ReferenceCommand<T>, ReferenceEvent<T>, ReferenceState<T>> {
  const registered = registeredType(kind);
  const updated = updatedType(kind);
  return {
    initialState: () => ({ definition: null }),
    evolve: (state, event) => (event.type === registered || event.type === updated ? { definition: event.data } : state),
    decide(command, state) {
      const unchanged = state.definition !== null && canonicalJson(state.definition) === canonicalJson(command.definition);
      switch (command.type) {
        case 'create':
          if (state.definition) throw new ReferenceRuleError('alreadyExists', kind, command.definition.id);
          return [{ type: registered, data: command.definition }];
        case 'update':
          if (!state.definition) throw new ReferenceRuleError('notFound', kind, command.definition.id);
          return unchanged ? [] : [{ type: updated, data: command.definition }];
        case 'define':
          if (!state.definition) return [{ type: registered, data: command.definition }];
          return unchanged ? [] : [{ type: updated, data: command.definition }];
        default: {
          const unknown: never = command;
          return unknown;
        }
      }
    },
  };
}

import type { MessageState, NotificationState } from '../notification-state';

export type DispatchStep =
  | { kind: 'idle' }
  | { kind: 'wait'; until: string }
  | { kind: 'start-resolution' }
  | { kind: 'resolve' }
  | { kind: 'send'; messageId: string }
  | { kind: 'recover'; messageId: string }
  | { kind: 'complete-cancellation' };

/**
 * The dispatcher's next step for one notification, as a pure function of its state. A send recorded
 * as started that this process is not performing is in doubt once its lease has run out (the process
 * that started it stopped); before that it may still be under way on another bridge.
 */
export function planNextStep(state: NotificationState, now: Date, sendingHere: ReadonlySet<string>, leaseMs: number): DispatchStep {
  if (!state.exists) return { kind: 'idle' };
  const nowIso = now.toISOString();
  const waits: string[] = [];
  const inDoubt = (message: MessageState) => {
    if (!message.inFlight || sendingHere.has(message.messageId)) return false;
    const leaseEnds = new Date(Date.parse(message.inFlight.startedAt) + leaseMs).toISOString();
    if (leaseEnds <= nowIso) return true;
    waits.push(leaseEnds);
    return false;
  };
  const earliestWait = (): DispatchStep => (waits.length ? { kind: 'wait', until: waits.sort()[0] } : { kind: 'idle' });

  switch (state.phase) {
    case 'Pending':
      return { kind: 'start-resolution' };
    case 'Resolving':
      return { kind: 'resolve' };
    case 'Cancelling': {
      const doubtful = state.messages.find(inDoubt);
      if (doubtful) return { kind: 'recover', messageId: doubtful.messageId };
      return state.messages.some((message) => message.inFlight) ? earliestWait() : { kind: 'complete-cancellation' };
    }
    case 'Dispatching': {
      const doubtful = state.messages.find(inDoubt);
      if (doubtful) return { kind: 'recover', messageId: doubtful.messageId };
      for (const message of state.messages) {
        if (message.inFlight) continue;
        if (message.status === 'Pending') return { kind: 'send', messageId: message.messageId };
        if (message.status === 'Sending' && message.retryAt) {
          if (message.retryAt <= nowIso) return { kind: 'send', messageId: message.messageId };
          waits.push(message.retryAt);
        }
      }
      return earliestWait();
    }
    default:
      return { kind: 'idle' };
  }
}

import type { MessageState, NotificationState } from '../notification/state';

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
 * that started it stopped); before that it may still be under way on another bridge. The lease runs
 * from the later of the start its sender recorded and the time this process first saw the send in
 * flight (`seenHere`, by messageId, with the attempt): a bridge whose clock is ahead of the sender's would
 * otherwise find the lease over at once, and fail an e-mail still being delivered.
 */
export function planNextStep(
  state: NotificationState,
  now: Date,
  sendingHere: ReadonlySet<string>,
  leaseMs: number,
  seenHere: ReadonlyMap<string, SeenInFlight> = new Map(),
): DispatchStep {
  if (!state.exists) return { kind: 'idle' };
  const nowIso = now.toISOString();
  const waits: string[] = [];
  const inDoubt = (message: MessageState) => {
    if (!message.inFlight || sendingHere.has(message.messageId)) return false;
    const seen = seenHere.get(message.messageId);
    const seenAt = seen?.attempt === message.inFlight.attempt ? seen.at : undefined;
    const leaseStart = seenAt && seenAt > message.inFlight.startedAt ? seenAt : message.inFlight.startedAt;
    const leaseEnds = new Date(Date.parse(leaseStart) + leaseMs).toISOString();
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

/** When a process first saw an attempt of a message in flight (ISO time). */
export type SeenInFlight = { attempt: number; at: string };

import { expect } from 'chai';
import { planNextStep } from '../../src/notification/processes/dispatch-plan';
import type { MessageState, NotificationState } from '../../src/notification/notification/state';

const now = new Date('2025-01-01T10:00:10.000Z');
const message = (overrides: Partial<MessageState> = {}): MessageState => ({
  messageId: 'm-1',
  channel: 'Email',
  address: 'a@b.md',
  language: 'ro',
  recipient: 0,
  status: 'Pending',
  attempts: 0,
  createdAt: '2025-01-01T10:00:00.000Z',
  lastUpdatedAt: '2025-01-01T10:00:00.000Z',
  lastUpdatedBy: 'x',
  ...overrides,
});
const state = (phase: NotificationState['phase'], messages: MessageState[] = []): NotificationState => ({ exists: true, phase, recipients: [], messages });
const plan = (value: NotificationState, sendingHere: string[] = [], leaseMs = 5_000) => planNextStep(value, now, new Set(sendingHere), leaseMs);

describe('Notifications: the dispatcher\'s next step', () => {
  it('resolves a pending notification, then sends its queued messages', () => {
    expect(plan(state('Pending'))).to.deep.equal({ kind: 'start-resolution' });
    expect(plan(state('Resolving'))).to.deep.equal({ kind: 'resolve' });
    expect(plan(state('Dispatching', [message({ status: 'Sent' }), message({ messageId: 'm-2' })]))).to.deep.equal({ kind: 'send', messageId: 'm-2' });
    expect(plan(state('Dispatching', [message({ status: 'Sent' })]))).to.deep.equal({ kind: 'idle' });
  });

  it('waits for a retry that is not due and sends one that is', () => {
    expect(plan(state('Dispatching', [message({ status: 'Sending', retryAt: '2025-01-01T10:00:20.000Z' })]))).to.deep.equal({ kind: 'wait', until: '2025-01-01T10:00:20.000Z' });
    expect(plan(state('Dispatching', [message({ status: 'Sending', retryAt: '2025-01-01T10:00:05.000Z' })]))).to.deep.equal({ kind: 'send', messageId: 'm-1' });
  });

  it('takes a send started elsewhere as in doubt only after its lease, and never one this process is performing', () => {
    const inFlight = (startedAt: string) => message({ status: 'Sending', inFlight: { attempt: 1, idempotencyKey: 'm-1', startedAt } });
    expect(plan(state('Dispatching', [inFlight('2025-01-01T10:00:00.000Z')]))).to.deep.equal({ kind: 'recover', messageId: 'm-1' });
    expect(plan(state('Dispatching', [inFlight('2025-01-01T10:00:08.000Z')]))).to.deep.equal({ kind: 'wait', until: '2025-01-01T10:00:13.000Z' });
    expect(plan(state('Dispatching', [inFlight('2025-01-01T10:00:00.000Z')]), ['m-1'])).to.deep.equal({ kind: 'idle' });
  });

  it("runs the lease from when this process first saw the send, when that is later than the sender's clock says", () => {
    const inFlight = message({ status: 'Sending', inFlight: { attempt: 1, idempotencyKey: 'm-1', startedAt: '2025-01-01T09:59:00.000Z' } });
    const seen = (attempt: number, at: string) => new Map([['m-1', { attempt, at }]]);
    // the sender's clock is a minute behind this one: by its start alone the lease ended long ago
    expect(planNextStep(state('Dispatching', [inFlight]), now, new Set(), 5_000, seen(1, '2025-01-01T10:00:08.000Z'))).to.deep.equal({
      kind: 'wait',
      until: '2025-01-01T10:00:13.000Z',
    });
    expect(planNextStep(state('Dispatching', [inFlight]), now, new Set(), 5_000, seen(1, '2025-01-01T10:00:04.000Z'))).to.deep.equal({ kind: 'recover', messageId: 'm-1' });
    // seen in flight for another attempt: that sighting says nothing of this one
    expect(planNextStep(state('Dispatching', [inFlight]), now, new Set(), 5_000, seen(2, '2025-01-01T10:00:08.000Z'))).to.deep.equal({ kind: 'recover', messageId: 'm-1' });
  });

  it('completes a cancellation once no send is in flight', () => {
    expect(plan(state('Cancelling', [message()]))).to.deep.equal({ kind: 'complete-cancellation' });
    const inFlight = message({ status: 'Sending', inFlight: { attempt: 1, idempotencyKey: 'm-1', startedAt: '2025-01-01T10:00:09.000Z' } });
    expect(plan(state('Cancelling', [inFlight]), ['m-1'])).to.deep.equal({ kind: 'idle' });
  });

  it('has nothing to do for finished notifications', () => {
    for (const phase of ['Cancelled', 'Failed'] as const) expect(plan(state(phase))).to.deep.equal({ kind: 'idle' });
    expect(plan({ exists: false, phase: 'Pending', recipients: [], messages: [] })).to.deep.equal({ kind: 'idle' });
  });
});

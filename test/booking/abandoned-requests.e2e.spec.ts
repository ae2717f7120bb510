import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { toCloudEvent } from '../../src/platform/decider';
import { NO_STREAM } from '../../src/platform/event-store/event-store';
import { createBookingContext, type BookingContext } from '../../src/booking/handlers/booking-context';
import { CommandHandler } from '../../src/platform/decider';
import { sweep } from '../../src/booking/processes/recovery-sweep';
import { SLOTS_RESERVED } from '../../src/booking/ledger/events';
import { message } from '../../src/booking/messages';
import { REQUEST_ABANDONED, REQUEST_RECEIVED } from '../../src/booking/request/events';
import { BOOKING_SOURCE, nameUuid } from '../../src/booking/service';
import { toLedgerStreamId } from '../../src/booking/ledger/stream';
import { toRequestStreamId } from '../../src/booking/request/stream';
import { book, citizen, eventually, slot, startBookingPlatform, type BookingPlatform } from './booking-test-platform';
import { CL, IDS } from './booking-test-data';
import { requestedAppointment } from './booking-fixtures';

const HOUR = 3_600_000;
const GRACE_MS = 60_000;

type Method = (this: unknown, ...args: unknown[]) => Promise<unknown>;

/**
 * Holds the first call of a CommandHandler method that matches until released: a request stalled at a
 * chosen step (the ledgers of every booking context share the prototype).
 */
function stallFirst(method: 'load' | 'handle', matches: (...args: unknown[]) => boolean) {
  const prototype = CommandHandler.prototype as unknown as Record<string, Method>;
  const original = prototype[method];
  let reached = false;
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  prototype[method] = async function (this: unknown, ...args: unknown[]) {
    if (!reached && matches(...args)) {
      reached = true;
      await gate;
    }
    return original.apply(this, args);
  };
  return {
    reached: () => eventually(async () => (reached ? true : undefined), `the stalled ${method}`),
    release,
    restore: () => {
      release();
      prototype[method] = original;
    },
  };
}

describe('Booking: a request stalled past the recovery grace period (e2e)', () => {
  let booking: BookingPlatform;
  /** a second booking context on the same stores, whose sweep the test runs when it wants */
  let recovery: BookingContext;
  const stalls: { restore: () => void }[] = [];
  const stall = (...args: Parameters<typeof stallFirst>) => {
    const stalled = stallFirst(...args);
    stalls.push(stalled);
    return stalled;
  };

  beforeEach(async () => {
    // the platform's own periodic sweep is an hour away: each test runs the sweep itself
    process.env.BOOKING_SWEEP_INTERVAL_MS = String(HOUR);
    try {
      booking = await startBookingPlatform();
    } finally {
      delete process.env.BOOKING_SWEEP_INTERVAL_MS;
    }
    recovery = createBookingContext({ ...booking.platform.platform.serviceDeps, clock: booking.clock });
  });
  afterEach(async () => {
    for (const stalled of stalls.splice(0)) stalled.restore();
    await booking.platform.stop();
  });

  const periodicSweep = () => sweep(recovery, { graceMs: GRACE_MS });
  const typesOf = async (streamId: string) =>
    (await booking.platform.platform.stores.events.readStream(streamId)).map((stored) => stored.event.type.split('.').slice(-2, -1)[0]);
  const reserving = (streamId: string) => (id: unknown, command: unknown) => id === streamId && (command as { type: string }).type === 'reserve';

  it('answers 400 when it was abandoned between two ledgers, and holds no slot in either', async () => {
    const firstDay = toLedgerStreamId(IDS.LOC_A2, '2026-01-13');
    const secondDay = toLedgerStreamId(IDS.LOC_A2, '2026-01-14');
    const stalled = stall('handle', reserving(secondDay));
    const services = [
      { calendarLocationId: CL.passportA2, start: slot('2026-01-13', '09:00') },
      { calendarLocationId: CL.passportA2, start: slot('2026-01-14', '09:00') },
    ];
    const body = [citizen(CL.passportA2, services[0].start, { services })];
    const headers = { 'x-custom-lang': 'en', 'idempotency-key': 'stalled-between-ledgers' };
    const pending = book(booking.institution, body, headers);
    await stalled.reached();

    booking.clock.advance(GRACE_MS + 1000);
    await periodicSweep(); // abandons the request and releases the first day, the only one it holds yet
    stalled.release();
    const answer = await pending;

    expect(answer.status, answer.text).to.equal(400);
    expect(answer.json().detail).to.equal(message('en', 'requestTimedOut'));
    const requestId = nameUuid('idempotency', 'demo-institution', headers['idempotency-key']);
    expect(await typesOf(toRequestStreamId(requestId))).to.deep.equal(['received', 'abandoned']);
    expect(await typesOf(firstDay)).to.deep.equal(['reserved', 'released']);
    expect(await typesOf(secondDay)).to.deep.equal(['reserved', 'released']);
    for (const service of services) {
      const other = await book(booking.institution, [citizen(CL.passportA2, service.start)]);
      expect(other.status, other.text).to.equal(200);
    }
    const retried = await book(booking.institution, body, headers);
    expect(retried.status, retried.text).to.equal(400);
    expect(retried.json().detail).to.equal(message('en', 'requestAbandoned'));
  });

  it('the periodic sweep, not only a restart, releases a hold reserved after the request was abandoned', async () => {
    // what a stalled process leaves when it reserves after being abandoned and stops before giving it back
    const events = booking.platform.platform.stores.events;
    const requestId = randomUUID();
    const date = '2026-01-16';
    const appointment = requestedAppointment({ appointmentId: randomUUID(), requestId, locationId: IDS.LOC_A2, calendarLocationId: CL.passportA2, slotDate: date });
    const held = { appointmentId: appointment.appointmentId, calendarLocationId: CL.passportA2, start: '2026-01-16T07:00:00.000Z', end: '2026-01-16T07:20:00.000Z' };
    const envelope = { source: BOOKING_SOURCE, producer: 'stalled', clock: booking.clock };
    const request = toRequestStreamId(requestId);
    const ledger = toLedgerStreamId(IDS.LOC_A2, date);
    const at = booking.clock.now().toISOString();
    const received = { requestId, requestedBy: 'stalled', bodyHash: 'h', withIdempotencyKey: false, ledgers: [{ locationId: IDS.LOC_A2, date }], appointments: [appointment], receivedAt: at };
    const abandoned = { requestId, reason: 'not decided within the grace period', abandonedAt: at };
    await events.append(request, [
      { producer: 'stalled', event: toCloudEvent({ type: REQUEST_RECEIVED, data: received }, request, envelope) },
      { producer: 'booking-scheduler', event: toCloudEvent({ type: REQUEST_ABANDONED, data: abandoned }, request, envelope) },
    ]);
    const reserved = { locationId: IDS.LOC_A2, date, requestId, bookings: [held] };
    await events.append(ledger, [{ producer: 'stalled', event: toCloudEvent({ type: SLOTS_RESERVED, data: reserved }, ledger, envelope) }], { expectedRevision: NO_STREAM });
    await booking.platform.platform.projections.waitFor(await events.headPosition());
    expect((await book(booking.institution, [citizen(CL.passportA2, slot(date, '09:00'))])).status).to.equal(400);

    await periodicSweep();

    expect(await typesOf(ledger)).to.deep.equal(['reserved', 'released']);
    const again = await book(booking.institution, [citizen(CL.passportA2, slot(date, '09:00'))]);
    expect(again.status, again.text).to.equal(200);
  });

  it('counts the grace period from when the request is received, not from its arrival (planning and queueing for the locks)', async () => {
    const ledger = toLedgerStreamId(IDS.LOC_A2, '2026-01-15');
    const queued = stall('load', (id) => id === ledger); // before anything is written: the admission check
    const reserving15 = stall('handle', reserving(ledger));
    const pending = book(booking.institution, [citizen(CL.passportA2, slot('2026-01-15', '09:00'))]);
    await queued.reached();
    booking.clock.advance(45_000);
    queued.release();
    await reserving15.reached();
    booking.clock.advance(20_000); // 65 s after it arrived, 20 s after it was received
    await periodicSweep();
    reserving15.release();

    const answer = await pending;
    expect(answer.status, answer.text).to.equal(200);
    const appointmentId = answer.json().appointmentRequestResultModels[0].id as string;
    const appointment = await booking.platform.platform.stores.events.readStream(`booking-appointment-${appointmentId}`);
    const { requestId } = appointment[0].event.data as { requestId: string };
    expect(await typesOf(toRequestStreamId(requestId))).to.deep.equal(['received', 'accepted']);
  });
});

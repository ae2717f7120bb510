import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { toCloudEvent } from '../../src/platform/decider';
import { NO_STREAM } from '../../src/platform/event-store/event-store';
import { REQUEST_ACCEPTED, REQUEST_RECEIVED } from '../../src/booking/request/events';
import { SLOTS_RESERVED } from '../../src/booking/ledger/events';
import { BOOKING_SOURCE } from '../../src/booking/service';
import { toLedgerStreamId } from '../../src/booking/ledger/stream';
import { toRequestStreamId } from '../../src/booking/request/stream';
import { book, bookOne, citizen, eventually, slot, startBookingPlatform, type BookingPlatform } from './booking-test-platform';
import { CL, IDS } from './booking-test-data';
import { requestedAppointment } from './booking-fixtures';

const HOUR = 3_600_000;

describe('Booking: confirmation deadline and recovery, driven by the log (e2e)', () => {
  let booking: BookingPlatform;
  beforeEach(async () => {
    booking = await startBookingPlatform();
  });
  afterEach(() => booking.platform.stop());

  const statusOf = async (id: string) => {
    const client = booking.platform.client('demo-institution');
    const listed = await client.get('/api/v2/appointments/calendar-location-list', { query: { CalendarLocationId: CL.passportA2, PageSize: 100 } });
    return listed.status === 200 ? (listed.json().find((item: { id: string }) => item.id === id)?.status as number | undefined) : undefined;
  };

  it('cancels a Waiting appointment as expired when its deadline passed while the platform was down, and frees its slot', async () => {
    // only the sweep at start can expire it: the periodic one is an hour away
    process.env.BOOKING_SWEEP_INTERVAL_MS = String(HOUR);
    try {
      await booking.platform.restart();
      const client = booking.platform.client('demo-institution');
      const start = slot('2026-01-13', '09:00');
      const waiting = await bookOne(client, CL.passportA2, start);
      const scheduled = await bookOne(client, CL.passportA2, slot('2026-01-13', '09:20'), { isEvo: true });
      booking.clock.advance(25 * HOUR);
      expect(await statusOf(waiting)).to.equal(1);

      await booking.platform.restart();
      expect(await statusOf(waiting)).to.equal(3);
      expect(await statusOf(scheduled)).to.equal(2);
      const again = await book(booking.platform.client('demo-institution'), [citizen(CL.passportA2, start)]);
      expect(again.status, again.text).to.equal(200);
      const events = await booking.platform.platform.stores.events.readStream(`booking-appointment-${waiting}`);
      expect(events.map((event) => event.event.type)).to.deep.equal(['md.gov.booking.appointment.requested.v1', 'md.gov.booking.appointment.canceled.v1']);
      expect(events[1].event.data).to.include({ reason: 'expired', canceledBy: 'booking-scheduler', notifyUser: true });
    } finally {
      delete process.env.BOOKING_SWEEP_INTERVAL_MS;
    }
  });

  it('the running scheduler expires an appointment when the clock passes its deadline, without a restart', async () => {
    const waiting = await bookOne(booking.institution, CL.passportA2, slot('2026-01-14', '09:00'));
    const confirmedInTime = await bookOne(booking.institution, CL.passportA2, slot('2026-01-14', '09:20'));
    expect((await booking.institution.patch(`/api/v2/appointments/${confirmedInTime}/confirm`)).status).to.equal(200);
    booking.clock.advance(24 * HOUR + 1000);
    await eventually(async () => ((await statusOf(waiting)) === 3 ? true : undefined), 'the expiry');
    expect(await statusOf(confirmedInTime)).to.equal(2);
    const late = await booking.institution.patch(`/api/v2/appointments/${waiting}/confirm`, { headers: { 'x-custom-lang': 'en' } });
    expect(late.status).to.equal(400);
  });

  it('refuses to confirm after the deadline even before the scheduler has run', async () => {
    const waiting = await bookOne(booking.institution, CL.passportA2, slot('2026-01-15', '09:00'));
    booking.clock.advance(24 * HOUR);
    const late = await booking.institution.patch(`/api/v2/appointments/${waiting}/confirm`, { headers: { 'x-custom-lang': 'en' } });
    expect(late.status).to.equal(400);
    expect(['The confirmation deadline of the appointment has passed.', 'The appointment is canceled and can no longer be confirmed.']).to.include(late.json().detail);
  });

  it('abandons a request whose process stopped after reserving, and gives its slot back', async () => {
    // what a process leaves behind when it dies between reserving and accepting
    const events = booking.platform.platform.stores.events;
    const requestId = randomUUID();
    const appointment = requestedAppointment({ appointmentId: randomUUID(), requestId, locationId: IDS.LOC_A2, calendarLocationId: CL.passportA2, slotDate: '2026-01-16' });
    const booked = { appointmentId: appointment.appointmentId, calendarLocationId: CL.passportA2, start: '2026-01-16T07:00:00.000Z', end: '2026-01-16T07:20:00.000Z' };
    const envelope = { source: BOOKING_SOURCE, producer: 'crashed', clock: booking.clock };
    const received = { requestId, requestedBy: 'crashed', bodyHash: 'h', withIdempotencyKey: false, ledgers: [{ locationId: IDS.LOC_A2, date: '2026-01-16' }], appointments: [appointment], receivedAt: booking.clock.now().toISOString() };
    await events.append(toRequestStreamId(requestId), [{ producer: 'crashed', event: toCloudEvent({ type: REQUEST_RECEIVED, data: received }, toRequestStreamId(requestId), envelope) }], { expectedRevision: NO_STREAM });
    const ledger = toLedgerStreamId(IDS.LOC_A2, '2026-01-16');
    await events.append(ledger, [{ producer: 'crashed', event: toCloudEvent({ type: SLOTS_RESERVED, data: { locationId: IDS.LOC_A2, date: '2026-01-16', requestId, bookings: [booked] } }, ledger, envelope) }], { expectedRevision: NO_STREAM });
    await booking.platform.restart();
    const client = booking.platform.client('demo-institution');
    expect((await book(client, [citizen(CL.passportA2, slot('2026-01-16', '09:00'))])).status).to.equal(400);

    booking.clock.advance(2 * 60_000);
    await booking.platform.restart();
    const retried = await eventually(async () => {
      const response = await book(booking.platform.client('demo-institution'), [citizen(CL.passportA2, slot('2026-01-16', '09:00'))]);
      return response.status === 200 ? response : undefined;
    }, 'the abandoned hold to be released');
    expect(retried.status).to.equal(200);
    const types = (await booking.platform.platform.stores.events.readStream(toRequestStreamId(requestId))).map((event) => event.event.type);
    expect(types).to.deep.equal([REQUEST_RECEIVED, 'md.gov.booking.request.abandoned.v1']);
  });

  it('writes the appointments of a request that was accepted just before its process stopped (roll-forward)', async () => {
    const events = booking.platform.platform.stores.events;
    const requestId = randomUUID();
    const appointmentId = randomUUID();
    const { userAccessToken, ...draft } = requestedAppointment({ appointmentId, requestId, locationId: IDS.LOC_A2, calendarLocationId: CL.passportA2, slotDate: '2026-01-16' });
    const envelope = { source: BOOKING_SOURCE, producer: 'crashed', clock: booking.clock };
    const stream = toRequestStreamId(requestId);
    const received = { requestId, requestedBy: 'crashed', bodyHash: 'h', withIdempotencyKey: false, ledgers: [{ locationId: IDS.LOC_A2, date: '2026-01-16' }], appointments: [draft], receivedAt: booking.clock.now().toISOString() };
    const response = { userAccessToken, appointmentRequestResultModels: [{ id: appointmentId, userAccessToken }] };
    await events.append(stream, [
      { producer: 'crashed', event: toCloudEvent({ type: REQUEST_RECEIVED, data: received }, stream, envelope) },
      { producer: 'crashed', event: toCloudEvent({ type: REQUEST_ACCEPTED, data: { requestId, response, acceptedAt: received.receivedAt } }, stream, envelope) },
    ]);
    booking.clock.advance(2 * 60_000);
    await booking.platform.restart();
    const written = await booking.platform.platform.stores.events.readStream(`booking-appointment-${appointmentId}`);
    expect(written.map((event) => event.event.type)).to.deep.equal(['md.gov.booking.appointment.requested.v1']);
    expect(written[0].event.data).to.include({ appointmentId, requestId, userAccessToken });
  });
});

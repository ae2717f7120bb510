import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { CommandHandler } from '../../src/platform/decider';
import { ledgerDecider } from '../../src/booking/ledger/decider';
import { SLOTS_RESERVED } from '../../src/booking/ledger/events';
import { BOOKING_SOURCE } from '../../src/booking/service';
import { systemClock } from '../../src/platform/clock';
import { freshEmbeddedStores } from '../support/embedded-stores';

const BRIDGES = 12;
const REQUESTS_EACH = 25;

/**
 * One hot slot ledger written by several bridges at once: each has its own cached CommandHandler (as each
 * bridge's booking context does), over one log. Between them only the expected revision decides.
 */
describe('Booking ledgers under contention between bridges (integration, embedded log)', function () {
  this.timeout(60_000);
  const stores = freshEmbeddedStores('egov-ledger-contention-');

  it('settles every reservation: conflicts are retried for a while with short pauses, not given up after a few tries', async () => {
    const ledger = 'booking-ledger-test-location-2026-12-01';
    const limits = { perSlotLimit: 1_000_000, locationCapacity: null, dailyLimit: null };
    const failures: unknown[] = [];
    const bridge = async (index: number) => {
      const ledgers = new CommandHandler(stores.events, ledgerDecider, { source: BOOKING_SOURCE, clock: systemClock, cache: { maxEntries: 2000 } });
      for (let request = 0; request < REQUESTS_EACH; request += 1) {
        const start = new Date(Date.UTC(2026, 11, 1, 8) + (index * REQUESTS_EACH + request) * 60_000).toISOString();
        const booking = { appointmentId: randomUUID(), calendarLocationId: 'test-calendar-location', start, end: new Date(Date.parse(start) + 60_000).toISOString() };
        await ledgers
          .handle(ledger, { type: 'reserve', locationId: 'test-location', date: '2026-12-01', requestId: randomUUID(), items: [{ booking, limits }] }, `bridge-${index}`)
          .catch((error: unknown) => failures.push(error));
      }
    };
    await Promise.all(Array.from({ length: BRIDGES }, (_, index) => bridge(index)));

    // with eight quick tries, 100 of these 300 reservations failed (a 500 to the citizen)
    expect(failures.map(String)).to.deep.equal([]);
    const reservations = (await stores.events.readStream(ledger)).filter((stored) => stored.event.type === SLOTS_RESERVED);
    expect(reservations).to.have.length(BRIDGES * REQUESTS_EACH);
  });
});

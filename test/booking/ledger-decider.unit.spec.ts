import { expect } from 'chai';
import { ledgerDecider, SlotUnavailableError } from '../../src/booking/ledger/decider';
import type { ReserveSlots } from '../../src/booking/ledger/commands';
import { SLOTS_RELEASED, SLOTS_RESERVED, type Booking, type LedgerEvent } from '../../src/booking/ledger/events';
import { deciderSpec } from '../support/decider-spec';

const spec = deciderSpec(ledgerDecider);
const booking = (appointmentId: string, calendarLocationId = 'passport', start = '2026-01-15T07:30:00.000Z', end = '2026-01-15T08:00:00.000Z'): Booking => ({ appointmentId, calendarLocationId, start, end });
const limits = { perSlotLimit: 2, locationCapacity: 3, dailyLimit: null };
const reserve = (requestId: string, ...bookings: Booking[]): ReserveSlots => ({ type: 'reserve', locationId: 'loc-1', date: '2026-01-15', requestId, items: bookings.map((b) => ({ booking: b, limits })) });
const reserved = (requestId: string, ...bookings: Booking[]): LedgerEvent => ({ type: SLOTS_RESERVED, data: { locationId: 'loc-1', date: '2026-01-15', requestId, bookings } });

describe('Slot ledger decider (unit, given/when/then)', () => {
  it('reserves free places', () => spec.given([]).when(reserve('r1', booking('a1'), booking('a2'))).then([reserved('r1', booking('a1'), booking('a2'))]));

  it('refuses the whole reservation when one item does not fit, naming the item', () => {
    spec.given([reserved('r1', booking('a1'))]).when(reserve('r2', booking('a2'), booking('a3'))).thenThrows(SlotUnavailableError, /item 1: slotFull/);
  });

  it('counts every service of the location against its capacity', () => {
    const history = [reserved('r1', booking('a1'), booking('a2'), booking('a3', 'id-card'))];
    spec.given(history).when(reserve('r2', booking('a4', 'driving'))).thenThrows(SlotUnavailableError, /locationFull/);
    spec.given(history).when(reserve('r2', booking('a4', 'driving', '2026-01-15T08:00:00.000Z', '2026-01-15T08:30:00.000Z'))).then([
      reserved('r2', booking('a4', 'driving', '2026-01-15T08:00:00.000Z', '2026-01-15T08:30:00.000Z')),
    ]);
  });

  it('refuses the same person the same service at the same time again, and takes it once the first is released', () => {
    const ion = (appointmentId: string, calendarLocationId = 'passport', start = '2026-01-15T07:30:00.000Z') => ({ ...booking(appointmentId, calendarLocationId, start), person: 'person-ion' });
    const first = reserved('r1', ion('a1'));
    spec.given([first]).when(reserve('r2', booking('a0'), ion('a2'))).thenThrows(SlotUnavailableError, /item 1: alreadyBooked/);
    // another service, another time, another person, or a booking recorded before persons were kept
    spec.given([first]).when(reserve('r2', ion('a2', 'id-card'))).then([reserved('r2', ion('a2', 'id-card'))]);
    spec.given([first]).when(reserve('r2', ion('a2', 'passport', '2026-01-15T08:00:00.000Z'))).then([reserved('r2', ion('a2', 'passport', '2026-01-15T08:00:00.000Z'))]);
    spec.given([first]).when(reserve('r2', { ...ion('a2'), person: 'person-ana' })).then([reserved('r2', { ...ion('a2'), person: 'person-ana' })]);
    spec.given([reserved('r1', booking('a1'))]).when(reserve('r2', ion('a2'))).then([reserved('r2', ion('a2'))]);
    const released: LedgerEvent = { type: SLOTS_RELEASED, data: { locationId: 'loc-1', date: '2026-01-15', requestId: null, reason: 'canceled', bookings: [ion('a1')] } };
    spec.given([first, released]).when(reserve('r2', ion('a2'))).then([reserved('r2', ion('a2'))]);
  });

  it('changes nothing when the same request reserves again', () => spec.given([reserved('r1', booking('a1'))]).when(reserve('r1', booking('a1'))).then([]));

  it('frees a place when an appointment is released, and releasing twice changes nothing', () => {
    const released: LedgerEvent = { type: SLOTS_RELEASED, data: { locationId: 'loc-1', date: '2026-01-15', requestId: null, reason: 'canceled', bookings: [booking('a1')] } };
    const release = { type: 'release' as const, locationId: 'loc-1', date: '2026-01-15', reason: 'canceled' as const, appointmentIds: ['a1'] };
    spec.given([reserved('r1', booking('a1'), booking('a2'))]).when(release).then([released]);
    spec.given([reserved('r1', booking('a1'), booking('a2')), released]).when(release).then([]);
    spec.given([reserved('r1', booking('a1'), booking('a2')), released]).when(reserve('r2', booking('a3'))).then([reserved('r2', booking('a3'))]);
  });

  it('releases everything a request holds (compensation)', () => {
    spec.given([reserved('r1', booking('a1'), booking('a2', 'id-card'))]).when({ type: 'release', locationId: 'loc-1', date: '2026-01-15', reason: 'request-refused', requestId: 'r1' }).then([
      { type: SLOTS_RELEASED, data: { locationId: 'loc-1', date: '2026-01-15', requestId: 'r1', reason: 'request-refused', bookings: [booking('a1'), booking('a2', 'id-card')] } },
    ]);
    spec.given([]).when({ type: 'release', locationId: 'loc-1', date: '2026-01-15', reason: 'request-abandoned', requestId: 'r9' }).then([]);
  });

  it('never lets a slot hold more than its limit, whatever the order of requests', () => {
    let state = ledgerDecider.initialState();
    let accepted = 0;
    for (let index = 0; index < 10; index += 1) {
      try {
        for (const event of ledgerDecider.decide(reserve(`r${index}`, booking(`a${index}`)), state)) state = ledgerDecider.evolve(state, event);
        accepted += 1;
      } catch (error) {
        expect(error).to.be.instanceOf(SlotUnavailableError);
      }
    }
    expect(accepted).to.equal(2);
  });
});

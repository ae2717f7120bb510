import { BOOKING_STREAMS } from '../service';

/** one ledger per location and local day: the unit that serialises bookings (see docs/decisions.md) */
export const toLedgerStreamId = (locationId: string, date: string) => `${BOOKING_STREAMS}ledger-${locationId}-${date}`;

import { addWorkingDays, COUNTRY_TIME_ZONE, COUNTRY_WORK_CALENDAR } from '../../platform/time/work-calendar';
import { addDays, instantAt, localParts } from '../../platform/time/zoned-time';
import type { DeliveryStatus } from './statuses';

/** The statuses in which an order waits for the carrier to pick it up. */
export const AWAITING_CARRIER: readonly DeliveryStatus[] = ['Ready', 'AwaitingPickup'];

/**
 * When an order that began waiting for the carrier at `at` expires if it is not picked up: at the end
 * (local midnight, Europe/Chisinau) of the `workingDays`-th working day after that day, by the country's
 * work calendar.
 */
export function pickupDeadline(at: string, workingDays: number): string {
  const { date } = localParts(new Date(at), COUNTRY_TIME_ZONE);
  const lastDay = addWorkingDays(COUNTRY_WORK_CALENDAR, date, workingDays);
  return instantAt(addDays(lastDay, 1), 0, COUNTRY_TIME_ZONE).toISOString();
}

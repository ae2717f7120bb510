/**
 * How full a location's day is. Occupancy entries are booked slots (UTC ISO start/end) with a count; the
 * rules are: a slot holds at most its per-slot limit, a calendar-location takes at most its daily limit,
 * and at no moment do more appointments run at the location than its capacity.
 */
export type Occupancy = { calendarLocationId: string; start: string; end: string; count: number };

export type BookingLimits = { perSlotLimit: number; locationCapacity: number | null; dailyLimit: number | null };

export type CapacityRefusal = 'slotFull' | 'dayFull' | 'locationFull';

export function capacityRefusal(
  sameDay: readonly Occupancy[],
  candidate: { calendarLocationId: string; start: string; end: string },
  limits: BookingLimits,
): CapacityRefusal | null {
  const ofService = sameDay.filter((entry) => entry.calendarLocationId === candidate.calendarLocationId);
  const inSlot = total(ofService.filter((entry) => entry.start === candidate.start));
  if (inSlot >= limits.perSlotLimit) return 'slotFull';
  if (limits.dailyLimit !== null && total(ofService) >= limits.dailyLimit) return 'dayFull';
  if (limits.locationCapacity !== null && peakOverlap(sameDay, candidate.start, candidate.end) >= limits.locationCapacity) return 'locationFull';
  return null;
}

/** The most appointments running at one moment within [start, end). */
export function peakOverlap(entries: readonly Occupancy[], start: string, end: string): number {
  const moments = [start, ...entries.map((entry) => entry.start).filter((moment) => moment > start && moment < end)];
  let peak = 0;
  for (const moment of moments) {
    peak = Math.max(peak, total(entries.filter((entry) => entry.start <= moment && moment < entry.end)));
  }
  return peak;
}

function total(entries: readonly Occupancy[]): number {
  return entries.reduce((sum, entry) => sum + entry.count, 0);
}

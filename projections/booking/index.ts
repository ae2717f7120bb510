import type { Projection } from '../../src/platform/projections/projection';
import { appointmentsProjection } from './appointments';
import { referenceProjections } from './reference-data';
import { requestsProjection } from './requests';
import { slotUsageProjection } from './slot-usage';

/**
 * Several read models kept by one projection: one checkpoint and one transaction per batch for all of
 * them. The runner commits a transaction per projection on every catch-up (with an fsync), so fewer,
 * wider projections keep the booking path fast; each read model still has its own small applier.
 * Its version moves whenever a part's does, so a part raised to a new version is rebuilt.
 */
function combinedProjection(name: string, parts: Projection[]): Projection {
  const [{ streamPrefix }] = parts;
  if (parts.some((part) => part.streamPrefix !== streamPrefix)) throw new Error(`projection ${name}: its parts read different streams`);
  return {
    name,
    version: 1 + parts.reduce((raised, part) => raised + (part.version ?? 1) - 1, 0),
    streamPrefix,
    eventTypes: [...new Set(parts.flatMap((part) => part.eventTypes))],
    collections: parts.flatMap((part) => part.collections),
    indexes: parts.flatMap((part) => part.indexes ?? []),
    async apply(stored, session) {
      for (const part of parts) if (part.eventTypes.includes(stored.event.type)) await part.apply(stored, session);
    },
  };
}

/** Two projections: the reference data, and what bookings change (appointments, slot usage, requests). */
export const bookingProjections: Projection[] = [
  combinedProjection('booking-reference-data', referenceProjections),
  combinedProjection('booking-appointments', [appointmentsProjection, slotUsageProjection, requestsProjection]),
];

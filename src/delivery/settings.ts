import { booleanSetting, durationSetting, integerSetting } from '../config';

/** The delivery integration's settings, read from the environment when the service starts (docs/delivery.md). */
export type DeliverySettings = {
  /** how often the sweep looks for orders whose timed rule fell due */
  sweepIntervalMs: number;
  /** working days the carrier has to pick an order up once it is Ready, before it expires */
  pickupWorkingDays: number;
  /** at most this many changes in one answer of the changes operation (the rest come with the next request) */
  changesPageLimit: number;
  /** a page another bridge is writing to the same caller is left to it for this long */
  changesLeaseMs: number;
  /** load the demo orders on the first start; unset: only on the embedded profile */
  demoData?: boolean;
};

export function deliverySettings(env: NodeJS.ProcessEnv = process.env): DeliverySettings {
  return {
    sweepIntervalMs: durationSetting(env, 'DELIVERY_SWEEP_INTERVAL_MS', 30_000, 10),
    pickupWorkingDays: integerSetting(env, 'DELIVERY_PICKUP_WORKING_DAYS', 10, 1, 250),
    changesPageLimit: integerSetting(env, 'DELIVERY_CHANGES_PAGE_LIMIT', 1000, 1, 10_000),
    changesLeaseMs: durationSetting(env, 'DELIVERY_CHANGES_LEASE_MS', 30_000, 0),
    demoData: env.DELIVERY_DEMO_DATA ? booleanSetting(env, 'DELIVERY_DEMO_DATA', false) : undefined,
  };
}

import { readFileSync } from 'node:fs';
import { NO_STREAM } from '../../platform/event-store/event-store';
import { toCloudEvent } from '../../platform/decider';
import type { BookingContext } from '../handlers/booking-context';
import { importReferenceData, type ReferenceImport } from '../handlers/reference-import';
import { RequestSchemas } from '../../platform/http/request-validation';
import { COUNTRY_WORK_CALENDAR } from '../../platform/time/work-calendar';
import { BOOKING_SERVICE, BOOKING_SOURCE, BOOKING_STREAMS } from '../service';

export const DEMO_DATA_LOADED = 'md.gov.booking.demo-data.loaded.v1';
/** a marker: the demo data were loaded once */
export const DEMO_DATA_STREAM = `${BOOKING_STREAMS}demo-data`;
const DEMO_FILE = new URL('./demo-data.json', import.meta.url);

/**
 * Loads the demo organizations, locations and services, with the country's 2026-2027 public holidays, once:
 * a marker stream records that it happened, so that later edits of the demo data through the admin API are
 * not undone on the next start.
 */
export async function loadDemoData(context: BookingContext): Promise<boolean> {
  if ((await context.events.readStream(DEMO_DATA_STREAM)).length > 0) return false;
  const file = RequestSchemas.of(BOOKING_SERVICE).value<ReferenceImport>('import', withCountryHolidays(JSON.parse(readFileSync(DEMO_FILE, 'utf8'))));
  const summary = await importReferenceData(context, file, 'booking-demo-data', 'en');
  const marker = toCloudEvent({ type: DEMO_DATA_LOADED, data: summary }, DEMO_DATA_STREAM, { source: BOOKING_SOURCE, producer: 'booking-demo-data', clock: context.clock });
  await context.events.append(DEMO_DATA_STREAM, [{ event: marker, producer: 'booking-demo-data' }], { expectedRevision: NO_STREAM }).catch(() => undefined);
  context.logger.info(summary, 'booking demo data loaded');
  return true;
}

/**
 * The demo institutions' settings name no holidays of their own: they work by the country's public holidays
 * (src/platform/time/public-holidays.json), the calendar petitions count their deadlines by too.
 */
function withCountryHolidays(file: ReferenceImport): ReferenceImport {
  return { ...file, settings: file.settings?.map((settings) => ({ ...settings, holidays: settings.holidays ?? [...COUNTRY_WORK_CALENDAR.holidays] })) };
}

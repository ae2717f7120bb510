import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { message } from '../../src/booking/messages';
import { addDays, DEFAULT_TIME_ZONE, formatWithOffset, instantAt, localParts, weekdayOf } from '../../src/platform/time/zoned-time';
import { projectRoot } from '../../src/platform/project-paths';
import type { HttpsClient } from '../support/https-client';
import { ServerProcess } from '../support/server-process';
import { ADMIN, book, citizen, eventually } from './booking-test-platform';
import { CL, TEST_DATA } from './booking-test-data';

/** A local time at passport A1 (08:00-12:00 on weekdays, two places a slot) as the API takes it. */
const at = (date: string, time: string) => formatWithOffset(instantAt(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), DEFAULT_TIME_ZONE), DEFAULT_TIME_ZONE);

describe('Booking: a retry after a crash is answered at once (e2e, separate server process killed with SIGKILL)', function () {
  this.timeout(120_000);
  let dataDir: string;
  let server: ServerProcess;
  const armed = () => join(dataDir, 'stall-armed');
  const reached = () => join(dataDir, 'stall-reached');

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'egov-booking-crash-'));
    server = new ServerProcess(dataDir, await ServerProcess.freePort());
  });
  after(async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Two days on which passport A1 takes a booking at 10:00 (each found by booking it). */
  async function twoBookableDays(institution: HttpsClient): Promise<string[]> {
    const days: string[] = [];
    for (let date = addDays(localParts(new Date(), DEFAULT_TIME_ZONE).date, 2); days.length < 2; date = addDays(date, 1)) {
      if (weekdayOf(date) > 5) continue;
      const probe = await book(institution, [citizen(CL.passportA1, at(date, '10:00'))]);
      if (probe.status === 200) days.push(date);
      if (days.length < 2 && date > addDays(localParts(new Date(), DEFAULT_TIME_ZONE).date, 28)) throw new Error(`no two bookable days: ${probe.text}`);
    }
    return days;
  }

  it('abandons at start the request the bridge had under way, releasing what it held, so that its retry is answered at once', async () => {
    const stall = { STALL_ARMED: armed(), STALL_REACHED: reached(), STALL_AT_RESERVE: '2' };
    await server.start({ imports: [join(projectRoot, 'test/support/stalled-reservation.ts')], env: { ...stall, BOOKING_DEMO_DATA: 'false' } });
    const institution = server.client('demo-institution');
    const imported = await institution.post(`${ADMIN}/imports`, { body: TEST_DATA });
    expect(imported.status, imported.text).to.equal(200);
    const [first, second] = await twoBookableDays(institution);

    // one request, two slot ledgers: the first is reserved, the second never is, and the process dies there
    const body = [citizen(CL.passportA1, at(first, '10:30')), citizen(CL.passportA1, at(second, '10:30'))];
    const headers = { 'Idempotency-Key': 'crash-retry-1' };
    writeFileSync(armed(), '');
    const inFlight = book(institution, body, headers).catch((error: Error) => error);
    await eventually(async () => (existsSync(reached()) ? true : undefined), 'the stalled reservation');
    await server.kill();
    expect(await inFlight).to.be.instanceOf(Error);

    await server.start({ env: { BOOKING_DEMO_DATA: 'false' } });
    const client = server.client('demo-institution');
    const startedAt = Date.now();
    const retry = await book(client, body, { ...headers, 'x-custom-lang': 'en' });
    expect(retry.status, retry.text).to.equal(400);
    expect(retry.text).to.include(message('en', 'requestAbandoned'));
    expect(Date.now() - startedAt).to.be.below(5_000);

    // the place the request held on the first day was given back: both places of the slot can be booked
    for (const key of ['after-crash-1', 'after-crash-2']) {
      const again = await book(client, [citizen(CL.passportA1, at(first, '10:30'))], { 'Idempotency-Key': key });
      expect(again.status, again.text).to.equal(200);
    }
  });
});

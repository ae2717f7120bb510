import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestPlatform } from '../support/test-platform';
import { produce } from './console-test-kit';
import type { HttpsClient } from '../support/https-client';
import { contextAs, ensureConsoleBundle, launchChromium, screenshot } from './console-browser';

const SUBJECT = '2000000000011';
const LEGAL_BASIS = 'Legea nr. 133/2011, art. 5';

/**
 * The console in a real browser (Debian's Chromium, driven by playwright-core) against the real platform:
 * each page shows what the test produced through the APIs, the live log shows a new event within a
 * second, and a client without the right is told why it is refused. Screenshots: test-results/console/.
 */
describe('Auditor console in Chromium (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let browser: Browser;
  let auditor: BrowserContext;
  let page: Page;
  let producer: HttpsClient;
  let institution: HttpsClient;
  let registrationUid: string;
  const requestedUrls: string[] = [];

  before(async () => {
    ensureConsoleBundle();
    platform = await TestPlatform.start({ seedDevelopmentData: true });
    producer = platform.client('demo-producer');
    institution = platform.client('demo-institution');
    registrationUid = await registerAccess(institution);
    await reportDeadEvent(platform.client('demo-consumer'), producer);
    browser = await launchChromium();
    auditor = await contextAs(browser, platform, 'demo-auditor', 'pkcs12');
    page = await auditor.newPage();
    page.on('request', (request) => requestedUrls.push(request.url()));
  });
  after(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('the live log lists the events produced, shows a new one within a second, and opens one whole', async () => {
    await produce(producer, { type: 'demo.order.created', subject: 'order-console-1' });
    await page.goto(`${platform.baseUrl}/console/#/log`);
    await page.locator('td', { hasText: 'order-console-1' }).first().waitFor();
    await page.locator('.live.on').waitFor();

    // pushed over the tail the page holds open, not fetched: no request of the page's between the produce
    // and the row (how long it takes is the bench's to measure, not a test's on a shared machine)
    const requestsBefore = requestedUrls.length;
    await produce(producer, { type: 'demo.order.shipped', subject: 'order-console-2' });
    await page.locator('td', { hasText: 'order-console-2' }).first().waitFor();
    expect(requestedUrls.slice(requestsBefore)).to.deep.equal([]);
    await screenshot(page, 'log');

    await page.locator('tr', { hasText: 'order-console-2' }).locator('a').first().click();
    await page.locator('.opened pre.json', { hasText: 'demo.order.shipped' }).waitFor();
    await screenshot(page, 'log-event-opened');
  });

  it('the log filters by type', async () => {
    await page.goto(`${platform.baseUrl}/console/#/log`);
    await page.fill('input[name=type]', 'demo.order.shipped');
    await page.locator('td', { hasText: 'order-console-1' }).first().waitFor();
    await page.click('form.filters button[type=submit]');
    // the list is replaced by the filtered one: the other type's event goes, the filtered type's stays
    await page.locator('td', { hasText: 'order-console-1' }).first().waitFor({ state: 'detached' });
    await page.locator('td', { hasText: 'order-console-2' }).first().waitFor();
  });

  it("an aggregate's history shows each event with its client, certificate and the state after it", async () => {
    await page.goto(`${platform.baseUrl}/console/#/streams/${encodeURIComponent(`eventlog-registration-${registrationUid}`)}`);
    const entry = page.locator('ol.history li').first();
    await entry.waitFor();
    expect(await entry.textContent()).to.include('md.gov.eventlog.events.registered.v1').and.include('demo-institution').and.include('CN=demo-institution');
    expect(await entry.locator('details[open] pre.json').textContent()).to.include('"registered": true');
    await screenshot(page, 'aggregate-history');

    const organization = await firstStreamOf('booking-organization-');
    await page.goto(`${platform.baseUrl}/console/#/streams/${encodeURIComponent(organization)}`);
    await page.locator('p.aggregate', { hasText: 'booking organization' }).waitFor();
    expect(await page.locator('ol.history details[open] pre.json').first().textContent()).to.include('"definition"');
    await screenshot(page, 'aggregate-history-booking');
  });

  it('consumer groups show where each group stands, its lag as a chart, and the dead events', async () => {
    await page.goto(`${platform.baseUrl}/console/#/groups`);
    await page.locator('table.groups td', { hasText: 'demo-consumer' }).first().waitFor();
    await page.locator('.lag-chart canvas').waitFor();
    await page.locator('table.dead td', { hasText: 'demo.order.created' }).first().waitFor();
    await screenshot(page, 'consumer-groups');
  });

  it('the event log is searched by UID and by time range', async () => {
    await page.goto(`${platform.baseUrl}/console/#/eventlog`);
    await page.selectOption('select[name=mode]', 'uid');
    await page.fill('input[name=uid]', registrationUid);
    await page.click('form.filters button[type=submit]');
    await page.locator('table.registrations td', { hasText: 'MCabinet.PersonalData.Access' }).waitFor();

    await page.selectOption('select[name=mode]', 'range');
    await page.fill('input[name=eventTimeFrom]', '2026-01-01');
    await page.fill('input[name=eventTimeTo]', '2030-01-01');
    await page.fill('input[name=filter]', 'event_type=MCabinet.PersonalData.Access');
    await page.click('form.filters button[type=submit]');
    await page.locator('table.registrations td', { hasText: registrationUid }).waitFor();
    await screenshot(page, 'event-log-search');
  });

  it("personal data: who accessed a person's data, exported as CSV and PDF, the IDNP in no URL", async () => {
    await page.goto(`${platform.baseUrl}/console/#/personal-data`);
    await page.fill('input[name=subject]', SUBJECT);
    await page.click('form.filters button[type=submit]');
    await page.locator('table.accesses td', { hasText: LEGAL_BASIS }).waitFor();
    await screenshot(page, 'personal-data');

    const csv = await download(page, 'Export CSV');
    expect(csv.toString('utf8')).to.include('MCabinet.PersonalData.Access').and.include(LEGAL_BASIS).and.include('demo-institution');
    const pdf = await download(page, 'Export PDF');
    expect(pdf.subarray(0, 5).toString()).to.equal('%PDF-');
    expect(requestedUrls.filter((url) => url.includes(SUBJECT))).to.deep.equal([]);
  });

  it('projections show their positions, and a rebuild runs to its end with a progress bar', async () => {
    await page.goto(`${platform.baseUrl}/console/#/projections`);
    const row = page.locator('tr[data-projection="eventlog-entries"]');
    await row.waitFor();
    await row.locator('button', { hasText: 'Rebuild' }).click();
    await row.locator('.progress.done', { hasText: '100%' }).waitFor();
    await screenshot(page, 'projections');
    const search = await institution.get('/query', { query: { legal_basis: 'check', event_time_from: '2026-01-01', event_time_to: '2030-01-01' } });
    expect(search.status).to.equal(200);
  });

  it('a client without the right is refused, and told which right it lacks', async () => {
    const consumer = await contextAs(browser, platform, 'demo-consumer');
    const refused = await consumer.newPage();
    await refused.goto(`${platform.baseUrl}/console/#/log`);
    await refused.locator('.refused', { hasText: 'audit: read' }).waitFor();
    expect(await refused.locator('.refused').textContent()).to.include('demo-consumer');
    await screenshot(refused, 'refused');
    await refused.goto(`${platform.baseUrl}/console/#/projections`);
    await refused.locator('.refused', { hasText: 'operations: projections' }).waitFor();
    await consumer.close();
  });

  async function firstStreamOf(prefix: string): Promise<string> {
    const found = await platform.platform.stores.events.readAll({ after: 0, limit: 10_000, filter: { streamPrefix: prefix } });
    return found[0].streamId;
  }
});

/** An institution logs that it read a person's data: the personal-data index then holds one access. */
async function registerAccess(institution: HttpsClient): Promise<string> {
  const event = { event_time: new Date().toISOString(), event_type: 'MCabinet.PersonalData.Access', legal_basis: LEGAL_BASIS, subject: SUBJECT, user: 'operator-7' };
  const response = await institution.post('/register', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
  expect(response.status).to.equal(200);
  return response.json().UID;
}

/** demo-consumer opens a group, reads what waits, and reports one event it cannot process. */
async function reportDeadEvent(consumer: HttpsClient, producer: HttpsClient) {
  await produce(producer, { type: 'demo.order.created', subject: 'order-dead-1' });
  const created = await consumer.post('/ce/consumers');
  expect(created.status).to.equal(201);
  const instance = String(created.headers.location);
  await consumer.get(`${instance}/events`);
  const dead = await consumer.post(`${instance}/dead`, {
    headers: { 'content-type': 'application/json', 'ce-specversion': '1.0', 'ce-id': 'order-dead-1', 'ce-source': 'urn:demo:producer', 'ce-type': 'demo.order.created' },
    body: JSON.stringify({ error: 'unknown customer' }),
  });
  expect(dead.status).to.equal(202);
}

async function download(page: Page, button: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`button:has-text("${button}")`)]);
  return readFileSync(await file.path());
}

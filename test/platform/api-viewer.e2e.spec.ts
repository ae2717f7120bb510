import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { OpenApiDocument } from '../../src/platform/openapi/openapi-document';
import { contextAs, launchChromium, screenshot } from '../console/console-browser';
import { TestPlatform } from '../support/test-platform';

/**
 * What a new user sees at /api/v1/docs (issue 33): Swagger UI, served by the platform, in a real browser
 * holding a development client's certificate, shows every operation of the OpenAPI description under its
 * service's tag, and loads nothing from anywhere else.
 */
describe('The API viewer in Chromium (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let browser: Browser;
  let page: Page;
  let document: OpenApiDocument;
  const requestedUrls: string[] = [];

  before(async () => {
    platform = await TestPlatform.start();
    document = (await platform.client('demo-institution').get('/api/v1/openapi.json')).json();
    browser = await launchChromium();
    const context = await contextAs(browser, platform, 'demo-institution');
    page = await context.newPage();
    page.on('request', (request) => requestedUrls.push(request.url()));
  });
  after(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('lists every described operation under its service, from the platform alone', async () => {
    await page.goto(`${platform.baseUrl}/api/v1/docs`);
    await page.locator('h3.opblock-tag').first().waitFor();
    const operationsByTag = new Map<string, number>();
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item as Record<string, { tags: string[] }>)) operationsByTag.set(operation.tags[0], (operationsByTag.get(operation.tags[0]) ?? 0) + 1);
    }
    expect([...operationsByTag.keys()]).to.include.members(['exchange', 'booking', 'notification', 'eventlog', 'audit', 'documents', 'petitions', 'representation', 'delivery', 'console', 'operations']);
    const shownTags = await page.locator('h3.opblock-tag').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-tag')));
    expect(shownTags).to.have.members([...operationsByTag.keys()]);
    // the viewer opens with every service folded (docExpansion: 'none'): open each in turn, as a reader would
    const shown = new Map<string, number>();
    for (const tag of operationsByTag.keys()) {
      const heading = page.locator(`h3.opblock-tag[data-tag="${tag}"]`);
      await heading.click();
      const section = page.locator('.opblock-tag-section.is-open', { has: heading });
      await section.locator('.opblock').first().waitFor();
      shown.set(tag, await section.locator('.opblock').count());
      if (tag === 'documents') await screenshot(page, 'api-viewer-documents');
      await heading.click();
    }
    expect(Object.fromEntries(shown)).to.deep.equal(Object.fromEntries(operationsByTag));
    expect(requestedUrls.filter((url) => !url.startsWith(platform.baseUrl))).to.deep.equal([]);
  });
});

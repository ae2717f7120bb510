import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEVELOPMENT_PKCS12_PASSWORD, ensureBrowserCertificate } from '../../src/console/browser-certificate';
import { CONSOLE_BUNDLE_DIR } from '../../src/console/routes/page-routes';
import { projectRoot } from '../../src/platform/project-paths';
import type { TestPlatform } from '../support/test-platform';

/** Debian's Chromium (.ci/run installs it); CHROMIUM_PATH names another. Playwright's own browser download cannot run here. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** git-ignored: each run writes a screenshot of every page here */
export const SCREENSHOTS_DIR = join(projectRoot, 'test-results', 'console');
/** headless, and nothing that reaches outside this machine: the network is closed and these would be refused */
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The console's bundle, built now if the install did not (npm ci's prepare builds it). */
export function ensureConsoleBundle(): void {
  if (existsSync(join(CONSOLE_BUNDLE_DIR, 'index.html'))) return;
  const built = spawnSync('npm', ['run', '--silent', 'build:console'], { cwd: projectRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build:console failed');
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (.ci/run does), or set CHROMIUM_PATH`);
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * A browser context presenting the named development client's certificate to the platform, as a person
 * who imported it would: the PKCS#12 file `npm start` makes for the console, or the PEM files. The
 * development CA is not one the browser trusts, hence ignoreHTTPSErrors.
 */
export function contextAs(browser: Browser, platform: TestPlatform, clientId: string, form: 'pkcs12' | 'pem' = 'pem'): Promise<BrowserContext> {
  const certificate =
    form === 'pkcs12'
      ? { origin: platform.baseUrl, pfxPath: ensureBrowserCertificate(platform.pki, clientId)!, passphrase: DEVELOPMENT_PKCS12_PASSWORD }
      : { origin: platform.baseUrl, certPath: platform.pki.clientCert(clientId), keyPath: platform.pki.clientKey(clientId) };
  return browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 }, clientCertificates: [certificate] });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
}

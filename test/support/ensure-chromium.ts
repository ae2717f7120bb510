/**
 * Run by `npm test` before the tests: the console's browser tests drive Debian's Chromium, which no npm
 * package brings (Playwright's own browser download cannot run on these machines). When it is missing and
 * this process may install Debian packages (root, apt-get present), it installs it, saying so; otherwise it
 * stops with the one command to run. CHROMIUM_PATH names another Chromium.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const mayInstall = !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!mayInstall) {
    process.stderr.write(`npm test: the console's browser tests need Chromium at ${chromium}: run  sudo apt-get install -y chromium  (or set CHROMIUM_PATH)\n`);
    process.exit(1);
  }
  process.stdout.write('npm test: installing Debian\'s chromium for the console\'s browser tests (apt-get install -y chromium)\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) {
      process.stderr.write(`npm test: apt-get ${args.join(' ')} failed (exit ${run.status}); install chromium yourself or set CHROMIUM_PATH\n`);
      process.exit(1);
    }
  }
  if (!existsSync(chromium)) {
    process.stderr.write(`npm test: apt-get installed chromium, but not at ${chromium}; set CHROMIUM_PATH\n`);
    process.exit(1);
  }
}

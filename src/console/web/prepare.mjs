// npm ci and npm install run this (the "prepare" script): the console's bundle is built when Vite is
// installed. An install without development packages (npm ci --omit=dev, the Dockerfile's) has no Vite:
// it says so and goes on, and the Dockerfile builds the bundle in a stage of its own.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

try {
  createRequire(import.meta.url).resolve('vite/package.json');
} catch {
  console.log('console: Vite is not installed (a production install): the console bundle is not built here');
  process.exit(0);
}
const built = spawnSync('npm', ['run', '--silent', 'build:console'], { stdio: 'inherit' });
process.exit(built.status ?? 1);

import { ConfigurationError, loadConfig } from './config';
import { CONSOLE_DEVELOPMENT_CLIENT, DEVELOPMENT_PKCS12_PASSWORD, ensureBrowserCertificate } from './console/browser-certificate';
import { pkiFiles } from './platform/identity/pki';
import { startPlatform } from './platform-app';
import { isAbsolute, join, relative, resolve } from 'node:path';

/** `npm start`: the platform on the embedded profile (or production stores when their URLs are set). */
const config = await orExitOnConfiguration(() => loadConfig());
const platform = await orExitOnConfiguration(() => startPlatform(config));

const pki = pkiFiles(join(config.dataDir, 'pki'));
/** A path as the user would type it here: relative under the working directory, absolute elsewhere. */
const rel = (path: string) => {
  const fromHere = relative(process.cwd(), path) || '.';
  return fromHere.startsWith('..') || isAbsolute(fromHere) ? resolve(path) : fromHere;
};
const base = config.publicUrl;
const producer = `--cacert ${rel(pki.caCert)} --cert ${rel(pki.clientCert('demo-producer'))} --key ${rel(pki.clientKey('demo-producer'))}`;
const consumer = `--cacert ${rel(pki.caCert)} --cert ${rel(pki.clientCert('demo-consumer'))} --key ${rel(pki.clientKey('demo-consumer'))}`;
process.stdout.write(`
Platform ready on ${base} (bridge ${config.bridgeId}; data in ${rel(config.dataDir)}; ${platform.stores.profile}).

Produce an event as demo-producer:
  curl ${producer} -H 'Content-Type: application/cloudevents+json' \\
    -d '{"specversion":"1.0","id":"order-1","source":"urn:demo:producer","type":"demo.order.created","data":{"orderId":1}}' \\
    ${base}/ce/produce/event -i

Consume it as demo-consumer (long polling):
  curl ${consumer} -X POST '${base}/ce/consumers' -i          # Location: the instance URL
  curl ${consumer} '<instance URL>/events'                     # the events, with offsets
  curl ${consumer} -X POST '<instance URL>/confirm?offset=1' -i

Is this bridge healthy (for a load balancer; no client certificate needed):
  curl --cacert ${rel(pki.caCert)} ${base}/api/v1/health
${consoleHint()}
`);

/** How to open the console: in a browser holding the development auditor's certificate (docs/console.md). */
function consoleHint(): string {
  const p12 = process.env.TLS_CERT_FILE ? undefined : ensureBrowserCertificate(pki, CONSOLE_DEVELOPMENT_CLIENT);
  if (!p12) return `\nThe auditor console: ${base}/console/ (docs/console.md), in a browser holding a client certificate with its rights.\n`;
  return `
The auditor console, in a browser (docs/console.md):
  1. import ${rel(p12)} (password: ${DEVELOPMENT_PKCS12_PASSWORD}) into the browser's certificates
     (Chrome: Settings > Privacy and security > Security > Manage certificates > Import; Firefox: Settings > Certificates > Your Certificates > Import)
  2. open ${base}/console/ , accept the development CA's warning (or trust ${rel(pki.caCert)}), and choose ${CONSOLE_DEVELOPMENT_CLIENT}'s certificate
`;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    platform.logger.info({ signal }, 'shutting down');
    void platform.stop().then(() => process.exit(0));
  });
}

/** A setting the platform cannot start with ends it with a one-line message and exit code 2, not a stack trace. */
async function orExitOnConfiguration<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    process.stderr.write(`configuration: ${error.message} (docs/configuration.md)\n`);
    process.exit(2);
  }
}

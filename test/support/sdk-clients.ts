import { EgovClient, type ConsumedEvent, type EventHandler } from '../../src/sdk/index';
import type { PkiFiles } from '../../src/platform/identity/pki';
import type { TestPlatform } from './test-platform';

/** The SDK's client for a development client of a platform under test, from the PEM files in its DATA_DIR/pki. */
export function sdkClient(platform: { baseUrl: string; pki: PkiFiles }, clientId: string): EgovClient {
  return new EgovClient({ url: platform.baseUrl, ca: platform.pki.caCert, cert: platform.pki.clientCert(clientId), key: platform.pki.clientKey(clientId) });
}

/** A consumer's handler that records what it was handed (ids in order, calls per id), failing as a test asks. */
export function recordingHandler(fail: (event: ConsumedEvent, attempt: number) => Error | undefined = () => undefined) {
  const handled: string[] = [];
  const calls = new Map<string, number>();
  const handler: EventHandler = (event, { attempt }) => {
    calls.set(event.id, (calls.get(event.id) ?? 0) + 1);
    const failure = fail(event, attempt);
    if (failure) throw failure;
    handled.push(event.id);
  };
  return { handler, handled, calls };
}

/** Polls `condition` every 50 ms until it holds, failing after `timeoutMs` with `what`. */
export async function eventually(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The events a client produced, of one kind, as the platform's log holds them. */
export async function producedBy(platform: TestPlatform, clientId: string, kind: 'standard' | 'test' = 'standard') {
  const events = await platform.platform.stores.events.readAll({ after: 0, limit: 100_000, filter: { kinds: [kind] } });
  return events.filter((stored) => stored.producer === clientId);
}

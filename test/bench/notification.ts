/**
 * Notification benchmark: notifications accepted per second over mTLS (POST /api/Notification, the
 * dispatcher off, so only acceptance is measured), then how fast the dispatcher drains a backlog to
 * the cabinet channel (resolution started, recipients resolved, send started, sent: four appends per
 * notification). Client and server share this process: the figures are lower bounds. Run directly (npx tsx test/bench/notification.ts) or call benchNotification().
 */
import { pathToFileURL } from 'node:url';
import { runningNotificationService } from '../../src/notification/module';
import { TestPlatform } from '../support/test-platform';
import { withEnv } from '../notification/notification-test-kit';

export type NotificationBenchFigures = {
  acceptedPerSec: number;
  acceptLatencyMs: { p50: number; p99: number };
  accepted: number;
  failures: number;
  dispatchedPerSec: number;
  dispatched: number;
  concurrency: number;
  durationMs: number;
};

const request = (sequence: number) => ({
  Subject: { Ro: `Aviz ${sequence}` },
  Body: { Ro: '<p>Aveți un document nou în cabinet.</p>' },
  BodyShort: { Ro: 'Aveți un document nou.' },
  Priority: 'Medium',
  Recipients: [{ Value: '2000000000044', Type: 'Cabinet' }],
});

export async function benchNotification(options: { durationMs?: number; concurrency?: number } = {}): Promise<NotificationBenchFigures> {
  const durationMs = options.durationMs ?? 5000;
  const concurrency = options.concurrency ?? 16;
  const restore = withEnv({ NOTIFY_DISPATCHER: 'off' });
  const platform = await TestPlatform.start();
  try {
    const client = platform.client('demo-institution');
    const latencies: number[] = [];
    let sequence = 0;
    let failures = 0;
    const deadline = Date.now() + durationMs;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < deadline) {
          const sentAt = performance.now();
          const response = await client.post('/api/Notification', { body: request(++sequence) });
          if (response.status === 200) latencies.push(performance.now() - sentAt);
          else failures += 1;
        }
      }),
    );
    const elapsed = Date.now() - started;
    latencies.sort((a, b) => a - b);

    // the backlog, drained by the dispatcher after a restart with it on
    restore();
    const restoreOn = withEnv({ NOTIFY_DISPATCHER: 'on' });
    const drainStart = Date.now();
    await platform.restart();
    await runningNotificationService(platform.platform.services)!.dispatcher!.idle();
    const drained = Date.now() - drainStart;
    restoreOn();
    const sent = await platform.platform.stores.events.readAll({ after: 0, limit: 10_000_000, filter: { types: ['md.gov.notification.message.sent.v1'] } });
    return {
      acceptedPerSec: Math.round((latencies.length * 1000) / elapsed),
      acceptLatencyMs: { p50: round(latencies[Math.floor(latencies.length * 0.5)] ?? 0), p99: round(latencies[Math.floor(latencies.length * 0.99)] ?? 0) },
      accepted: latencies.length,
      failures,
      dispatchedPerSec: Math.round((sent.length * 1000) / drained),
      dispatched: sent.length,
      concurrency,
      durationMs,
    };
  } finally {
    restore();
    await platform.stop();
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchNotification();
  console.log(JSON.stringify({ notification: figures }, null, 2));
  process.exit(0);
}

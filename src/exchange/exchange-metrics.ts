import type { MetricsSource } from '../platform/http/metrics-route';
import { counter, gauge } from '../platform/metrics';
import type { ConsumerService } from './consumer-service';
import type { ProduceMetrics } from './produce-handler';

/** What GET /api/v1/metrics reports of the exchange on this bridge: its produce requests, its consumer instances, and how far each consumer group has come. */
export function exchangeMetrics(deps: { consumers: ConsumerService; produce: ProduceMetrics }): MetricsSource[] {
  return [
    () => [
      counter(
        'egov_exchange_produce_requests_total',
        'Produce requests answered by this bridge, by endpoint (produce, tools), mode (raw, event, events) and HTTP status',
        deps.produce.requests.samples(),
      ),
      {
        name: 'egov_exchange_produce_accepted_seconds',
        help: "Seconds from a produce request's headers to its 202 (its events durable), by endpoint and mode",
        type: 'histogram',
        samples: deps.produce.acceptedSeconds.samples(),
      },
    ],
    () => [
      gauge(
        'egov_exchange_consumer_instances',
        'Consumer instances on this bridge, by transport (http: long polling)',
        Object.entries(deps.consumers.instanceCounts()).map(([transport, value]) => ({ labels: { transport }, value })),
      ),
    ],
    async () => [
      gauge(
        'egov_exchange_group_confirmed_position',
        'Log position up to which a consumer group confirmed every event it gets (the lowest of its shards), by client, group and kind (standard, test, dead)',
        (await deps.consumers.groupPositions()).map(({ clientId, group, kind, confirmedUpTo }) => ({ labels: { client: clientId, group, kind }, value: confirmedUpTo })),
      ),
    ],
  ];
}

import type { ConsumerService } from './exchange/consumer-service';
import type { ProduceMetrics } from './exchange/produce-handler';
import type { EventStore } from './platform/event-store/event-store';
import type { MetricsSource } from './platform/http/metrics-route';
import type { MetricFamily, MetricSample } from './platform/metrics';
import type { ProjectionRunner } from './platform/projections/projection-runner';

const gauge = (name: string, help: string, samples: MetricSample[]): MetricFamily => ({ name, help, type: 'gauge', samples });
const counter = (name: string, help: string, samples: MetricSample[]): MetricFamily => ({ name, help, type: 'counter', samples });

/**
 * What GET /api/v1/metrics reports for this bridge: the log's head, the exchange's produce requests and
 * consumers, how far each consumer group and projection has come (the head minus their position bounds
 * how far behind they are), and the process's CPU and memory.
 */
export function platformMetrics(deps: { events: EventStore; consumers: ConsumerService; projections: ProjectionRunner; produce: ProduceMetrics }): MetricsSource[] {
  return [
    async () => [gauge('egov_log_head_position', 'Position of the last event in the log (all producers and services)', [{ value: await deps.events.headPosition() }])],
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
    () => [
      gauge(
        'egov_projection_applied_position',
        'Log position up to which a read-model projection has applied the log',
        deps.projections.appliedPositions().map(({ projection, position }) => ({ labels: { projection }, value: position })),
      ),
      gauge(
        'egov_projection_stalled_seconds',
        'Seconds since a read-model projection first failed to apply its next events, for each projection that fails now (none listed: all apply)',
        deps.projections.stalledProjections().map(({ projection, seconds }) => ({ labels: { projection }, value: Math.round(seconds) })),
      ),
    ],
    processMetrics,
  ];
}

function processMetrics(): MetricFamily[] {
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  return [
    counter('process_cpu_seconds_total', 'CPU time of the process, user and system', [{ value: (cpu.user + cpu.system) / 1e6 }]),
    gauge('process_resident_memory_bytes', 'Resident memory of the process', [{ value: memory.rss }]),
    gauge('nodejs_heap_used_bytes', 'V8 heap in use', [{ value: memory.heapUsed }]),
    gauge('process_start_time_seconds', 'When the process started, in seconds since the Unix epoch', [{ value: Math.round(performance.timeOrigin) / 1000 }]),
  ];
}

import type { EventStore } from './platform/event-store/event-store';
import type { MetricsSource } from './platform/http/metrics-route';
import { counter, gauge, type MetricFamily } from './platform/metrics';
import type { ProjectionRunner } from './platform/projections/projection-runner';

/**
 * What GET /api/v1/metrics reports for this bridge: the log's head, the exchange's families (its produce
 * requests and consumers: exchangeMetrics), how far each projection has come (the head minus their
 * position bounds how far behind they are, as for consumer groups), and the process's CPU and memory.
 */
export function platformMetrics(deps: { events: EventStore; exchange: MetricsSource[]; projections: ProjectionRunner }): MetricsSource[] {
  return [
    async () => [gauge('egov_log_head_position', 'Position of the last event in the log (all producers and services)', [{ value: await deps.events.headPosition() }])],
    ...deps.exchange,
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

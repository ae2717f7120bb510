import type { EventStore } from '../../platform/event-store/event-store';
import type { Logger } from '../../platform/logger';
import type { ServiceDeps } from '../../platform/service-module';

/** One look at every consumer group: the log's head and, per group, how many positions it is behind. */
export type LagSample = { at: string; head: number; lags: Record<string, number> };

/** A group as the lag chart names it: client / group / kind. */
export const groupLabel = (group: { clientId: string; group: string; kind: string }) => `${group.clientId}/${group.group}/${group.kind}`;

/**
 * Samples where every consumer group stands every `intervalMs`, keeping the last `keep` samples in memory
 * (the chart starts anew with the process). Lag is the head minus the group's confirmed position: an upper
 * bound of its waiting events, as the metrics give it, read without reading the log.
 */
export class LagSampler {
  private readonly samples: LagSample[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: { events: EventStore; consumerGroups: ServiceDeps['consumerGroups']; logger: Logger; now: () => Date },
    private readonly options: { intervalMs: number; keep: number },
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.sample().catch((error) => this.deps.logger.warn({ err: error }, 'consumer group lag not sampled'));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async sample(): Promise<LagSample> {
    const head = await this.deps.events.headPosition();
    const groups = await this.deps.consumerGroups.groupPositions();
    const sample = { at: this.deps.now().toISOString(), head, lags: Object.fromEntries(groups.map((group) => [groupLabel(group), Math.max(0, head - group.confirmedUpTo)])) };
    this.samples.push(sample);
    if (this.samples.length > this.options.keep) this.samples.splice(0, this.samples.length - this.options.keep);
    return sample;
  }

  history(): readonly LagSample[] {
    return this.samples;
  }
}

/**
 * Metrics in Prometheus's text exposition format (version 0.0.4), served by GET /api/v1/metrics.
 * Counters on the hot path are plain numbers in a map; everything else is read when a scrape asks
 * (docs/decisions.md, "Metrics").
 */
export type Labels = Record<string, string>;
/** suffix: a histogram's `_bucket`, `_sum` or `_count` line */
export type MetricSample = { labels?: Labels; value: number; suffix?: '_bucket' | '_sum' | '_count' };
export type MetricFamily = { name: string; help: string; type: 'counter' | 'gauge' | 'histogram'; samples: MetricSample[] };

export const gauge = (name: string, help: string, samples: MetricSample[]): MetricFamily => ({ name, help, type: 'gauge', samples });
export const counter = (name: string, help: string, samples: MetricSample[]): MetricFamily => ({ name, help, type: 'counter', samples });

/** The families as Prometheus reads them: HELP and TYPE lines, then one line per sample. */
export function exposition(families: MetricFamily[]): string {
  const lines: string[] = [];
  for (const { name, help, type, samples } of families) {
    lines.push(`# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${name} ${type}`);
    for (const { labels, value, suffix = '' } of samples) lines.push(`${name}${suffix}${labelText(labels)} ${numberText(value)}`);
  }
  return `${lines.join('\n')}\n`;
}

function labelText(labels: Labels | undefined): string {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return '';
  return `{${entries.map(([name, value]) => `${name}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`).join(',')}}`;
}

function numberText(value: number): string {
  if (Number.isFinite(value)) return String(value);
  if (Number.isNaN(value)) return 'NaN';
  return value > 0 ? '+Inf' : '-Inf';
}

/** A counter by a fixed list of label names: counting is one lookup and one addition. */
export class LabelledCounter<Name extends string> {
  private readonly counts = new Map<string, MetricSample & { labels: Labels }>();

  constructor(private readonly labelNames: readonly Name[]) {}

  inc(values: Record<Name, string>, by = 1): void {
    const key = this.labelNames.map((name) => values[name]).join('\u0000');
    const found = this.counts.get(key);
    if (found) found.value += by;
    else this.counts.set(key, { labels: Object.fromEntries(this.labelNames.map((name) => [name, values[name]])), value: by });
  }

  samples(): MetricSample[] {
    return [...this.counts.values()].map(({ labels, value }) => ({ labels: { ...labels }, value }));
  }
}

/**
 * A histogram by a fixed list of label names, with fixed upper bounds (in seconds): observing is a
 * lookup and a short scan of the bounds. Samples are cumulative per bound, as Prometheus expects.
 */
export class LabelledHistogram<Name extends string> {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();

  constructor(
    private readonly labelNames: readonly Name[],
    private readonly upperBounds: readonly number[],
  ) {}

  observe(values: Record<Name, string>, seconds: number): void {
    const key = this.labelNames.map((name) => values[name]).join('\u0000');
    let found = this.series.get(key);
    if (!found) {
      found = { labels: Object.fromEntries(this.labelNames.map((name) => [name, values[name]])), counts: this.upperBounds.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, found);
    }
    const bucket = this.upperBounds.findIndex((bound) => seconds <= bound);
    if (bucket >= 0) found.counts[bucket] += 1;
    found.sum += seconds;
    found.count += 1;
  }

  samples(): MetricSample[] {
    return [...this.series.values()].flatMap(({ labels, counts, sum, count }) => {
      let cumulative = 0;
      const buckets: MetricSample[] = this.upperBounds.map((bound, index) => {
        cumulative += counts[index];
        return { suffix: '_bucket', labels: { ...labels, le: String(bound) }, value: cumulative };
      });
      return [
        ...buckets,
        { suffix: '_bucket', labels: { ...labels, le: '+Inf' }, value: count },
        { suffix: '_sum', labels: { ...labels }, value: sum },
        { suffix: '_count', labels: { ...labels }, value: count },
      ];
    });
  }
}

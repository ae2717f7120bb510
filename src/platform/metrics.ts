/**
 * Metrics in Prometheus's text exposition format (version 0.0.4), served by GET /api/v1/metrics.
 * Counters on the hot path are plain numbers in a map; everything else is read when a scrape asks
 * (docs/decisions.md, "Metrics").
 */
export type Labels = Record<string, string>;
export type MetricSample = { labels?: Labels; value: number };
export type MetricFamily = { name: string; help: string; type: 'counter' | 'gauge'; samples: MetricSample[] };

/** The families as Prometheus reads them: HELP and TYPE lines, then one line per sample. */
export function exposition(families: MetricFamily[]): string {
  const lines: string[] = [];
  for (const { name, help, type, samples } of families) {
    lines.push(`# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${name} ${type}`);
    for (const { labels, value } of samples) lines.push(`${name}${labelText(labels)} ${numberText(value)}`);
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

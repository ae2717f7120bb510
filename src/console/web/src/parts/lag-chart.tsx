import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type LagSample = { at: string; head: number; lags: Record<string, number> };

const COLORS = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989', '#0a7ea4', '#57606a'];

/** Each consumer group's lag (log positions behind the head) over the samples taken, one line per group. */
export function LagChart({ samples }: { samples: LagSample[] }) {
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!place.current || samples.length === 0) return;
    const groups = [...new Set(samples.flatMap((sample) => Object.keys(sample.lags)))].sort();
    const data: uPlot.AlignedData = [samples.map((sample) => Date.parse(sample.at) / 1000), ...groups.map((group) => samples.map((sample) => sample.lags[group] ?? null))];
    const chart = new uPlot(
      {
        width: Math.min(900, place.current.clientWidth || 900),
        height: 220,
        scales: { y: { range: (_chart, _min, max) => [0, Math.max(1, max)] } },
        axes: [{}, { label: 'positions behind' }],
        series: [{}, ...groups.map((group, index) => ({ label: group, stroke: COLORS[index % COLORS.length], width: 2, spanGaps: true }))],
      },
      data,
      place.current,
    );
    return () => chart.destroy();
  }, [samples]);
  return <div class="lag-chart" ref={place} />;
}

import { useEffect, useState } from 'preact/hooks';
import { getJson, postJson } from '../api';
import { ProblemNote, shortTime } from '../parts/feedback';

type Rebuild = { id: string; projection: string; startedBy: string; startedAt: string; state: 'running' | 'done' | 'failed' | 'stopped'; position: string; head: string; progress: number; finishedAt?: string; error?: string };
type Item = { name: string; version: number; position: string | null; rebuilding: boolean; stalledSeconds: number | null; lastRebuild: Rebuild | null };
type Projections = { logHead: string; items: Item[] };

const POLL_MS = 300;

/** The read-model projections of this bridge, how far each has applied the log, and a rebuild with its progress. */
export function ProjectionsPage() {
  const [projections, setProjections] = useState<Projections>();
  const [rebuilds, setRebuilds] = useState<Record<string, Rebuild>>({});
  const [error, setError] = useState<unknown>();
  const load = () => getJson<Projections>('/api/v1/projections').then(setProjections, setError);
  useEffect(() => {
    void load();
  }, []);

  const rebuild = async (name: string) => {
    setError(undefined);
    try {
      let progress = await postJson<Rebuild>(`/api/v1/projections/${encodeURIComponent(name)}/rebuilds`);
      setRebuilds((shown) => ({ ...shown, [name]: progress }));
      while (progress.state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        progress = await getJson<Rebuild>(`/api/v1/projections/${encodeURIComponent(name)}/rebuilds/${progress.id}`);
        setRebuilds((shown) => ({ ...shown, [name]: progress }));
      }
      await load();
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <div class="projections-page">
      <ProblemNote error={error} />
      {projections && (
        <table class="projections">
          <thead>
            <tr>
              <th>Projection</th>
              <th>Version</th>
              <th>Applied up to</th>
              <th>State</th>
              <th>Rebuild</th>
            </tr>
          </thead>
          <tbody>
            {projections.items.map((item) => {
              const shown = rebuilds[item.name] ?? item.lastRebuild;
              return (
                <tr key={item.name} data-projection={item.name}>
                  <td>{item.name}</td>
                  <td>{item.version}</td>
                  <td>
                    {item.position ?? '–'} of {projections.logHead}
                  </td>
                  <td>{item.stalledSeconds !== null ? `failing for ${Math.round(item.stalledSeconds)} s` : item.rebuilding ? 'rebuilding' : 'applying the log'}</td>
                  <td class="rebuild">
                    <button type="button" disabled={shown?.state === 'running'} onClick={() => rebuild(item.name)}>
                      Rebuild
                    </button>
                    {shown && <RebuildProgress rebuild={shown} />}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p class="hint">A rebuild empties the projection's read model and applies the whole log again while the platform runs: its reads are incomplete until it ends.</p>
    </div>
  );
}

function RebuildProgress({ rebuild }: { rebuild: Rebuild }) {
  const percent = Math.round(rebuild.progress * 100);
  return (
    <div class={`progress ${rebuild.state}`}>
      <div class="bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div class="done" style={{ width: `${percent}%` }} />
      </div>
      <span>
        {rebuild.state} {percent}% ({rebuild.position} of {rebuild.head}){rebuild.finishedAt ? `, ${shortTime(rebuild.finishedAt)}` : ''}
        {rebuild.error ? `: ${rebuild.error}` : ''}
      </span>
    </div>
  );
}

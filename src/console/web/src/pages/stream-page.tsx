import { useEffect, useState } from 'preact/hooks';
import { getJson } from '../api';
import { Json, ProblemNote, shortTime } from '../parts/feedback';
import { linkTo } from '../router';

type Certificate = { commonName?: string; sha256?: string } | null;
type Entry = { position: string; revision: number; recordedAt: string; kind: string; causedBy: string; certificate: Certificate; event: { type: string; time?: string }; stateAfter?: unknown; foldError?: string };
type History = { streamId: string; aggregate: { service: string; name: string } | null; items: Entry[]; nextCursor: string };
type Aggregates = { items: { service: string; name: string; streamPrefix: string }[] };

const certificateText = (certificate: Certificate) => (!certificate ? 'the platform itself' : certificate.sha256 ? `SHA-256 ${certificate.sha256}` : `CN=${certificate.commonName}`);

/** Every event of one stream, who caused it through which certificate, and the aggregate's state after it. */
export function StreamPage({ streamId }: { streamId?: string }) {
  const [typed, setTyped] = useState(streamId ?? '');
  const [history, setHistory] = useState<History>();
  const [aggregates, setAggregates] = useState<Aggregates['items']>([]);
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    getJson<Aggregates>('/api/v1/console/aggregates').then((found) => setAggregates(found.items), setError);
  }, []);
  useEffect(() => {
    setHistory(undefined);
    setError(undefined);
    setTyped(streamId ?? '');
    if (streamId) getJson<History>(`/api/v1/console/streams/${encodeURIComponent(streamId)}/history`).then(setHistory, setError);
  }, [streamId]);
  const more = () =>
    getJson<History>(`/api/v1/console/streams/${encodeURIComponent(streamId!)}/history?cursor=${history!.nextCursor}`).then(
      (page) => setHistory({ ...page, items: [...history!.items, ...page.items] }),
      setError,
    );

  return (
    <div class="stream-page">
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          location.hash = linkTo('streams', typed.trim());
        }}
      >
        <label>
          Stream id
          <input name="streamId" value={typed} placeholder="booking-appointment-…" onInput={(event) => setTyped((event.target as HTMLInputElement).value)} />
        </label>
        <button type="submit">Show history</button>
      </form>
      {!streamId && (
        <div class="hint">
          <p>Open a stream from the live log (an event's stream), or type its id. The aggregates whose state is folded:</p>
          <ul>
            {aggregates.map((aggregate) => (
              <li key={aggregate.streamPrefix}>
                <code>{aggregate.streamPrefix}…</code> {aggregate.service} {aggregate.name}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ProblemNote error={error} />
      {history && (
        <>
          <p class="aggregate">{history.aggregate ? `${history.aggregate.service} ${history.aggregate.name}: the state after each event, as the service's decider folds it` : 'No decider folds this stream: its events only.'}</p>
          <ol class="history">
            {history.items.map((entry) => (
              <li key={entry.position}>
                <div class="entry-head">
                  <span class="revision">#{entry.revision}</span> <strong>{entry.event.type}</strong>
                  <span>recorded {shortTime(entry.recordedAt)}</span>
                  <span>
                    client <strong>{entry.causedBy}</strong>, certificate {certificateText(entry.certificate)}
                  </span>
                  <a href={linkTo('log', entry.position)}>position {entry.position}</a>
                </div>
                <div class="entry-body">
                  <details>
                    <summary>Event</summary>
                    <Json value={entry.event} />
                  </details>
                  {entry.stateAfter !== undefined && (
                    <details open>
                      <summary>State after</summary>
                      <Json value={entry.stateAfter} />
                    </details>
                  )}
                  {entry.foldError && <p class="problem">{entry.foldError}</p>}
                </div>
              </li>
            ))}
          </ol>
          {history.nextCursor && (
            <button type="button" onClick={more}>
              Later events
            </button>
          )}
        </>
      )}
    </div>
  );
}

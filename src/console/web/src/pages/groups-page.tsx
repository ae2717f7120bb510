import { useEffect, useState } from 'preact/hooks';
import { getJson, type EventSummary } from '../api';
import { LagChart, type LagSample } from '../parts/lag-chart';
import { ProblemNote, shortTime } from '../parts/feedback';
import { linkTo } from '../router';

type Group = { client: string; group: string; kind: string; confirmedUpTo: string; waiting: { events: number; exact: boolean }; shards: { shard: number; confirmedUpTo: string; servedBy: string | null }[] };
type Standings = { logHead: string; groups: Group[] };

const REFRESH_MS = 5_000;

/** Where every client's consumer groups stand, their lag over time, and the dead events consumers reported. */
export function GroupsPage() {
  const [standings, setStandings] = useState<Standings>();
  const [lags, setLags] = useState<LagSample[]>([]);
  const [dead, setDead] = useState<EventSummary[]>([]);
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    const load = () =>
      Promise.all([
        getJson<Standings>('/api/v1/console/consumer-groups').then(setStandings),
        getJson<{ items: LagSample[] }>('/api/v1/console/consumer-group-lags').then((found) => setLags(found.items)),
        getJson<{ items: EventSummary[] }>('/api/v1/console/dead-events').then((found) => setDead(found.items)),
      ]).catch(setError);
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div class="groups-page">
      <ProblemNote error={error} />
      {standings && (
        <>
          <p>
            Log head: position <strong>{standings.logHead}</strong>. A group is listed from its first consumer instance on.
          </p>
          <table class="groups">
            <thead>
              <tr>
                <th>Client</th>
                <th>Group</th>
                <th>Kind</th>
                <th>Confirmed up to</th>
                <th>Waiting events</th>
                <th>Served by</th>
              </tr>
            </thead>
            <tbody>
              {standings.groups.map((group) => (
                <tr key={`${group.client}/${group.group}/${group.kind}`}>
                  <td>{group.client}</td>
                  <td>{group.group}</td>
                  <td>{group.kind}</td>
                  <td>{group.confirmedUpTo}</td>
                  <td>
                    {group.waiting.events}
                    {group.waiting.exact ? '' : '+'}
                  </td>
                  <td>{[...new Set(group.shards.map((shard) => shard.servedBy ?? 'no bridge'))].join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {standings.groups.length === 0 && <p class="empty">No consumer group yet.</p>}
        </>
      )}
      <h3>Lag over time</h3>
      <LagChart samples={lags} />
      <h3>Dead events</h3>
      <table class="dead">
        <thead>
          <tr>
            <th>Position</th>
            <th>Reported</th>
            <th>By</th>
            <th>Type</th>
            <th>Source</th>
            <th>Id</th>
          </tr>
        </thead>
        <tbody>
          {dead.map((event) => (
            <tr key={event.position}>
              <td>
                <a href={linkTo('log', event.position)}>{event.position}</a>
              </td>
              <td>{shortTime(event.recordedAt)}</td>
              <td>{event.causedBy}</td>
              <td>{event.type}</td>
              <td>{event.source}</td>
              <td>{event.id}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {dead.length === 0 && <p class="empty">No consumer has reported a dead event.</p>}
    </div>
  );
}

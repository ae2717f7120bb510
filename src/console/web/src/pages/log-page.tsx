import { useEffect, useState } from 'preact/hooks';
import { followPosted, getJson, postJson, type EventSummary } from '../api';
import { Json, ProblemNote, instantOf, shortTime } from '../parts/feedback';
import { TextField } from '../parts/text-field';
import { linkTo } from '../router';

type Filter = { type?: string; source?: string; subject?: string; from?: string; to?: string };
type Page = { items: EventSummary[]; nextCursor: string; head: string };
type TailMessage = { items: EventSummary[]; upTo: string };
type Opened = EventSummary & { event: Record<string, unknown> };

/** How many events the page holds: the newest, as they arrive. */
const KEPT = 500;

/** Drops the empty members: an empty field filters nothing. */
function filterOf(form: Record<string, string>): Filter {
  const filter: Filter = {};
  for (const name of ['type', 'source', 'subject'] as const) if (form[name]?.trim()) filter[name] = form[name].trim();
  if (form.from) filter.from = instantOf(form.from);
  if (form.to) filter.to = instantOf(form.to);
  return filter;
}

/** The log as it grows: the newest matching events, then each new one within a moment of its append. */
export function LogPage({ opened }: { opened?: string }) {
  const [form, setForm] = useState<Record<string, string>>({});
  const [filter, setFilter] = useState<Filter>({});
  const [events, setEvents] = useState<EventSummary[]>([]);
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  const [older, setOlder] = useState('');
  const [live, setLive] = useState(false);
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    const stop = new AbortController();
    setError(undefined);
    setLive(false);
    postJson<Page>('/api/v1/console/log-event-searches', { filter, limit: 100 })
      .then((page) => {
        setEvents(page.items);
        setOlder(page.nextCursor);
        return followFrom(page.head);
      })
      .catch((failure) => stop.signal.aborted || setError(failure));
    // a dropped stream is taken up again from the last position it reported
    async function followFrom(after: string): Promise<void> {
      let upTo = after;
      while (!stop.signal.aborted) {
        setLive(true);
        await followPosted('/api/v1/console/log-tails', { filter, after: upTo }, (message) => {
          const tail = message as TailMessage;
          upTo = tail.upTo;
          if (tail.items.length === 0) return;
          const newest = [...tail.items].reverse();
          setEvents((shown) => [...newest, ...shown].slice(0, KEPT));
          setFresh(new Set(newest.map((event) => event.position)));
        }, stop.signal).catch((failure) => stop.signal.aborted || setError(failure));
        setLive(false);
        if (!stop.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    return () => stop.abort();
  }, [filter]);

  const loadOlder = () =>
    postJson<Page>('/api/v1/console/log-event-searches', { filter, limit: 100, cursor: older }).then((page) => {
      setEvents((shown) => [...shown, ...page.items]);
      setOlder(page.nextCursor);
    }, setError);

  const field = (name: string, label: string, placeholder = '') => <TextField name={name} label={label} placeholder={placeholder} form={form} onChange={setForm} />;
  const timeField = (name: string, label: string) => <TextField name={name} label={label} type="datetime-local" form={form} onChange={setForm} />;
  return (
    <div class="log-page">
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter(filterOf(form));
        }}
      >
        {field('type', 'Type', 'md.gov.booking.*')}
        {field('source', 'Source', 'urn:md:gov:*')}
        {field('subject', 'Subject')}
        {timeField('from', 'Recorded from')}
        {timeField('to', 'Recorded before')}
        <button type="submit">Filter</button>
        <span class={`live ${live ? 'on' : ''}`}>{live ? 'live' : 'not live'}</span>
      </form>
      <ProblemNote error={error} />
      {opened && <OpenedEvent position={opened} />}
      <table class="events">
        <thead>
          <tr>
            <th>Position</th>
            <th>Recorded</th>
            <th>Type</th>
            <th>Source</th>
            <th>Subject</th>
            <th>Caused by</th>
            <th>Kind</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.position} class={fresh.has(event.position) ? 'fresh' : ''} data-position={event.position}>
              <td>
                <a href={linkTo('log', event.position)}>{event.position}</a>
              </td>
              <td>{shortTime(event.recordedAt)}</td>
              <td>{event.type}</td>
              <td>{event.source}</td>
              <td>{event.subject}</td>
              <td>{event.causedBy}</td>
              <td>{event.kind}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {events.length === 0 && <p class="empty">No event matches yet; new ones appear here as they are appended.</p>}
      {older && (
        <button type="button" onClick={loadOlder}>
          Older events
        </button>
      )}
    </div>
  );
}

/** One event opened whole: reading it is logged, as it may name persons. */
function OpenedEvent({ position }: { position: string }) {
  const [opened, setOpened] = useState<Opened>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    setOpened(undefined);
    getJson<Opened>(`/api/v1/console/log-events/${encodeURIComponent(position)}`).then(setOpened, setError);
  }, [position]);
  return (
    <section class="opened">
      <h3>
        Event at position {position} <a href={linkTo('log')}>close</a>
      </h3>
      <ProblemNote error={error} />
      {opened && (
        <>
          <p>
            Stream <a href={linkTo('streams', opened.streamId)}>{opened.streamId}</a>, revision {opened.revision}, recorded {shortTime(opened.recordedAt)} for {opened.causedBy} ({opened.kind})
          </p>
          <Json value={opened.event} />
        </>
      )}
    </section>
  );
}

import { useState } from 'preact/hooks';
import { postJson } from '../api';
import { Json, ProblemNote } from '../parts/feedback';
import { TextField } from '../parts/text-field';

type Found = { items: Record<string, unknown>[]; totalCount: number };

const PAGE_SIZE = 50;

/** The event log (MLog): what every client registered, found by its UID or by event time, with field filters. */
export function EventLogPage() {
  const [form, setForm] = useState<Record<string, string>>({ mode: 'range', legalBasis: 'audit of the platform log' });
  const [found, setFound] = useState<Found>();
  const [page, setPage] = useState(0);
  const [error, setError] = useState<unknown>();

  const search = (pageNumber: number) => {
    setError(undefined);
    const optional = (name: string) => (form[name]?.trim() ? { [name]: form[name].trim() } : {});
    const body =
      form.mode === 'uid'
        ? { legalBasis: form.legalBasis, uid: form.uid?.trim() ?? '', ...optional('owner') }
        : { legalBasis: form.legalBasis, eventTimeFrom: form.eventTimeFrom ?? '', eventTimeTo: form.eventTimeTo ?? '', ...optional('filter'), ...optional('owner'), page: pageNumber, pageSize: PAGE_SIZE };
    postJson<Found>('/api/v1/console/log-entry-searches', body).then((result) => {
      setFound(result);
      setPage(pageNumber);
    }, setError);
  };
  const field = (name: string, label: string, placeholder = '') => <TextField name={name} label={label} placeholder={placeholder} form={form} onChange={setForm} />;
  const pages = found ? Math.ceil(found.totalCount / PAGE_SIZE) : 0;
  return (
    <div class="eventlog-page">
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          search(0);
        }}
      >
        <label>
          Search by
          <select name="mode" value={form.mode} onChange={(event) => setForm({ ...form, mode: (event.target as HTMLSelectElement).value })}>
            <option value="range">time range</option>
            <option value="uid">UID</option>
          </select>
        </label>
        {form.mode === 'uid' ? field('uid', 'UID') : [field('eventTimeFrom', 'Event time from', '2026-01-01'), field('eventTimeTo', 'to (exclusive)', '2026-12-31T23:59:59Z'), field('filter', 'Filter', 'event_type=Demo.Case.Opened,case=c-1')]}
        {field('owner', 'Registered by (client)', 'every client')}
        {field('legalBasis', 'Legal basis')}
        <button type="submit">Search</button>
      </form>
      <p class="hint">Each search is itself logged in the event log, with its legal basis and the persons the found events name.</p>
      <ProblemNote error={error} />
      {found && (
        <>
          <p>
            {found.totalCount} registered event{found.totalCount === 1 ? '' : 's'} found{pages > 1 ? `, page ${page + 1} of ${pages}` : ''}.
          </p>
          <table class="registrations">
            <thead>
              <tr>
                <th>Event time</th>
                <th>Type</th>
                <th>Registered by</th>
                <th>UID</th>
                <th>Signed</th>
                <th>Fields</th>
              </tr>
            </thead>
            <tbody>
              {found.items.map((item, index) => {
                const { event_time, event_type, '@owner': owner, '@uid': uid, '@signed': signed, '@registered': _registered, ...fields } = item;
                return (
                  <tr key={`${String(uid)}-${index}`}>
                    <td>{String(event_time)}</td>
                    <td>{String(event_type)}</td>
                    <td>{String(owner)}</td>
                    <td>{String(uid)}</td>
                    <td>{signed ? 'yes' : 'no'}</td>
                    <td>
                      <Json value={fields} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {page > 0 && (
            <button type="button" onClick={() => search(page - 1)}>
              Previous page
            </button>
          )}
          {page + 1 < pages && (
            <button type="button" onClick={() => search(page + 1)}>
              Next page
            </button>
          )}
        </>
      )}
    </div>
  );
}

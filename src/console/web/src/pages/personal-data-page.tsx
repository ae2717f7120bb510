import { useState } from 'preact/hooks';
import { downloadPosted, postJson } from '../api';
import { ProblemNote } from '../parts/feedback';
import { TextField } from '../parts/text-field';

type Access = Record<string, unknown>;
type Found = { items: Access[]; nextCursor: string; totalCount: number };

/**
 * Who accessed one person's data, when and on what legal basis, from the event log's personal-data index,
 * with an export. The IDNP is posted in request bodies only: it never appears in an address.
 */
export function PersonalDataPage() {
  const [form, setForm] = useState<Record<string, string>>({ legalBasis: 'data subject request' });
  const [found, setFound] = useState<Found>();
  const [saved, setSaved] = useState('');
  const [error, setError] = useState<unknown>();

  const asked = () => ({
    subject: form.subject?.trim() ?? '',
    legalBasis: form.legalBasis ?? '',
    ...(form.eventTimeFrom ? { eventTimeFrom: form.eventTimeFrom } : {}),
    ...(form.eventTimeTo ? { eventTimeTo: form.eventTimeTo } : {}),
  });
  const search = (cursor?: string) => {
    setError(undefined);
    postJson<Found>('/api/v1/personal-data-accesses/searches', { ...asked(), limit: 100, ...(cursor ? { cursor } : {}) }).then(
      (page) => setFound(cursor && found ? { ...page, items: [...found.items, ...page.items] } : page),
      setError,
    );
  };
  const exportAs = (format: 'csv' | 'pdf') => {
    setError(undefined);
    downloadPosted('/api/v1/console/personal-data-exports', { ...asked(), format }).then((name) => setSaved(name), setError);
  };
  const field = (name: string, label: string, placeholder = '') => <TextField name={name} label={label} placeholder={placeholder} form={form} onChange={setForm} />;
  return (
    <div class="personal-data-page">
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        {field('subject', 'IDNP (or other identifier)', '2000000000011')}
        {field('legalBasis', 'Legal basis')}
        {field('eventTimeFrom', 'From', '2026-01-01')}
        {field('eventTimeTo', 'To (exclusive)', '2027-01-01')}
        <button type="submit">Search</button>
        <button type="button" onClick={() => exportAs('csv')}>
          Export CSV
        </button>
        <button type="button" onClick={() => exportAs('pdf')}>
          Export PDF
        </button>
      </form>
      <p class="hint">Every search and export is itself logged as an access to the person's data, with the legal basis given.</p>
      <ProblemNote error={error} />
      {saved && <p class="saved">Saved {saved}.</p>}
      {found && (
        <>
          <p>
            {found.totalCount} logged access{found.totalCount === 1 ? '' : 'es'}.
          </p>
          <table class="accesses">
            <thead>
              <tr>
                <th>When</th>
                <th>Access</th>
                <th>Logged by</th>
                <th>Legal entity</th>
                <th>Legal basis</th>
                <th>Legal reason</th>
                <th>User</th>
                <th>Object</th>
              </tr>
            </thead>
            <tbody>
              {found.items.map((access, index) => (
                <tr key={`${String(access['@uid'])}-${index}`}>
                  {['event_time', 'event_type', '@loggedBy', 'legal_entity', 'legal_basis', 'legal_reason', 'user', 'object'].map((name) => (
                    <td key={name}>{access[name] === undefined ? '' : String(access[name])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {found.nextCursor && (
            <button type="button" onClick={() => search(found.nextCursor)}>
              More
            </button>
          )}
        </>
      )}
    </div>
  );
}

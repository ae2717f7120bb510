import { Problem } from '../api';

/** What went wrong, as the platform said it: its title, detail and the fields it named. */
export function ProblemNote({ error }: { error: unknown }) {
  if (!error) return null;
  const problem = error instanceof Problem ? error : new Problem(0, 'The platform could not be reached', String(error));
  return (
    <div class="problem" role="alert">
      <strong>
        {problem.status ? `${problem.status} ` : ''}
        {problem.title}
      </strong>
      {problem.detail && <p>{problem.detail}</p>}
      {problem.errors && (
        <ul>
          {Object.entries(problem.errors).map(([field, messages]) => (
            <li key={field}>
              <code>{field}</code> {messages.join(', ')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A page the client may not open: which right it lacks, and where rights are given. */
export function Refused({ client, needs }: { client: string; needs: string }) {
  return (
    <section class="refused" role="alert">
      <h2>Not allowed</h2>
      <p>
        The client certificate you presented names <strong>{client}</strong>, which does not have the registry right <code>{needs}</code> that this page needs.
      </p>
      <p>Rights are given in the platform's client registry (docs/client-registry.md); docs/console.md lists what each page needs.</p>
    </section>
  );
}

export function Json({ value }: { value: unknown }) {
  return <pre class="json">{JSON.stringify(value, null, 2)}</pre>;
}

export const shortTime = (iso: string | null | undefined) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC') : '');

/** A datetime-local input's value (the browser's zone) as an RFC 3339 instant, or undefined when empty. */
export const instantOf = (local: string) => (local ? new Date(local).toISOString() : undefined);

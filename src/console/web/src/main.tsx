import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { getJson, type PageName, type Session } from './api';
import { ProblemNote, Refused } from './parts/feedback';
import { EventLogPage } from './pages/event-log-page';
import { GroupsPage } from './pages/groups-page';
import { LogPage } from './pages/log-page';
import { PersonalDataPage } from './pages/personal-data-page';
import { ProjectionsPage } from './pages/projections-page';
import { StreamPage } from './pages/stream-page';
import { linkTo, useRoute } from './router';
import './styles.css';

const PAGES: { name: PageName; route: string; title: string; view: (argument?: string) => preact.JSX.Element }[] = [
  { name: 'log', route: 'log', title: 'Live log', view: (argument) => <LogPage opened={argument} /> },
  { name: 'aggregates', route: 'streams', title: 'Aggregate history', view: (argument) => <StreamPage streamId={argument} /> },
  { name: 'consumer-groups', route: 'groups', title: 'Consumer groups', view: () => <GroupsPage /> },
  { name: 'eventlog', route: 'eventlog', title: 'Event log search', view: () => <EventLogPage /> },
  { name: 'personal-data', route: 'personal-data', title: 'Personal data', view: () => <PersonalDataPage /> },
  { name: 'projections', route: 'projections', title: 'Projections', view: () => <ProjectionsPage /> },
];

function App() {
  const route = useRoute();
  const [session, setSession] = useState<Session>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    getJson<Session>('/api/v1/console/session').then(setSession, setError);
  }, []);
  const page = PAGES.find((candidate) => candidate.route === route.page) ?? PAGES[0];
  const access = session?.pages.find((candidate) => candidate.page === page.name);
  return (
    <>
      <header>
        <h1>Auditor console</h1>
        <span class="who">{session ? `${session.name ?? session.client} (${session.client})` : ''}</span>
      </header>
      <nav>
        {PAGES.map((candidate) => {
          const allowed = session?.pages.find((one) => one.page === candidate.name)?.allowed;
          return (
            <a key={candidate.route} href={linkTo(candidate.route)} class={`${candidate === page ? 'current' : ''} ${allowed === false ? 'refused-link' : ''}`}>
              {candidate.title}
            </a>
          );
        })}
      </nav>
      <main data-page={page.route}>
        <h2>{page.title}</h2>
        <ProblemNote error={error} />
        {session && access && (access.allowed ? page.view(route.argument) : <Refused client={session.client} needs={access.needs} />)}
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);

/**
 * Compiled, never run: by `npm run typecheck` and by the typed API client's spec. Each @ts-expect-error marks
 * a call the generated types must refuse; were one accepted, the directive itself would fail the compile.
 */
import { unwrap, type ApiClient, type ApiSchemas } from '../../src/sdk/index';

export async function typedCalls(api: ApiClient): Promise<void> {
  const { data, error } = await api.GET('/api/Notification/{id}', { params: { path: { id: 'a-uuid' } } });
  if (data) {
    const status: ApiSchemas['NotificationNotificationStatus'] = data.Status;
    const values: string[] = data.Recipients.map((recipient) => recipient.Value);
    void [status, values];
  }
  if (error) {
    const problem: ApiSchemas['PlatformProblem'] = error;
    const fields: Record<string, string[]> | undefined = error.errors;
    void [problem, fields];
  }
  const page = await unwrap(api.GET('/query', { params: { query: { legal_basis: 'Law 133/2011', event_time_from: '2024-06-01T08:00:00Z', event_time_to: '2024-06-01T09:00:00Z' } } }));
  const count: number = page.pagination['record-count'];
  void count;

  // @ts-expect-error: a path the document does not have
  await api.GET('/api/v1/nowhere');
  // @ts-expect-error: GET is not an operation of /register
  await api.GET('/register');
  // @ts-expect-error: the path parameter is required
  await api.GET('/api/Notification/{id}');
  // @ts-expect-error: a path parameter of another name
  await api.GET('/api/Notification/{id}', { params: { path: { notificationId: 'a-uuid' } } });
  // @ts-expect-error: the event-log search without its required legal_basis
  await api.GET('/query', { params: { query: { event_time_from: '2024-06-01T08:00:00Z', event_time_to: '2024-06-01T09:00:00Z' } } });
  await api.POST('/api/Notification', {
    body: {
      Subject: { Ro: 'Aviz' },
      Body: { Ro: 'Aviz' },
      BodyShort: { Ro: 'Aviz' },
      // @ts-expect-error: a priority the schema does not list
      Priority: 'Urgent',
      Recipients: [{ Value: 'citizen@example.md', Type: 'Email' }],
    },
  });
  // @ts-expect-error: a body without its required members
  await api.POST('/api/Notification', { body: { Priority: 'Low' } });
  // @ts-expect-error: an answer's member the schema does not have
  void (await unwrap(api.GET('/api/Notification/{id}', { params: { path: { id: 'a-uuid' } } }))).Colour;
}

/** The console's calls to the platform: same origin, so the browser presents its client certificate on each. */

/** An RFC 7807 problem the platform answered, or a failure to reach it. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail || title);
  }
}

async function problemOf(response: Response): Promise<Problem> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { title?: string; detail?: string; errors?: Record<string, string[]> };
    return new Problem(response.status, body.title ?? response.statusText, body.detail ?? '', body.errors);
  } catch {
    return new Problem(response.status, response.statusText, text.slice(0, 500));
  }
}

export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw await problemOf(response);
  return (await response.json()) as T;
}

export async function postJson<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw await problemOf(response);
  return (await response.json()) as T;
}

/** A file the platform makes from a posted body (an export), saved by the browser under the name it gives. */
export async function downloadPosted(path: string, body: unknown): Promise<string> {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw await problemOf(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/**
 * Server-sent events from a POST (the filter travels in the body, never in the URL): each `data:` line is
 * one JSON message. Resolves when the stream ends; `signal` ends it from this side.
 */
export async function followPosted(path: string, body: unknown, onMessage: (message: unknown) => void, signal: AbortSignal): Promise<void> {
  const response = await fetch(path, { method: 'POST', headers: { accept: 'text/event-stream', 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
  if (!response.ok || !response.body) throw await problemOf(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += value;
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const message = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = message
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (data) onMessage(JSON.parse(data));
    }
  }
}

export type Session = { client: string; name: string | null; pages: { page: PageName; allowed: boolean; needs: string }[] };
export type PageName = 'log' | 'aggregates' | 'eventlog' | 'personal-data' | 'consumer-groups' | 'projections';

export type EventSummary = {
  position: string;
  streamId: string;
  revision: number;
  kind: 'standard' | 'test' | 'dead';
  recordedAt: string;
  causedBy: string;
  id: string;
  type: string;
  source: string;
  subject: string | null;
  time: string | null;
};

/** A response an HttpsClient received, as the contract check needs it. */
export type RecordedResponse = { method: string; path: string; status: number; contentType: string; text?: string };

/** At most this many responses are kept per platform run: the first ones, which cover every kind a test makes. */
const MAX_RECORDED = 20_000;
/** JSON bodies larger than this are left unchecked (the large-event tests send and read megabytes). */
const MAX_RECORDED_TEXT = 1_000_000;

/** Per origin (https://localhost:<port>), the responses of the platform running there. */
const logs = new Map<string, RecordedResponse[]>();

/** Starts recording what the platform at this origin answers HttpsClients; returns the list it fills. */
export function recordResponses(origin: string): RecordedResponse[] {
  const log: RecordedResponse[] = [];
  logs.set(origin, log);
  return log;
}

export function stopRecording(origin: string): void {
  logs.delete(origin);
}

/** Called by HttpsClient for every response it receives. */
export function noteResponse(url: URL, method: string, status: number, headers: Record<string, string | string[] | undefined>, text: string): void {
  const log = logs.get(url.origin);
  if (!log || log.length >= MAX_RECORDED) return;
  const contentType = String(headers['content-type'] ?? '');
  const json = method !== 'HEAD' && /[/+]json\b/.test(contentType) && text.length <= MAX_RECORDED_TEXT;
  log.push({ method: method.toLowerCase(), path: url.pathname, status, contentType, ...(json ? { text } : {}) });
}

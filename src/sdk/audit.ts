import type { HttpClient } from './http-client.js';

export type HistoryEntry = {
  position: string;
  streamId: string;
  revision: number;
  recordedAt: string;
  /** the registry client, or the platform's service, that appended the event */
  causedBy: string;
  kind: string;
  event: { id: string; source: string; type: string; time?: string; subject?: string; data?: unknown; [attribute: string]: unknown };
};

type HistoryPage = { streamId: string; items: HistoryEntry[]; nextCursor: string };

/** `GET /api/v1/audit/streams/{streamId}/events`, following nextCursor to the end. */
export async function* streamHistory(http: HttpClient, streamId: string, pageSize = 100): AsyncGenerator<HistoryEntry> {
  for (let cursor = '0'; ; ) {
    const page = await http.getJson<HistoryPage>(`/api/v1/audit/streams/${encodeURIComponent(streamId)}/events`, { cursor, limit: pageSize });
    yield* page.items;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

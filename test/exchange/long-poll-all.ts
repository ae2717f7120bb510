import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';

/** Every event a new long-polling consumer group of the client receives, read until a poll brings nothing. */
export async function longPollAll(client: HttpsClient): Promise<any[]> {
  const created = await client.post('/ce/consumers', { query: { group: `read-${Date.now()}-${Math.random()}` } });
  expect(created.status, created.text).to.equal(201);
  const instance = new URL(created.headers.location as string).pathname;
  const events: any[] = [];
  for (;;) {
    const response = await client.get(`${instance}/events`, { query: { confirm: 'true' } });
    if (response.status === 204) return events;
    expect(response.status, response.text).to.equal(200);
    events.push(...response.json());
  }
}

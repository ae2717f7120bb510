import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { demoEvent, STRUCTURED } from '../support/test-platform';

/** demo-producer produces one demo event (202), with the attributes given. */
export async function produce(producer: HttpsClient, overrides: Record<string, unknown>): Promise<void> {
  const response = await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent(overrides)) });
  expect(response.status, response.text).to.equal(202);
}

import { CONSTANTS, HTTP, type CloudEvent } from 'cloudevents';
import { hasBinaryData, toWireEvent, type EventInput } from './events.js';
import type { HttpClient } from './http-client.js';

export type ProduceOptions = {
  /** a test event: delivered only to the producer's own consumer instances created with test=true */
  test?: boolean;
  signal?: AbortSignal;
};

/**
 * Producing into the exchange. Each call resolves once the platform answered 202 (the events are in the
 * log) and throws ProblemError or ConnectionError otherwise. Sending the same source + id again is safe:
 * the exchange stores it once.
 */
export class Producer {
  constructor(private readonly http: HttpClient) {}

  /** One event: structured mode, or raw mode when its data is binary (a Buffer or Uint8Array). */
  async produce(input: EventInput, options: ProduceOptions = {}): Promise<CloudEvent<unknown>> {
    const { event, json, timeGiven } = toWireEvent(input);
    if (hasBinaryData(event)) {
      const message = HTTP.binary(event);
      const headers = message.headers as Record<string, string>;
      if (!timeGiven) delete headers['ce-time'];
      await this.post(`${pathOf(options)}/raw`, headers, message.body as Buffer, options);
    } else {
      await this.post(`${pathOf(options)}/event`, HTTP.structured(event).headers as Record<string, string>, json, options);
    }
    return event;
  }

  /** Several events in one request: all stored or none. */
  async produceBatch(inputs: EventInput[], options: ProduceOptions = {}): Promise<CloudEvent<unknown>[]> {
    const wire = inputs.map(toWireEvent);
    await this.produceBatchJson(wire.map(({ json }) => json), options);
    return wire.map(({ event }) => event);
  }

  /** A batch of events already written as structured JSON (the outbox keeps them so). */
  async produceBatchJson(eventsJson: string[], options: ProduceOptions = {}): Promise<void> {
    await this.post(`${pathOf(options)}/events`, { 'content-type': CONSTANTS.MIME_CE_BATCH }, `[${eventsJson.join(',')}]`, options);
  }

  private async post(path: string, headers: Record<string, string>, body: string | Buffer, options: ProduceOptions) {
    await this.http.expect([202], 'POST', path, { headers, body, signal: options.signal });
  }
}

function pathOf(options: ProduceOptions): string {
  return options.test ? '/ce/tools/produce' : '/ce/produce';
}

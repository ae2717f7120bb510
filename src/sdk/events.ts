import { CloudEvent, CONSTANTS, HTTP, type CloudEventV1 } from 'cloudevents';

/** An event to produce: a CloudEvent, or the attributes and data to build one (id and time default to a UUID and now). */
export type EventInput = CloudEvent<unknown> | (Partial<CloudEventV1<unknown>> & { source: string; type: string });

/** A consumed event: its attributes, its data, and the offset it was delivered with. */
export type ConsumedEvent = CloudEvent<unknown> & { offset: string };

export class InvalidEventError extends Error {}

/** A CloudEvent validated by the cloudevents package (strict): what the exchange would refuse with 400 is refused here first. */
export function toCloudEvent(input: EventInput): CloudEvent<unknown> {
  // the cloudevents package checks 1.0 and 0.3 events against their own schemas and any other version not at all
  if (input.specversion !== undefined && input.specversion !== '1.0') {
    throw new InvalidEventError(`invalid event ${describe(input)}: specversion must be "1.0" (the exchange takes CloudEvents 1.0), not ${JSON.stringify(input.specversion)}`);
  }
  if (input instanceof CloudEvent) return input;
  try {
    return new CloudEvent<unknown>({ specversion: '1.0', ...input });
  } catch (error) {
    throw new InvalidEventError(`invalid event ${describe(input)}: ${(error as Error).message.replace(/\s+/g, ' ')}`);
  }
}

/**
 * The event and its structured JSON. The cloudevents package fills `time` with now when it is not
 * given; the JSON leaves it out then, as the input did, so that sending the same input again is the same
 * event to the exchange (which sets `time` on receipt) rather than a conflict (409).
 */
export function toWireEvent(input: EventInput): { event: CloudEvent<unknown>; json: string; timeGiven: boolean } {
  const event = toCloudEvent(input);
  const timeGiven = input instanceof CloudEvent || input.time !== undefined;
  const attributes = event.toJSON();
  if (!timeGiven) delete attributes.time;
  return { event, json: JSON.stringify(attributes), timeGiven };
}

/** Binary payloads go in raw mode (the exchange's structured mode carries JSON data only). */
export function hasBinaryData(event: CloudEvent<unknown>): boolean {
  return event.data instanceof Uint8Array;
}

function describe(input: { source?: string; id?: string }): string {
  return input.id ? `${input.source ?? '?'} ${input.id}` : `from ${input.source ?? '?'}`;
}

/**
 * A delivered event (JSON text or parsed) read as the structured mode of the HTTP binding does, which
 * does not validate: an event the exchange stored is handed on as it is, rather than failing here and
 * being skipped by a later confirm.
 */
export function consumedEvent(json: string | object): ConsumedEvent {
  return HTTP.toEvent({ headers: { 'content-type': CONSTANTS.DEFAULT_CE_CONTENT_TYPE }, body: json }) as ConsumedEvent;
}

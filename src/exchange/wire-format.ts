import type { OffsetDelivery } from './consumer-instance';

/** How a delivered event looks to consumers: structured JSON with the instance's offset, or HTTP binary mode. */
export function toStructured(delivery: OffsetDelivery): Record<string, unknown> {
  return { ...delivery.event, offset: String(delivery.offset) };
}

export function toRaw(delivery: OffsetDelivery): { headers: Record<string, string>; body: Buffer } {
  const { data, data_base64: dataBase64, datacontenttype, ...attributes } = delivery.event;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) headers[`ce-${name}`] = encodeHeaderValue(String(value));
  }
  headers['ce-offset'] = String(delivery.offset);
  const mediaType = typeof datacontenttype === 'string' ? datacontenttype : 'application/json';
  if (typeof dataBase64 === 'string') {
    headers['content-type'] = mediaType;
    return { headers, body: Buffer.from(dataBase64, 'base64') };
  }
  if (typeof data === 'string' && !/json/i.test(mediaType)) {
    headers['content-type'] = mediaType;
    return { headers, body: Buffer.from(data, 'utf8') };
  }
  headers['content-type'] = /json/i.test(mediaType) ? mediaType : 'application/json';
  return { headers, body: Buffer.from(JSON.stringify(data ?? null), 'utf8') };
}

/**
 * CloudEvents HTTP binding (3.1.3.2): space, '"', '%' and characters outside printable ASCII are
 * percent-encoded (as UTF-8).
 * The exchange refuses unpaired surrogates in attributes, but an event from before that rule, or one a
 * service appended, may hold one: it has no UTF-8 form, so it goes out as U+FFFD, as a UTF-8 encoder does.
 */
export function encodeHeaderValue(value: string): string {
  return value.toWellFormed().replace(/[^\x21-\x7E]|[%"]/gu, (character) => encodeURIComponent(character));
}

export function decodeHeaderValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

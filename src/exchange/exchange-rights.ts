import { matchesAny, type ClientDefinition } from '../platform/identity/client-registry';

/** The exchange's authorization rules, as pure functions over a client's registry entry. */
export function mayProduce(client: ClientDefinition, source: string, type: string): string | null {
  const produce = client.exchange?.produce;
  if (!produce) return `client ${client.id} is not registered as a producer`;
  if (!matchesAny(produce.sources, source)) return `client ${client.id} may not produce events with source ${source}`;
  if (!mayProduceType(client, type)) return `client ${client.id} may not produce events of type ${type}`;
  return null;
}

/** Whether the client may produce events of this type, from some source it may use. */
export function mayProduceType(client: ClientDefinition, type: string): boolean {
  return matchesAny(client.exchange?.produce?.types, type);
}

export function mayConsume(client: ClientDefinition, type: string): boolean {
  return matchesAny(client.exchange?.consume?.types, type);
}

/** The seed: a system registered neither as producer nor as consumer gets 401 from the exchange. */
export function isExchangeClient(client: ClientDefinition): boolean {
  return client.exchange?.produce !== undefined || isConsumer(client);
}

export function isConsumer(client: ClientDefinition): boolean {
  return (client.exchange?.consume?.types?.length ?? 0) > 0;
}

export function consumeViolation(client: ClientDefinition, type: string): string | null {
  if (!isConsumer(client)) return `client ${client.id} is not registered as a consumer`;
  return mayConsume(client, type) ? null : `client ${client.id} may not consume events of type ${type}`;
}

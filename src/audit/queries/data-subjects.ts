import type { CloudEventRecord } from '../../platform/event-store/event-store';
import { orderEventSubjects } from '../../delivery/order/data-subjects';
import { EVENTS_REGISTERED, type EventsRegistered } from '../../eventlog/registration/events';
import { petitionEventSubjects } from '../../petitions/petition/data-subjects';
import { authorizationEventSubjects } from '../../representation/authorization/data-subjects';

/**
 * The data subjects (IDNP, IDNO, passport numbers) the platform's own events name, where each service
 * puts them: the `subject` of a logged event, a booking's citizen, a notification's user and recipients,
 * a petition's requestor and responsible person, a delivery order's receiver and holders, the parties and
 * co-signers of a power of representation (each of these three services says which, in its own folder).
 * An auditor who reads such an event reads their personal data. Producers' events on the exchange follow
 * no shape the platform knows, and are not looked into.
 */
export function dataSubjectsOf(event: CloudEventRecord): string[] {
  const data = event.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
  if (event.type.startsWith(PETITION_EVENTS)) return petitionEventSubjects(data);
  if (event.type.startsWith(ORDER_EVENTS)) return orderEventSubjects(event.type, data);
  if (event.type.startsWith(AUTHORIZATION_EVENTS)) return authorizationEventSubjects(data);
  if (event.type === EVENTS_REGISTERED) {
    return (data as EventsRegistered['data']).entries.flatMap((entry) => texts(entry.fields.subject));
  }
  const { citizen, userId, recipients } = data as { citizen?: { idnp?: unknown; passportNumber?: unknown }; userId?: unknown; recipients?: unknown };
  return [
    ...texts(citizen?.idnp),
    ...texts(citizen?.passportNumber),
    ...texts(userId),
    ...(Array.isArray(recipients) ? recipients.flatMap((recipient) => (isIdentified(recipient) ? texts(recipient.Value) : [])) : []),
  ];
}

const PETITION_EVENTS = 'md.gov.petitions.petition.';
const ORDER_EVENTS = 'md.gov.delivery.order.';
const AUTHORIZATION_EVENTS = 'md.gov.representation.authorization.';

const IDENTIFIER_TYPES = new Set(['IDNP', 'IDNO', 'Cabinet']);

function isIdentified(recipient: unknown): recipient is { Value: unknown } {
  return recipient !== null && typeof recipient === 'object' && IDENTIFIER_TYPES.has(String((recipient as { Type?: unknown }).Type));
}

function texts(value: unknown): string[] {
  if (typeof value === 'string' && value !== '') return [value];
  return Array.isArray(value) ? value.flatMap(texts) : [];
}

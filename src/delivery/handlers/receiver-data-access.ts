import type { Clock } from '../../platform/clock';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import type { LegalEventLog } from '../../platform/legal-events';
import { dataSubjectsOf, type OrderDetails } from '../order/order-details';

/** Legal basis of the service's reads of receivers' data (docs/decisions.md, "Delivery"). */
export const RECEIVER_DATA_LEGAL_BASIS = 'Legea nr. 133/2011 privind protecția datelor cu caracter personal, art. 5';

/**
 * A read that shows an order's receiver (and the holders of its documents) is registered in the event
 * log as MDelivery.PersonalData.Access, before the data leaves: legal_entity is the caller's IDNO, the
 * subjects are the receiver's IDNP or IDNO and the holders' IDNPs, the object names the order.
 */
export function logReceiverDataRead(
  legalEvents: LegalEventLog,
  clock: Clock,
  client: ClientDefinition,
  order: { serviceID: string; orderID: string; details: Pick<OrderDetails, 'receiver' | 'products'> },
): Promise<void> {
  const subjects = dataSubjectsOf(order.details);
  return legalEvents.register(
    { id: client.id, idno: client.idno },
    [
      {
        event_time: clock.now().toISOString(),
        event_type: 'MDelivery.PersonalData.Access',
        event_source: 'delivery',
        ...(client.idno && { legal_entity: client.idno }),
        legal_basis: RECEIVER_DATA_LEGAL_BASIS,
        legal_reason: 'delivery of an order to its receiver',
        subject: subjects.length === 1 ? subjects[0] : subjects,
        subject_type: order.details.receiver.type,
        object: `${order.serviceID}/${order.orderID}`,
        object_type: 'DeliveryOrder',
      },
    ],
    'service',
  );
}

/**
 * An order's details as the seed's model names them (the details operation answers them; the provider's
 * intake takes them). Dates are kept as UTC instants (ISO-8601), whatever offset they came with.
 */
export type Receiver = {
  type: 'Person' | 'Organization';
  /** IDNP (Person) or IDNO (Organization) */
  id: string;
  name?: string;
  firstName?: string;
  email?: string;
  phone?: string;
};

export type Product = {
  code?: string;
  description?: string;
  price: number;
  quantity: number;
  /** centimetres */
  length: number;
  width: number;
  height: number;
  /** kilograms */
  weight: number;
  /** IDNP of the person the document was issued for */
  holderID?: string;
  holderName?: string;
  holderFirstName?: string;
};

export type OrderDetails = {
  isPaid: boolean;
  message?: string;
  receiver: Receiver;
  pickupPointCode?: string;
  orderSubmittedAt: string;
  deliveryAcceptedUntil: string;
  estimatedReadyAt: string;
  products: Product[];
};

/** The people whose data an order's details show: the receiver (a person, or an organization's IDNO) and the documents' holders. */
export function dataSubjectsOf(details: Pick<OrderDetails, 'receiver' | 'products'>): string[] {
  const holders = details.products.flatMap((product) => (product.holderID ? [product.holderID] : []));
  return [...new Set([details.receiver.id, ...holders])];
}

/** Two sets of details are the same when their JSON is, members in any order. */
export function sameDetails(a: OrderDetails, b: OrderDetails): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).filter(([, inner]) => inner !== undefined);
    return `{${members.sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, inner]) => `${JSON.stringify(name)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

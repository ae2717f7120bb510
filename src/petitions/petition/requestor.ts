import type { Requestor } from './events';

/** An IDNO (a legal entity's) starts with 1; any other IDN is a natural person's IDNP. */
export const requestorKindOf = (idn: string): Requestor['kind'] => (idn.startsWith('1') ? 'Organization' : 'Person');

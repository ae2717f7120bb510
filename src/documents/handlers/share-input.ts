import { InvalidPrincipalError } from '../principals/acting-principal';
import { canonicalPrincipal } from '../principals/principal';
import { instantOf } from '../invalid-input';
import { InvalidShareError } from '../share/decider';

/** A share item as either shape sends it: the seed's (sharedFor) or the official client's (for, reservedId, suppressNotifications). */
export type ShareItemBody = {
  sharedFor?: string;
  for?: string;
  permission: string | number;
  from?: string | null;
  to?: string | null;
  reservedId?: string | null;
  suppressNotifications?: boolean | null;
};

export type ShareInput = { sharedFor: string; permission: 'Read' | 'Write'; from: string | null; to: string | null; reservedId: string | null; suppressNotifications: boolean };

/** The official client's Permission enum: Read 1, Write 2 (as numbers, which System.Text.Json writes by default), or the names in any case. */
export function permissionOf(value: string | number, field: string): 'Read' | 'Write' {
  const text = String(value).toLowerCase();
  if (text === 'read' || text === '1') return 'Read';
  if (text === 'write' || text === '2') return 'Write';
  throw new InvalidShareError(field, 'must be Read or Write');
}

export function shareInputOf(item: ShareItemBody, path: string): ShareInput {
  const named = item.sharedFor ?? item.for;
  if (named === undefined) throw new InvalidShareError(`${path}.sharedFor`, 'is required');
  const sharedFor = canonicalPrincipal(named);
  if (!sharedFor) throw new InvalidPrincipalError(`${path}.sharedFor`);
  return {
    sharedFor,
    permission: permissionOf(item.permission, `${path}.permission`),
    from: item.from ? instantOf(item.from, `${path}.from`) : null,
    to: item.to ? instantOf(item.to, `${path}.to`) : null,
    reservedId: item.reservedId ?? null,
    suppressNotifications: item.suppressNotifications ?? false,
  };
}

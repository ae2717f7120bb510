import type { AuthorizationTypeSnapshot, Party } from './events';

/** Every command carries the instant it is decided at (`at`, ISO-8601 UTC), read from the platform clock. */
export type CreateAuthorization = {
  type: 'CreateAuthorization';
  authorizationCode: string;
  authorizationType: AuthorizationTypeSnapshot & { requiresCoSigning: boolean };
  authorizing: Party;
  authorized: Party;
  coSignerIdns: string[];
  fromDate: string;
  toDate: string;
  at: string;
  createdBy: string;
};

/** The commands on a power that exists name it, so that a refusal can. */
type OnAuthorization = { authorizationCode: string; at: string };

export type CoSignAuthorization = OnAuthorization & { type: 'CoSignAuthorization'; coSignerIdn: string };
export type AcceptAuthorization = OnAuthorization & { type: 'AcceptAuthorization' };
export type SuspendAuthorization = OnAuthorization & { type: 'SuspendAuthorization'; reason?: string };
export type ResumeAuthorization = OnAuthorization & { type: 'ResumeAuthorization' };
export type RevokeAuthorization = OnAuthorization & { type: 'RevokeAuthorization'; reason?: string };
export type RenounceAuthorization = OnAuthorization & { type: 'RenounceAuthorization'; reason?: string };
/** The scheduler's: record what time has brought by `at` (became valid, expires soon, expired). */
export type AdvanceAuthorization = OnAuthorization & { type: 'AdvanceAuthorization'; expiresSoonWithinMs: number };

export type AuthorizationCommand =
  | CreateAuthorization
  | CoSignAuthorization
  | AcceptAuthorization
  | SuspendAuthorization
  | ResumeAuthorization
  | RevokeAuthorization
  | RenounceAuthorization
  | AdvanceAuthorization;

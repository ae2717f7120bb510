import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { IncomingMessage } from 'node:http';
import type { Clock } from '../../platform/clock';
import type { ClientDefinition } from '../../platform/identity/client-registry';

/** A bearer token that is not valid for the calling client: the caller is not authenticated (401). */
export class InvalidOwnerTokenError extends Error {
  constructor(reason: string) {
    super(`the bearer token is not valid: ${reason}`);
    this.name = 'InvalidOwnerTokenError';
  }
}

/** How late a token's exp or early its nbf may be read, for clocks a little apart. */
const CLOCK_TOLERANCE_SECONDS = 30;

type KeyResolver = ReturnType<typeof createLocalJWKSet>;

/**
 * The owner context of the public guide's JWT: an RS256 token whose `data.idno` claim is the caller's IDNP
 * or IDNO, signed with a key registered for the calling client (its registry entry's `jwks`, a JSON Web Key
 * Set). Expiry is required and checked, with not-before, against the platform clock; no other algorithm
 * is taken (no `none`, no HMAC made with a public key). The key sets are read once per client.
 */
export class OwnerTokens {
  private readonly keySets = new Map<string, KeyResolver | null>();

  constructor(private readonly clock: Clock) {}

  /** The bearer token of the request, when it has one (`Authorization: Bearer <token>`). */
  static bearerOf(request: IncomingMessage): string | undefined {
    const header = request.headers.authorization;
    if (header === undefined) return undefined;
    const match = /^Bearer\s+([A-Za-z0-9_.=-]+)\s*$/i.exec(header);
    if (!match) throw new InvalidOwnerTokenError('the Authorization header must be "Bearer <JWT>"');
    return match[1];
  }

  /** The IDNP or IDNO the token names (data.idno), once its signature and times are checked. */
  async ownerOf(token: string, client: ClientDefinition): Promise<string> {
    const keys = this.keySetOf(client);
    if (!keys) throw new InvalidOwnerTokenError(`no key is registered for client ${client.id} (its registry entry has no jwks)`);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        requiredClaims: ['exp'],
        currentDate: this.clock.now(),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch (error) {
      throw new InvalidOwnerTokenError(reasonOf(error));
    }
    const idno = (payload.data as { idno?: unknown } | undefined)?.idno;
    if (typeof idno !== 'string' || !/^[0-9]{13}$/.test(idno)) throw new InvalidOwnerTokenError('its claim data.idno must be an IDNP or IDNO of 13 digits');
    return idno;
  }

  private keySetOf(client: ClientDefinition): KeyResolver | null {
    if (!this.keySets.has(client.id)) {
      const jwks = client.jwks as JSONWebKeySet | undefined;
      this.keySets.set(client.id, jwks?.keys?.length ? createLocalJWKSet(jwks) : null);
    }
    return this.keySets.get(client.id)!;
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'it has expired';
  if (error instanceof errors.JWTClaimValidationFailed) return `its claim ${error.claim} is not valid (${error.reason})`;
  if (error instanceof errors.JOSEAlgNotAllowed) return 'it is not signed with RS256';
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed) return "its signature is not made by a key registered for the client";
  if (error instanceof errors.JOSEError) return `it cannot be read (${error.code})`;
  return 'it cannot be read';
}

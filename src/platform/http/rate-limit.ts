import type { TLSSocket } from 'node:tls';
import { tooManyRequests, type ProblemError } from '../errors';
import { identifyConnection } from '../identity/authenticate';
import type { ClientDefinition, ClientRegistry } from '../identity/client-registry';

/** A caller's allowance: `perSecond` requests on average, up to `burst` at once. */
export type RateLimit = { perSecond: number; burst: number };

/** fullAt: when the bucket is full again if nothing is taken (ms, the limiter's clock) */
export type Bucket = { tokens: number; at: number; fullAt: number };

/**
 * A token bucket after one request at `now` (ms): one token taken, or none and the wait until one is
 * there again (waitMs 0: the request may go on). Tokens come back at `perSecond`, up to `burst`.
 */
export function takeToken(bucket: Bucket | undefined, now: number, limit: RateLimit): { bucket: Bucket; waitMs: number } {
  const refilled = bucket ? Math.min(limit.burst, bucket.tokens + ((now - bucket.at) * limit.perSecond) / 1000) : limit.burst;
  const allowed = refilled >= 1;
  const tokens = allowed ? refilled - 1 : refilled;
  const fullAt = now + ((limit.burst - tokens) * 1000) / limit.perSecond;
  return { bucket: { tokens, at: now, fullAt }, waitMs: allowed ? 0 : Math.ceil(((1 - tokens) * 1000) / limit.perSecond) };
}

const MAX_BUCKETS = 10_000;

/**
 * The platform convention "all exposed endpoints are rate limited; a throttled client gets 429 with
 * Retry-After". One bucket per registered client (its registry entry may set `rateLimit`, else the
 * platform's default), one per remote address for callers without a registered certificate. Per
 * process: each bridge limits what reaches it.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly registry: ClientRegistry,
    private readonly defaultLimit: RateLimit,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A registered client's allowance: its registry entry's, or the platform's default. */
  limitOf(client: ClientDefinition): RateLimit {
    return client.rateLimit ?? this.defaultLimit;
  }

  /** The 429 for a caller over its allowance, or null; a request let through takes one token. */
  refusal(socket: TLSSocket): ProblemError | null {
    const identity = identifyConnection(socket, this.registry);
    const isClient = identity.kind === 'client';
    const key = isClient ? `client ${identity.client.id}` : `address ${socket.remoteAddress ?? 'unknown'}`;
    const limit = isClient ? this.limitOf(identity.client) : this.defaultLimit;
    const now = this.now();
    const { bucket, waitMs } = takeToken(this.buckets.get(key), now, limit);
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_BUCKETS) this.forgetFull(now);
    if (waitMs === 0) return null;
    const who = isClient ? `client ${identity.client.id}` : 'this address';
    return tooManyRequests(`${who} may send ${limit.perSecond} requests per second (bursts of ${limit.burst}); try again later`, waitMs);
  }

  /**
   * A full bucket is the same as none: forgotten when there are many. Callers by address are unbounded;
   * if they alone are still too many, theirs go (registered clients are bounded by the registry).
   */
  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.fullAt <= now) this.buckets.delete(key);
    if (this.buckets.size <= MAX_BUCKETS) return;
    for (const key of this.buckets.keys()) if (key.startsWith('address ')) this.buckets.delete(key);
  }
}

import { randomBytes } from 'node:crypto';
import { toDomainEvent } from '../../platform/decider';
import { personDecider } from '../person/decider';
import type { PersonEvent } from '../person/events';
import { toPersonStreamId } from '../person/stream';
import { execute, type BookingContext } from './booking-context';

/** The person's userAccessToken: the one issued at their first booking, or a new one. */
export async function userAccessTokenOf(context: BookingContext, userIdentifier: string, producer: string): Promise<string> {
  const streamId = toPersonStreamId(userIdentifier);
  const existing = await tokenIn(context, streamId);
  if (existing) return existing;
  const result = await execute(context, streamId, personDecider, { type: 'issueToken', userAccessToken: randomBytes(24).toString('base64url'), at: context.clock.now().toISOString() }, producer);
  // an empty result means another request issued the token first
  return result.events[0]?.data.userAccessToken ?? (await tokenIn(context, streamId))!;
}

async function tokenIn(context: BookingContext, streamId: string): Promise<string | null> {
  const history = await context.events.readStream(streamId);
  return history.map(toDomainEvent<PersonEvent>).reduce(personDecider.evolve, personDecider.initialState()).userAccessToken;
}

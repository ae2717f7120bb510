import { randomUUID } from 'node:crypto';
import { toDomainEvent } from '../../platform/decider';
import { ProblemError } from '../../platform/errors';
import type { Actor } from '../appointment/commands';
import { appointmentDecider } from '../appointment/decider';
import type { AppointmentRequested } from '../appointment/events';
import { SlotUnavailableError } from '../ledger/decider';
import type { Language } from '../messages';
import { ruleProblem, validationProblem } from '../problems';
import type { RequestCommand } from '../request/commands';
import { RequestClosedError, requestDecider, type RequestState } from '../request/decider';
import type { RequestEvent } from '../request/events';
import { toAppointmentStreamId } from '../appointment/stream';
import { toRequestStreamId } from '../request/stream';
import { nameUuid } from '../service';
import { execute, type BookingContext } from './booking-context';
import { planAppointments, type CitizenRequest, type PlannedAppointment } from './booking-plan';
import { successModel, withTokens, type SuccesAppointmentRequestModel } from './booking-response';
import { userAccessTokenOf } from './person-tokens';
import { ledgerGroups, releaseRequest, reserveCommand, unavailableNow, type LedgerGroup } from './slot-reservations';

export type BookingInput = { citizens: CitizenRequest[]; actor: Actor; language: Language; idempotencyKey: string | null; bodyHash: string };

/**
 * POST /v2/appointments/request. A request is accepted whole or refused whole. Holding its ledgers'
 * admission locks (in a fixed order), it checks that it fits, records its plan and reserves its slot
 * ledgers (released again if one refuses); then it is accepted and its appointments are written. A
 * request that does not fit writes nothing. Under an Idempotency-Key a retry gets the first answer.
 */
export async function bookAppointments(context: BookingContext, input: BookingInput): Promise<SuccesAppointmentRequestModel> {
  if (!input.idempotencyKey) return book(context, input, randomUUID());
  const requestId = nameUuid('idempotency', input.actor.clientId, input.idempotencyKey);
  return context.locks.run(`request:${requestId}`, async () => {
    const earlier = await loadRequest(context, requestId);
    return earlier.status === 'none' ? book(context, input, requestId) : replay(context, earlier, input);
  });
}

async function book(context: BookingContext, input: BookingInput, requestId: string): Promise<SuccesAppointmentRequestModel> {
  const producer = input.actor.clientId;
  const now = context.clock.now();
  const plan = await planAppointments(context, input.citizens, { actor: input.actor, language: input.language, now });
  const groups = ledgerGroups(plan);
  const planned = plan.map((item) => ({ ...item.requested, requestId }));
  const onRequest = (command: RequestCommand) => execute(context, toRequestStreamId(requestId), requestDecider, command, producer);

  let tokens: Promise<Map<string, string>> = Promise.resolve(new Map());
  await withAdmission(context, groups, async () => {
    const full = await unavailableNow(context, groups, requestId);
    if (full.length) throw validationProblem(input.language, full);
    tokens = issueTokens(context, plan, producer);
    tokens.catch(() => undefined); // awaited below; a failure then is the request's failure
    const ledgers = groups.map(({ locationId, date }) => ({ locationId, date }));
    // the grace period of the recovery runs from here: time spent planning and queueing for the locks is not the request's stall
    const receivedAt = context.clock.now().toISOString();
    const received = { requestId, requestedBy: producer, bodyHash: input.bodyHash, withIdempotencyKey: Boolean(input.idempotencyKey), ledgers, appointments: planned, receivedAt };
    await onRequest({ type: 'receive', data: received }).catch((error) => {
      throw error instanceof RequestClosedError ? ruleProblem(input.language, 409, 'idempotencyKeyInProgress') : error;
    });
    await reserveAll(context, groups, requestId, input, onRequest);
  });

  const issued = await tokens;
  const appointments: AppointmentRequested[] = planned.map((appointment, index) => ({ ...appointment, userAccessToken: issued.get(plan[index].userIdentifier)! }));
  const response = successModel(appointments);
  try {
    await onRequest({ type: 'accept', data: { requestId, response, acceptedAt: context.clock.now().toISOString() } });
  } catch (error) {
    if (!(error instanceof RequestClosedError)) throw error;
    // only a request stalled past the recovery's grace period is abandoned under our feet; the recovery
    // released what it held then, not the ledgers reserved since
    await releaseRequest(context, groups, requestId, 'request-abandoned', producer);
    throw ruleProblem(input.language, 400, 'requestTimedOut');
  }
  await context.projections.waitFor(await writeAppointments(context, appointments, producer));
  return response;
}

/** Requests for the same slot ledgers are admitted one at a time in this process (other processes: the ledgers' revisions). */
function withAdmission<T>(context: BookingContext, groups: LedgerGroup[], work: () => Promise<T>): Promise<T> {
  return groups.reduceRight<() => Promise<T>>((inner, group) => () => context.locks.run(`admit:${group.streamId}`, inner), work)();
}

async function issueTokens(context: BookingContext, plan: PlannedAppointment[], producer: string): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const identifier of new Set(plan.map((item) => item.userIdentifier))) tokens.set(identifier, await userAccessTokenOf(context, identifier, producer));
  return tokens;
}

async function reserveAll(context: BookingContext, groups: LedgerGroup[], requestId: string, input: BookingInput, onRequest: (command: RequestCommand) => Promise<unknown>) {
  const reserved: LedgerGroup[] = [];
  try {
    for (const group of groups) {
      await context.ledgers.handle(group.streamId, reserveCommand(group, requestId), input.actor.clientId);
      reserved.push(group);
    }
  } catch (error) {
    await releaseRequest(context, reserved, requestId, 'request-refused', input.actor.clientId);
    if (!(error instanceof SlotUnavailableError)) throw error;
    const problem = validationProblem(input.language, [{ field: groups[reserved.length].items[error.itemIndex].field, key: error.reason }]);
    const stored = { status: problem.status, title: problem.title, detail: problem.detail, errors: problem.errors };
    await onRequest({ type: 'refuse', data: { requestId, problem: stored, refusedAt: context.clock.now().toISOString() } }).catch(() => undefined);
    throw problem;
  }
}

/** Writes the appointments of an accepted request; those already written are left as they are. */
export async function writeAppointments(context: BookingContext, appointments: AppointmentRequested[], producer: string): Promise<number> {
  const results = await Promise.all(
    appointments.map((data) => execute(context, toAppointmentStreamId(data.appointmentId), appointmentDecider, { type: 'request', data }, producer)),
  );
  return Math.max(0, ...results.map((result) => result.lastPosition));
}

/** The appointments of an accepted request, as written (the plan plus the tokens of the answer). */
export function acceptedAppointments(state: RequestState): AppointmentRequested[] {
  return state.received && state.accepted ? withTokens(state.received.appointments, state.accepted.response as SuccesAppointmentRequestModel) : [];
}

export async function loadRequest(context: BookingContext, requestId: string): Promise<RequestState> {
  const history = await context.events.readStream(toRequestStreamId(requestId));
  return history.map(toDomainEvent<RequestEvent>).reduce(requestDecider.evolve, requestDecider.initialState());
}

async function replay(context: BookingContext, earlier: RequestState, input: BookingInput): Promise<SuccesAppointmentRequestModel> {
  const received = earlier.received!;
  if (received.bodyHash !== input.bodyHash) throw ruleProblem(input.language, 400, 'idempotencyKeyReused', {}, 'Idempotency-Key');
  switch (earlier.status) {
    case 'accepted':
      await context.projections.waitFor(await writeAppointments(context, acceptedAppointments(earlier), received.requestedBy));
      return earlier.accepted!.response as SuccesAppointmentRequestModel;
    case 'refused': {
      const { status, title, detail, errors } = earlier.refused!.problem;
      throw new ProblemError(status, title, detail, errors);
    }
    case 'abandoned':
      throw ruleProblem(input.language, 400, 'requestAbandoned');
    default:
      throw ruleProblem(input.language, 409, 'idempotencyKeyInProgress');
  }
}

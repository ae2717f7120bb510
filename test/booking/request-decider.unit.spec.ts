import { RequestClosedError, requestDecider } from '../../src/booking/request/decider';
import { REQUEST_ABANDONED, REQUEST_ACCEPTED, REQUEST_RECEIVED, REQUEST_REFUSED, type RequestEvent } from '../../src/booking/request/events';
import { deciderSpec } from '../support/decider-spec';
import { requestedAppointment } from './booking-fixtures';

const spec = deciderSpec(requestDecider);
const receivedData = { requestId: 'r1', requestedBy: 'demo-institution', bodyHash: 'h', withIdempotencyKey: true, ledgers: [{ locationId: 'loc-1', date: '2026-01-15' }], appointments: [requestedAppointment()], receivedAt: '2026-01-12T08:00:00.000Z' };
const received: RequestEvent = { type: REQUEST_RECEIVED, data: receivedData };
const accepted: RequestEvent = { type: REQUEST_ACCEPTED, data: { requestId: 'r1', response: { userAccessToken: 't' }, acceptedAt: '2026-01-12T08:00:01.000Z' } };
const abandoned: RequestEvent = { type: REQUEST_ABANDONED, data: { requestId: 'r1', reason: 'stalled', abandonedAt: '2026-01-12T08:05:00.000Z' } };
const refused: RequestEvent = { type: REQUEST_REFUSED, data: { requestId: 'r1', problem: { status: 400, title: 'x' }, refusedAt: '2026-01-12T08:00:01.000Z' } };

describe('Booking request decider (unit, given/when/then)', () => {
  it('receives a request once', () => {
    spec.given([]).when({ type: 'receive', data: receivedData }).then([received]);
    spec.given([received]).when({ type: 'receive', data: receivedData }).thenThrows(RequestClosedError, /received/);
  });

  it('accepts or refuses a received request, exactly once', () => {
    spec.given([received]).when({ type: 'accept', data: accepted.data as never }).then([accepted]);
    spec.given([received]).when({ type: 'refuse', data: refused.data as never }).then([refused]);
    spec.given([received, accepted]).when({ type: 'refuse', data: refused.data as never }).thenThrows(RequestClosedError, /accepted/);
    spec.given([received, refused]).when({ type: 'accept', data: accepted.data as never }).thenThrows(RequestClosedError, /refused/);
  });

  it('lets the recovery abandon a stalled request, after which it can no longer be accepted', () => {
    spec.given([received]).when({ type: 'abandon', data: abandoned.data as never }).then([abandoned]);
    spec.given([received, abandoned]).when({ type: 'accept', data: accepted.data as never }).thenThrows(RequestClosedError, /abandoned/);
    spec.given([received, accepted]).when({ type: 'abandon', data: abandoned.data as never }).then([]);
  });
});

import { expect } from 'chai';
import type { ServeChangesPage } from '../../src/delivery/changes-cursor/commands';
import { changesCursorDecider, CursorMovedError, pageStart } from '../../src/delivery/changes-cursor/decider';
import { CHANGES_PAGE_SERVED, CHANGES_PAGE_WRITTEN, type ChangesCursorEvent } from '../../src/delivery/changes-cursor/events';
import { deciderSpec } from '../support/decider-spec';

const spec = deciderSpec(changesCursorDecider);
const who = { clientId: 'demo-delivery-platform', serviceID: 'DEMO-SERVICE-1' };
const AT = '2026-03-02T10:00:00.000Z';
const serve = (startAfter: number, servedUpTo: number, count: number, extra: Partial<ServeChangesPage> = {}): ServeChangesPage => ({
  type: 'ServeChangesPage', ...who, startAfter, servedUpTo, count, bridge: 'b1', at: AT, leaseMs: 30_000, ...extra,
});
const served = (acknowledgedUpTo: number, servedUpTo: number, count: number, bridge = 'b1', servedAt = AT): ChangesCursorEvent => ({
  type: CHANGES_PAGE_SERVED, data: { ...who, acknowledgedUpTo, servedUpTo, count, bridge, servedAt },
});
const written = (servedUpTo: number): ChangesCursorEvent => ({ type: CHANGES_PAGE_WRITTEN, data: { ...who, servedUpTo, writtenAt: AT } });
const stateOf = (events: ChangesCursorEvent[]) => events.reduce(changesCursorDecider.evolve, changesCursorDecider.initialState());

describe('Delivery: the changes cursor (unit)', () => {
  it('starts a first page at the log beginning and records what it sends', () => {
    expect(pageStart(stateOf([]), 'b1', AT, 30_000)).to.deep.equal({ after: 0 });
    spec.given([]).when(serve(0, 17, 3)).then([served(0, 17, 3)]);
  });

  it('takes the next request as the acknowledgement of a page written whole', () => {
    const history = [served(0, 17, 3), written(17)];
    expect(pageStart(stateOf(history), 'b1', AT, 30_000)).to.deep.equal({ after: 17 });
    spec.given(history).when(serve(17, 30, 1)).then([served(17, 30, 1)]);
    // nothing new: the acknowledgement alone is recorded, once
    spec.given(history).when(serve(17, 17, 0)).then([served(17, 17, 0)]);
    spec.given([...history, served(17, 17, 0)]).when(serve(17, 17, 0)).then([]);
  });

  it('serves a cut page again: one that was never written whole acknowledges nothing', () => {
    const history = [served(0, 17, 3)];
    expect(pageStart(stateOf(history), 'b1', AT, 30_000)).to.deep.equal({ after: 0 });
    spec.given(history).when(serve(0, 21, 4)).then([served(0, 21, 4)]);
  });

  it('leaves a page another bridge is writing to it for the lease, then takes it as cut', () => {
    const elsewhere = [served(0, 17, 3, 'b2', AT)];
    expect(pageStart(stateOf(elsewhere), 'b1', '2026-03-02T10:00:29.999Z', 30_000)).to.deep.equal({ busy: true });
    expect(pageStart(stateOf(elsewhere), 'b1', '2026-03-02T10:00:30.000Z', 30_000)).to.deep.equal({ after: 0 });
  });

  it('refuses a page decided on a cursor that has moved since it was read', () => {
    spec.given([served(0, 17, 3), written(17)]).when(serve(0, 17, 3)).thenThrows(CursorMovedError);
  });

  it('records a page written once, and only the page last served', () => {
    spec.given([served(0, 17, 3)]).when({ type: 'RecordPageWritten', ...who, servedUpTo: 17, at: AT }).then([written(17)]);
    spec.given([served(0, 17, 3), written(17)]).when({ type: 'RecordPageWritten', ...who, servedUpTo: 17, at: AT }).then([]);
    spec.given([served(0, 17, 3), served(0, 21, 4)]).when({ type: 'RecordPageWritten', ...who, servedUpTo: 17, at: AT }).then([]);
  });
});

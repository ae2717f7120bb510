import { expect } from 'chai';
import type WebSocket from 'ws';
import type { ClientDefinition } from '../../src/platform/identity/client-registry';
import { bookOne, OTHER_OFFICE, slot, startBookingPlatform, type BookingPlatform } from '../booking/booking-test-platform';
import { CL } from '../booking/booking-test-data';
import { MessageCollector, type HttpsClient } from '../support/https-client';
import { BATCH, TestPlatform, demoEvent } from '../support/test-platform';
import { longPollAll } from './long-poll-all';

const ORG_A = '1003600000003';
const ORG_B = OTHER_OFFICE.idno!;

/** A system of organisation A allowed the booking types, without the wide scope. */
const ORG_A_READER: ClientDefinition = { id: 'org-a-reader', idno: ORG_A, certificate: {}, exchange: { consume: { types: ['md.gov.booking.*'] } } };
/** A system granted every organisation's booking events. */
const BOOKING_AUDITOR: ClientDefinition = {
  id: 'booking-auditor',
  idno: '1000000000077',
  certificate: {},
  exchange: { consume: { types: ['md.gov.booking.*'], allOwners: ['md.gov.booking.*'] } },
};


const appointmentIdsIn = (events: any[]) => new Set(events.filter((event) => event.type.startsWith('md.gov.booking.appointment.')).map((event) => event.data.appointmentId));

describe('Exchange: who receives the platform\'s own events (e2e over mTLS)', () => {
  let booking: BookingPlatform;
  let ofA: string;
  let ofB: string;
  const sockets: WebSocket[] = [];

  before(async () => {
    booking = await startBookingPlatform({ extraClients: [OTHER_OFFICE, ORG_A_READER, BOOKING_AUDITOR], exchange: { pollTimeoutMs: 200, batchLingerMs: 5 } });
    ofA = await bookOne(booking.institution, CL.passportA1, slot('2026-01-20', '09:00'));
    ofB = await bookOne(booking.platform.client(OTHER_OFFICE.id), CL.taxB1, slot('2026-01-20', '09:00'));
    await booking.institution.patch(`/api/v2/appointments/${ofA}/confirm`);
  });
  after(async () => {
    for (const socket of sockets) socket.terminate();
    await booking.platform.stop();
  });

  it('names the organisation an appointment and its request concern in the mdowners attribute', async () => {
    const events = await longPollAll(booking.platform.client(BOOKING_AUDITOR.id));
    const ofAppointment = (id: string) => events.filter((event) => event.data?.appointmentId === id || event.data?.appointments?.some((planned: any) => planned.appointmentId === id));
    expect(ofAppointment(ofA).map((event) => [event.type, event.mdowners])).to.deep.include.members([
      ['md.gov.booking.request.received.v1', ORG_A],
      ['md.gov.booking.appointment.requested.v1', ORG_A],
      ['md.gov.booking.appointment.confirmed.v1', ORG_A],
    ]);
    expect(ofAppointment(ofB).every((event) => event.mdowners === ORG_B)).to.equal(true);
  });

  it('over long polling: a client of organisation A gets A\'s booking events and not B\'s; one with the wide scope gets both', async () => {
    const ofOrgA = await longPollAll(booking.platform.client(ORG_A_READER.id));
    expect([...appointmentIdsIn(ofOrgA)]).to.deep.equal([ofA]);
    expect(ofOrgA.every((event) => event.mdowners === ORG_A)).to.equal(true);
    expect(ofOrgA.map((event) => event.type)).to.include.members(['md.gov.booking.request.received.v1', 'md.gov.booking.request.accepted.v1', 'md.gov.booking.appointment.confirmed.v1']);

    expect([...appointmentIdsIn(await longPollAll(booking.platform.client(OTHER_OFFICE.id)))]).to.deep.equal([ofB]);
    expect(appointmentIdsIn(await longPollAll(booking.platform.client(BOOKING_AUDITOR.id)))).to.have.keys(ofA, ofB);
  });

  it('over WebSocket: the same, and what arrives later follows the same rule', async () => {
    const connect = async (clientId: string) => {
      const socket = await booking.platform.client(clientId).websocket(`/ce/consume/ws?group=ws-${clientId}`);
      sockets.push(socket);
      return new MessageCollector(socket);
    };
    const orgA = await connect(ORG_A_READER.id);
    const auditor = await connect(BOOKING_AUDITOR.id);
    const later = await bookOne(booking.platform.client(OTHER_OFFICE.id), CL.taxB1, slot('2026-01-21', '09:00'));
    const laterOfA = await bookOne(booking.institution, CL.passportA1, slot('2026-01-21', '09:00'));

    await until(() => appointmentIdsIn(auditor.messages).has(later) && appointmentIdsIn(auditor.messages).has(laterOfA));
    await until(() => appointmentIdsIn(orgA.messages).has(laterOfA));
    expect(appointmentIdsIn(orgA.messages)).to.have.keys(ofA, laterOfA);
    expect(orgA.messages.every((event) => event.mdowners === ORG_A)).to.equal(true);
  });
});

describe('Exchange: filters on attributes in the registry, for any producer\'s types (e2e over mTLS)', () => {
  /** receives demo.order.* only from urn:demo:producer and with a subject under orders/north/, and demo.* events whose mdowners names it */
  const FILTERED: ClientDefinition = {
    id: 'filtered-reader',
    idno: '1000000000055',
    certificate: {},
    exchange: {
      consume: {
        types: ['demo.*'],
        filters: [
          { types: ['demo.order.*'], filter: { all: [{ exact: { source: 'urn:demo:producer' } }, { prefix: { subject: 'orders/north/' } }, { not: { suffix: { subject: '/draft' } } }] } },
          { types: ['demo.note'], filter: { owner: 'mdowners' } },
        ],
      },
    },
  };
  let platform: TestPlatform;
  let producer: HttpsClient;

  beforeEach(async () => {
    platform = await TestPlatform.start({ extraClients: [FILTERED], exchange: { pollTimeoutMs: 200, batchLingerMs: 5 } });
    producer = platform.client('demo-producer');
  });
  afterEach(() => platform.stop());

  const produce = async (...events: object[]) => {
    const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(events) });
    expect(response.status, response.text).to.equal(202);
  };

  it('delivers over long polling and WebSocket only the events that pass the client\'s filter; others get everything', async () => {
    const socket = await platform.client(FILTERED.id).websocket('/ce/consume/ws?group=ws');
    const pushed = new MessageCollector(socket);
    const sent = {
      north: demoEvent({ subject: 'orders/north/1' }),
      south: demoEvent({ subject: 'orders/south/2' }),
      draft: demoEvent({ subject: 'orders/north/3/draft' }),
      noSubject: demoEvent(),
      notOrder: demoEvent({ type: 'demo.invoice.created', subject: 'anything' }),
      noteForIt: demoEvent({ type: 'demo.note', mdowners: '1000000000001,1000000000055' }),
      noteForOthers: demoEvent({ type: 'demo.note', mdowners: '1000000000001' }),
    };
    await produce(...Object.values(sent));
    const expected = [sent.north.id, sent.notOrder.id, sent.noteForIt.id];
    expect((await longPollAll(platform.client(FILTERED.id))).map((event) => event.id)).to.deep.equal(expected);
    expect((await pushed.waitFor(3)).map((event) => event.id)).to.deep.equal(expected);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushed.messages).to.have.length(3);
    socket.terminate();
    // my-groups counts what the filter lets through
    const groups = (await platform.client(FILTERED.id).get('/ce/tools/my-groups')).json().groups;
    expect(groups.find((group: any) => group.group === 'ws' && group.kind === 'standard').waiting).to.deep.equal({ events: 3, exact: true });
    expect(await longPollAll(platform.client('demo-consumer'))).to.have.length(Object.keys(sent).length);
  });

  it('a registry with a malformed filter stops the start, naming the client, the filter and what is wrong', async () => {
    const broken = (filter: unknown) => ({ ...FILTERED, id: 'broken', exchange: { consume: { types: ['demo.*'], filters: [{ types: ['demo.*'], filter }] } } });
    const refusal = async (filter: unknown) => {
      try {
        await (await TestPlatform.start({ extraClients: [broken(filter) as ClientDefinition] })).stop();
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('the platform started');
    };
    expect(await refusal({ exakt: { source: 'x' } })).to.equal(
      'client registry: client broken: exchange.consume.filters[0].filter: a filter has exactly one member, one of the dialects exact, prefix, suffix, all, any, not, owner (found: exakt)',
    );
    expect(await refusal({ all: [{ prefix: { Subject: 'x' } }] })).to.equal(
      'client registry: client broken: exchange.consume.filters[0].filter.all[0].prefix: "Subject" is not a CloudEvents attribute name (lower-case letters and digits; data is not an attribute)',
    );
  });
});

async function until(holds: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

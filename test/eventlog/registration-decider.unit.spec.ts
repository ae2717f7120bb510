import { expect } from 'chai';
import type { RegisterEvents } from '../../src/eventlog/registration/commands';
import { EVENTS_REGISTERED, type RegistrationEvent } from '../../src/eventlog/registration/events';
import { EmptyRegistrationError, InvalidLogEventsError, RegistrationAlreadyExistsError, registrationDecider } from '../../src/eventlog/registration/decider';
import { deciderSpec } from '../support/decider-spec';

const spec = deciderSpec(registrationDecider);
const fields = { event_time: '2024-05-01T10:00:00Z', event_type: 'Demo.Thing.Done' };
const register = (entries: RegisterEvents['entries']): RegisterEvents => ({
  type: 'RegisterEvents',
  uid: 'u-1',
  clientId: 'demo-institution',
  clientIdno: '1003600000003',
  at: '2024-05-01T10:00:01.000Z',
  origin: 'request',
  entries,
  signatures: [],
});
const registered: RegistrationEvent = {
  type: EVENTS_REGISTERED,
  data: { uid: 'u-1', clientId: 'demo-institution', clientIdno: '1003600000003', registeredAt: '2024-05-01T10:00:01.000Z', origin: 'request', entries: [{ fields }], signatures: [] },
};

describe('Event logging: the registration decider', () => {
  it('registers a valid batch as one event', () => {
    spec.given([]).when(register([{ fields }])).then([registered]);
  });

  it('refuses the whole batch when one entry breaks a rule, naming it by index', () => {
    expect(() => registrationDecider.decide(register([{ fields }, { fields: { event_type: 'x' } }]), registrationDecider.initialState()))
      .to.throw(InvalidLogEventsError)
      .with.property('problems')
      .that.has.keys('/1/event_time');
  });

  it('refuses an empty registration and a second registration under the same UID', () => {
    spec.given([]).when(register([])).thenThrows(EmptyRegistrationError);
    spec.given([registered]).when(register([{ fields }])).thenThrows(RegistrationAlreadyExistsError);
  });
});

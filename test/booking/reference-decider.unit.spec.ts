import { personDecider } from '../../src/booking/person/decider';
import { PERSON_TOKEN_ISSUED } from '../../src/booking/person/events';
import { referenceDecider, ReferenceRuleError } from '../../src/booking/reference/decider';
import { deciderSpec } from '../support/decider-spec';

type Calendar = { id: string; code: string; name: { ro: string } };
const spec = deciderSpec(referenceDecider<Calendar>('calendar'));
const passport: Calendar = { id: 'c1', code: 'PASSPORT', name: { ro: 'Pașaport' } };
const renamed: Calendar = { ...passport, name: { ro: 'Pașaport (eliberare)' } };
const registered = { type: 'md.gov.booking.calendar.registered.v1', data: passport };
const updated = { type: 'md.gov.booking.calendar.updated.v1', data: renamed };

describe('Reference data decider (unit, given/when/then)', () => {
  it('creates once; a second create is refused', () => {
    spec.given([]).when({ type: 'create', definition: passport }).then([registered]);
    spec.given([registered]).when({ type: 'create', definition: passport }).thenThrows(ReferenceRuleError, /alreadyExists/);
  });

  it('updates what exists; the same content again appends nothing', () => {
    spec.given([registered]).when({ type: 'update', definition: renamed }).then([updated]);
    spec.given([registered, updated]).when({ type: 'update', definition: { name: { ro: 'Pașaport (eliberare)' }, code: 'PASSPORT', id: 'c1' } }).then([]);
    spec.given([]).when({ type: 'update', definition: renamed }).thenThrows(ReferenceRuleError, /notFound/);
  });

  it('define (the import) creates, updates or leaves alone', () => {
    spec.given([]).when({ type: 'define', definition: passport }).then([registered]);
    spec.given([registered]).when({ type: 'define', definition: renamed }).then([updated]);
    spec.given([registered]).when({ type: 'define', definition: passport }).then([]);
  });
});

describe('Person decider (unit, given/when/then)', () => {
  const issued = { type: PERSON_TOKEN_ISSUED, data: { userAccessToken: 't1', issuedAt: '2026-01-12T08:00:00.000Z' } } as const;
  it('issues the token once and keeps it', () => {
    deciderSpec(personDecider).given([]).when({ type: 'issueToken', userAccessToken: 't1', at: '2026-01-12T08:00:00.000Z' }).then([issued]);
    deciderSpec(personDecider).given([issued]).when({ type: 'issueToken', userAccessToken: 't2', at: '2026-01-13T08:00:00.000Z' }).then([]);
  });
});

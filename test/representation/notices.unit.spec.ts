import { expect } from 'chai';
import type { StoredEvent } from '../../src/platform/event-store/event-store';
import { createLogger } from '../../src/platform/logger';
import { authorizationDecider } from '../../src/representation/authorization/decider';
import type { AuthorizationEvent } from '../../src/representation/authorization/events';
import { representationNotices } from '../../src/representation/processes/notices';
import { CODE, createCommand, created, DAY, ELENA, fold, ION, MARIA, plus, T0 } from './authorization-fixtures';

const source = representationNotices[0];
const stored = (event: AuthorizationEvent, id: string): StoredEvent => ({
  position: 1,
  streamId: `representation-authorization-${CODE}`,
  revision: 0,
  kind: 'standard',
  producer: 'demo-institution',
  recordedAt: T0,
  size: 100,
  event: { specversion: '1.0', id, source: 'urn:md:gov:representation', type: event.type, time: T0, data: event.data },
});
const noticesOf = (event: AuthorizationEvent, id = 'e-1') => source.noticesOf(stored(event, id), createLogger('silent'));

/** What the service's events tell people (sent by the notification service through the log). */
describe('Power of representation: notices of its events (unit)', () => {
  it('follows the service\'s own streams, and tells both parties of a grant, by IDNP or IDNO, in three languages', () => {
    expect(source.follows.streamPrefix).to.equal('representation-');
    const [, granted] = created(createCommand({ authorizing: { partyType: 2, idn: '1003600000010', name: 'SRL Demo Construct' } }));
    const notices = noticesOf(granted);
    expect(notices.map((notice) => notice.recipients)).to.deep.equal([[{ type: 'IDNO', value: '1003600000010' }], [{ type: 'IDNP', value: MARIA }]]);
    expect(notices[0].subject).to.deep.equal({ ro: 'Împuternicire acordată', ru: 'Предоставлена доверенность', en: 'Power of representation granted' });
    expect(notices[0].body.en).to.equal(`The power of representation ${CODE} (type AT-0000001) was granted.`);
    expect(notices.map((notice) => notice.key)).to.deep.equal(['e-1:1003600000010', `e-1:${MARIA}`]);
  });

  it('asks the co-signers to sign a power that needs them, and tells no one of a creation otherwise', () => {
    const [draft] = created(createCommand({ coSignerIdns: [ELENA] }, { requiresCoSigning: true }));
    expect(noticesOf(draft).map((notice) => notice.recipients[0].value)).to.deep.equal([ELENA]);
    expect(noticesOf(draft)[0].subject.en).to.equal('Co-signature requested');
    expect(noticesOf(created()[0])).to.deep.equal([]);
  });

  it('tells no one of the development data\'s own events', () => {
    const [, granted] = created();
    expect(source.noticesOf({ ...stored(granted, 'e-2'), producer: 'representation-demo-data' }, createLogger('silent'))).to.deep.equal([]);
  });

  it('tells both parties that a power became valid, expires soon and expired; a co-signature alone tells no one', () => {
    const history = created();
    const advance = (at: string) => authorizationDecider.decide({ type: 'AdvanceAuthorization', authorizationCode: CODE, at, expiresSoonWithinMs: 30 * DAY }, fold(history));
    const [becameValid, expiringSoon] = advance('2026-06-10T00:00:00.000Z');
    expect(noticesOf(becameValid).map((notice) => notice.subject.en)).to.deep.equal(['Power of representation valid', 'Power of representation valid']);
    expect(noticesOf(expiringSoon)[0].body.ro).to.equal(`Împuternicirea ${CODE} expiră în curând.`);
    const [expired] = authorizationDecider.decide({ type: 'AdvanceAuthorization', authorizationCode: CODE, at: plus('2026-06-30T23:59:59.999Z', 1), expiresSoonWithinMs: 0 }, fold([...history, becameValid, expiringSoon]));
    expect(noticesOf(expired).map((notice) => notice.recipients[0].value)).to.deep.equal([ION, MARIA]);
    const draft = created(createCommand({ coSignerIdns: [ELENA, '2000000000055'] }, { requiresCoSigning: true }));
    const [coSigned] = authorizationDecider.decide({ type: 'CoSignAuthorization', authorizationCode: CODE, at: T0, coSignerIdn: ELENA }, fold(draft));
    expect(noticesOf(coSigned)).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import type { GrantShare } from '../../src/documents/share/commands';
import { InvalidShareError, shareDecider, ShareNotYoursError, ShareWiderThanSharerError } from '../../src/documents/share/decider';
import { SHARE_CHANGED, SHARE_GRANTED, SHARE_REVOKED, type ShareEvent } from '../../src/documents/share/events';
import { coveringGrant, narrowedWithin, OWNER_GRANT, permissionAt, type Grant } from '../../src/documents/share/grant';
import { sharesInForce, type ChainShare } from '../../src/documents/share/chain';
import type { ConfineShare } from '../../src/documents/share/commands';
import { deciderSpec } from '../support/decider-spec';

const spec = deciderSpec(shareDecider);
const at = '2026-05-01T10:00:00.000Z';
const ION = 'urn:md:idnp:2000000000011';
const MARIA = 'urn:md:idnp:2000000000022';
const ANDREI = 'urn:md:idnp:2000000000033';
const shareId = '00000000-0000-4000-8000-0000000000s1'.replace('s', 'a');
const documentId = '00000000-0000-4000-8000-0000000000d1';
const readUntilJune: Grant = { permission: 'Read', from: null, to: '2026-06-01T00:00:00.000Z' };
const writeFromMay: Grant = { permission: 'Write', from: '2026-05-01T00:00:00.000Z', to: null };

const grant = (overrides: Partial<GrantShare> = {}): GrantShare => ({
  type: 'GrantShare',
  shareId,
  documentId,
  documentOwner: ION,
  sharedFor: ANDREI,
  permission: 'Read',
  from: null,
  to: null,
  sharer: { principal: MARIA, grants: [writeFromMay] },
  suppressNotifications: false,
  clientId: 'demo-institution',
  at,
  ...overrides,
});
const granted = shareDecider.decide(grant(), shareDecider.initialState())[0] as ShareEvent;

describe('share decider: never wider than the sharer, in rights or in time', () => {
  it('shares within what the sharer holds', () => {
    expect(granted).to.deep.include({ type: SHARE_GRANTED });
    expect(granted.data).to.include({ shareId, sharedFor: ANDREI, permission: 'Read', by: MARIA, owner: ION });
    spec.given([]).when(grant({ permission: 'Write', to: '2027-01-01T00:00:00.000Z' })).thenMatches((events) => expect(events).to.have.length(1));
  });

  it('refuses Write from a principal that holds Read', () => {
    spec.given([]).when(grant({ permission: 'Write', sharer: { principal: MARIA, grants: [readUntilJune] }, to: '2026-05-20T00:00:00.000Z' })).thenThrows(ShareWiderThanSharerError, /in rights or in time/);
  });

  it('refuses a share that outlasts the sharer, or has no end when the sharer has one', () => {
    const sharer = { principal: MARIA, grants: [readUntilJune] };
    spec.given([]).when(grant({ sharer, to: '2026-07-01T00:00:00.000Z' })).thenThrows(ShareWiderThanSharerError, /Read until 2026-06-01/);
    spec.given([]).when(grant({ sharer, to: null })).thenThrows(ShareWiderThanSharerError, /without an end/);
    spec.given([]).when(grant({ sharer, to: '2026-05-31T00:00:00.000Z' })).thenMatches((events) => expect(events).to.have.length(1));
  });

  it('refuses a share that starts before the sharer may', () => {
    spec.given([]).when(grant({ from: '2026-04-01T00:00:00.000Z', permission: 'Write' })).thenThrows(ShareWiderThanSharerError);
  });

  it('lets the owner share anything, for any time', () => {
    spec.given([]).when(grant({ sharer: { principal: ION, grants: [OWNER_GRANT] }, sharedFor: MARIA, permission: 'Write' })).thenMatches((events) => expect(events).to.have.length(1));
  });

  it('keeps from <= to, to later than now, and someone else than the owner and the sharer (seed)', () => {
    spec.given([]).when(grant({ from: '2026-06-02T00:00:00.000Z', to: '2026-06-01T00:00:00.000Z' })).thenThrows(InvalidShareError, /earlier than from/);
    spec.given([]).when(grant({ to: '2026-04-30T00:00:00.000Z' })).thenThrows(InvalidShareError, /later than now/);
    spec.given([]).when(grant({ sharedFor: ION })).thenThrows(InvalidShareError, /someone other/);
    spec.given([]).when(grant({ sharedFor: MARIA })).thenThrows(InvalidShareError, /someone other/);
  });

  it('lets the sharer change its share within its grants, the owner any share; others neither change nor revoke it', () => {
    const change = { type: 'ChangeShare' as const, shareId, permission: 'Write' as const, from: null, to: '2026-09-01T00:00:00.000Z', actor: MARIA, actorGrants: [writeFromMay], clientId: 'c', at };
    spec.given([granted]).when(change).thenMatches((events) => expect(events[0].type).to.equal(SHARE_CHANGED));
    spec.given([granted]).when({ ...change, actorGrants: [readUntilJune] }).thenThrows(ShareWiderThanSharerError);
    spec.given([granted]).when({ ...change, actor: ANDREI, actorGrants: [writeFromMay] }).thenThrows(ShareNotYoursError);
    spec.given([granted]).when({ ...change, actor: ION, actorGrants: [OWNER_GRANT], to: null }).thenMatches((events) => expect(events[0].type).to.equal(SHARE_CHANGED));
    spec.given([granted]).when({ type: 'RevokeShare', shareId, actor: ANDREI, actorIsOwner: false, clientId: 'c', at }).thenThrows(ShareNotYoursError);
    spec.given([granted]).when({ type: 'RevokeShare', shareId, actor: ION, actorIsOwner: true, clientId: 'c', at }).thenMatches((events) => expect(events[0].type).to.equal(SHARE_REVOKED));
  });

  it('tells what grants cover and hold at an instant', () => {
    expect(coveringGrant([readUntilJune, writeFromMay], { permission: 'Write', from: null, to: null }, at)).to.equal(writeFromMay);
    expect(coveringGrant([writeFromMay], { permission: 'Read', from: null, to: null }, '2026-04-01T00:00:00.000Z')).to.equal(undefined);
    expect(permissionAt([readUntilJune, writeFromMay], '2026-04-15T00:00:00.000Z')).to.equal('Read');
    expect(permissionAt([readUntilJune, writeFromMay], at)).to.equal('Write');
    expect(permissionAt([readUntilJune], '2026-06-01T00:00:00.000Z')).to.equal('None');
  });
});

describe('share decider: the share cascade (a share holds only as far as its sharer still holds)', () => {
  const cause = { eventId: 'e-1', type: SHARE_REVOKED, shareId: '00000000-0000-4000-8000-0000000000b1', documentId };
  const confine = (sharerGrants: Grant[], overrides: Partial<ConfineShare> = {}): ConfineShare => ({ type: 'ConfineShare', shareId, by: ION, sharerGrants, cause, clientId: 'documents', at, ...overrides });
  const writeShare = shareDecider.decide(grant({ permission: 'Write', to: null }), shareDecider.initialState())[0] as ShareEvent;

  it('keeps a share its sharer still covers (nothing appended)', () => {
    spec.given([writeShare]).when(confine([writeFromMay])).then([]);
    spec.given([granted]).when(confine([readUntilJune, writeFromMay])).then([]);
  });

  it('revokes a share its sharer holds nothing of any more, naming the cause', () => {
    spec.given([writeShare]).when(confine([])).then([{ type: SHARE_REVOKED, data: { shareId, documentId, by: ION, clientId: 'documents', at, cause } }]);
  });

  it('narrows Write to Read, and an endless share to the end of the sharer\'s grant', () => {
    spec.given([writeShare]).when(confine([{ permission: 'Read', from: null, to: null }])).then([
      { type: SHARE_CHANGED, data: { shareId, documentId, permission: 'Read', from: null, to: null, by: ION, clientId: 'documents', at, cause: { ...cause } } },
    ]);
    spec.given([writeShare]).when(confine([{ permission: 'Write', from: null, to: '2026-06-01T00:00:00.000Z' }])).then([
      { type: SHARE_CHANGED, data: { shareId, documentId, permission: 'Write', from: null, to: '2026-06-01T00:00:00.000Z', by: ION, clientId: 'documents', at, cause } },
    ]);
  });

  it('decides nothing twice: a share ended or narrowed already is left as it is', () => {
    const revoked = shareDecider.decide(confine([]), [writeShare].reduce(shareDecider.evolve, shareDecider.initialState()))[0] as ShareEvent;
    spec.given([writeShare, revoked]).when(confine([])).then([]);
    const narrowed = shareDecider.decide(confine([readUntilJune]), [writeShare].reduce(shareDecider.evolve, shareDecider.initialState()))[0] as ShareEvent;
    expect(narrowed.data).to.include({ permission: 'Read', to: '2026-06-01T00:00:00.000Z' });
    spec.given([writeShare, narrowed]).when(confine([readUntilJune])).then([]);
  });

  it('revokes a share whose time lies wholly after the sharer\'s grant ends', () => {
    const later = shareDecider.decide(grant({ from: '2026-07-01T00:00:00.000Z', to: '2026-08-01T00:00:00.000Z' }), shareDecider.initialState())[0] as ShareEvent;
    spec.given([later]).when(confine([readUntilJune])).thenMatches((events) => expect(events.map((event) => event.type)).to.deep.equal([SHARE_REVOKED]));
    expect(narrowedWithin([readUntilJune], { permission: 'Read', from: '2026-07-01T00:00:00.000Z', to: null }, at)).to.equal(undefined);
  });

  it('holds shares by their chain back to the owner, cutting down and ending those whose ground is gone', () => {
    const folder = { _id: 'f', owner: ION };
    const document = { _id: 'd', owner: ION };
    const made = (id: string, on: string, by: string, to: string, permission: 'Read' | 'Write' = 'Write'): ChainShare => ({ _id: id, documentId: on, sharedBy: by, sharedFor: to, permission, from: null, to: null });
    const toMaria = made('s1', 'f', ION, MARIA, 'Read');
    const toAndrei = made('s2', 'd', MARIA, ANDREI);
    const third = 'urn:md:idnp:2000000000044';
    const toThird = made('s3', 'd', ANDREI, third);
    const inForce = sharesInForce([folder, document], [toMaria, toAndrei, toThird], at);
    expect(inForce.get('s1')).to.deep.equal({ permission: 'Read', from: null, to: null });
    expect(inForce.get('s2'), 'Maria holds Read on the folder above').to.deep.equal({ permission: 'Read', from: null, to: null });
    expect(inForce.get('s3'), 'Andrei holds what Maria could give him').to.deep.equal({ permission: 'Read', from: null, to: null });
    const gone = sharesInForce([folder, document], [toAndrei, toThird], at);
    expect(gone.size, 'without the owner\'s share, nothing leads back to the owner').to.equal(0);
    const loop = sharesInForce([folder, document], [toAndrei, toThird, made('s4', 'd', third, MARIA)], at);
    expect(loop.size, 'shares that only hold one another up hold nothing').to.equal(0);
    expect(sharesInForce([document], [toMaria], at).size, 'a share on a folder not on the path does not count').to.equal(0);
  });
});

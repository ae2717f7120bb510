import { expect } from 'chai';
import type { AuthorizationCommand } from '../../src/representation/authorization/commands';
import {
  AuthorizationCodeTakenError,
  authorizationDecider,
  AuthorizationNotFoundError,
  InvalidAuthorizationError,
  TransitionRefusedError,
} from '../../src/representation/authorization/decider';
import type { AuthorizationEvent } from '../../src/representation/authorization/events';
import { powerRefOf } from '../../src/representation/authorization/state';
import { deciderSpec } from '../support/decider-spec';
import { CODE, createCommand, created, DAY, ELENA, fold, ION, MARIA, plus, T0, VICTOR } from './authorization-fixtures';

const spec = deciderSpec(authorizationDecider);
const POWER = powerRefOf(fold(created()));
const FROM = '2026-06-10T00:00:00.000Z';
const TO = '2026-06-30T23:59:59.999Z';
const DURING = '2026-06-15T12:00:00.000Z';
const AFTER = plus(TO, 1);
const on = { authorizationCode: CODE };
const command = <T extends AuthorizationCommand['type']>(type: T, at: string, extra: Record<string, unknown> = {}) => ({ type, ...on, at, ...extra }) as Extract<AuthorizationCommand, { type: T }>;

/** A valid power (created before its window, recorded valid from FROM), and the same awaiting acceptance or co-signatures. */
const pending = created();
const valid = [...pending, ...authorizationDecider.decide(command('AdvanceAuthorization', FROM, { expiresSoonWithinMs: 0 }), fold(pending))];
const awaitingAcceptance = created(createCommand({}, { requiresAcceptance: true }));
const draft = created(createCommand({ coSignerIdns: [ELENA, VICTOR] }, { requiresCoSigning: true }));
const suspended = [...valid, { type: 'md.gov.representation.authorization.suspended.v1', data: { power: POWER, at: DURING } } as AuthorizationEvent];
const revoked = [...valid, { type: 'md.gov.representation.authorization.revoked.v1', data: { power: POWER, at: DURING } } as AuthorizationEvent];

describe('Power of representation: the decider (unit, given/when/then)', () => {
  describe('creation', () => {
    it('grants a power of a type needing neither acceptance nor co-signers at once; valid from the later of fromDate and now', () => {
      spec.given([]).when(createCommand()).thenMatches((events) => {
        expect(events.map((event) => event.type)).to.deep.equal(['md.gov.representation.authorization.created.v1', 'md.gov.representation.authorization.granted.v1']);
        expect(events[1].data).to.deep.equal({ power: POWER, at: T0, awaitingAcceptance: false, validFrom: FROM });
      });
    });

    it('records "became valid" with the grant when the power is valid at once', () => {
      spec.given([]).when(createCommand({ fromDate: plus(T0, -DAY) })).thenMatches((events) => {
        expect(events.map((event) => event.type.split('.')[4])).to.deep.equal(['created', 'granted', 'became-valid']);
        expect(events[2].data).to.deep.equal({ power: POWER, at: T0, validFrom: T0, validTo: TO });
      });
    });

    it('awaits the representative\'s acceptance for a type that needs it', () => {
      spec.given([]).when(createCommand({}, { requiresAcceptance: true })).thenMatches((events) => {
        expect(events[1].data).to.deep.equal({ power: POWER, at: T0, awaitingAcceptance: true });
      });
    });

    it('keeps a power of a co-signed type a draft, not granted, until its co-signers sign', () => {
      spec.given([]).when(createCommand({ coSignerIdns: [ELENA] }, { requiresCoSigning: true })).thenMatches((events) => {
        expect(events.map((event) => event.type.split('.')[4])).to.deep.equal(['created']);
      });
    });

    it('refuses a taken code, and the rules: parties differ, toDate after fromDate and in the future, co-signers as the type needs', () => {
      spec.given(pending).when(createCommand()).thenThrows(AuthorizationCodeTakenError);
      spec.given([]).when(createCommand({ authorized: { partyType: 1, idn: ION, name: 'x' } })).thenThrows(InvalidAuthorizationError, /authorizedIdn must differ/);
      spec.given([]).when(createCommand({ toDate: FROM })).thenThrows(InvalidAuthorizationError, /toDate must be later than fromDate/);
      spec.given([]).when(createCommand({ fromDate: '2026-01-01T00:00:00.000Z', toDate: plus(T0, -1) })).thenThrows(InvalidAuthorizationError, /toDate must be in the future/);
      spec.given([]).when(createCommand({}, { requiresCoSigning: true })).thenThrows(InvalidAuthorizationError, /needs co-signers/);
      spec.given([]).when(createCommand({ coSignerIdns: [ELENA] })).thenThrows(InvalidAuthorizationError, /takes no co-signers/);
      spec.given([]).when(createCommand({ coSignerIdns: [ELENA, ELENA] }, { requiresCoSigning: true })).thenThrows(InvalidAuthorizationError, /twice/);
      spec.given([]).when(createCommand({ coSignerIdns: [MARIA] }, { requiresCoSigning: true })).thenThrows(InvalidAuthorizationError, /party of the power cannot also co-sign/);
    });
  });

  describe('moves a client asks for', () => {
    it('co-signing: each co-signer once; the last signature grants the power', () => {
      spec.given(draft).when(command('CoSignAuthorization', DURING, { coSignerIdn: ELENA })).thenMatches((events) => {
        expect(events.map((event) => event.type.split('.')[4])).to.deep.equal(['co-signed']);
      });
      const oneSigned = [...draft, ...authorizationDecider.decide(command('CoSignAuthorization', T0, { coSignerIdn: ELENA }), fold(draft))];
      spec.given(oneSigned).when(command('CoSignAuthorization', T0, { coSignerIdn: ELENA })).then([]);
      spec.given(oneSigned).when(command('CoSignAuthorization', DURING, { coSignerIdn: VICTOR })).thenMatches((events) => {
        expect(events.map((event) => event.type.split('.')[4])).to.deep.equal(['co-signed', 'granted', 'became-valid']);
      });
      spec.given(draft).when(command('CoSignAuthorization', T0, { coSignerIdn: MARIA })).thenThrows(InvalidAuthorizationError, /not a co-signer/);
    });

    it('acceptance: valid from the later of fromDate and the acceptance', () => {
      spec.given(awaitingAcceptance).when(command('AcceptAuthorization', T0)).then([{ type: 'md.gov.representation.authorization.accepted.v1', data: { power: POWER, at: T0, validFrom: FROM } }]);
      spec.given(awaitingAcceptance).when(command('AcceptAuthorization', DURING)).thenMatches((events) => {
        expect(events.map((event) => event.data)).to.deep.equal([{ power: POWER, at: DURING, validFrom: DURING }, { power: POWER, at: DURING, validFrom: DURING, validTo: TO }]);
      });
    });

    it('suspension and resumption of a valid power', () => {
      spec.given(valid).when(command('SuspendAuthorization', DURING, { reason: 'under review' })).then([{ type: 'md.gov.representation.authorization.suspended.v1', data: { power: POWER, at: DURING, reason: 'under review' } }]);
      spec.given(suspended).when(command('ResumeAuthorization', plus(DURING, 1))).then([{ type: 'md.gov.representation.authorization.resumed.v1', data: { power: POWER, at: plus(DURING, 1) } }]);
    });

    it('records "became valid" first when a move finds the power valid by time and nobody recorded it yet', () => {
      spec.given(pending).when(command('SuspendAuthorization', DURING)).thenMatches((events) => {
        expect(events.map((event) => event.type.split('.')[4])).to.deep.equal(['became-valid', 'suspended']);
      });
    });

    it('revocation by the represented party and renunciation by the representative end the power', () => {
      for (const history of [draft, awaitingAcceptance, pending, valid, suspended]) {
        spec.given(history).when(command('RevokeAuthorization', plus(DURING, 1))).thenMatches((events) => expect(events.at(-1)!.type).to.equal('md.gov.representation.authorization.revoked.v1'));
      }
      for (const history of [awaitingAcceptance, pending, valid, suspended]) {
        spec.given(history).when(command('RenounceAuthorization', plus(DURING, 2), { reason: 'I decline' })).thenMatches((events) => expect(events.at(-1)!.data).to.deep.equal({ power: POWER, at: plus(DURING, 2), reason: 'I decline' }));
      }
    });

    it('refuses every move the status does not allow, naming the status and what would allow it', () => {
      const refusals: [AuthorizationEvent[], AuthorizationCommand, RegExp][] = [
        [pending, command('SuspendAuthorization', T0), /Pending cannot be suspended; only one that is Valid can/],
        [valid, command('ResumeAuthorization', DURING), /Valid cannot be resumed; only one that is Suspended can/],
        [valid, command('AcceptAuthorization', DURING), /Valid cannot be accepted/],
        [awaitingAcceptance, command('SuspendAuthorization', DURING), /PendingAcceptance cannot be suspended/],
        [draft, command('AcceptAuthorization', T0), /Draft cannot be accepted/],
        [draft, command('RenounceAuthorization', T0), /Draft cannot be renounced/],
        [valid, command('CoSignAuthorization', DURING, { coSignerIdn: ELENA }), /Valid cannot be co-signed/],
        [suspended, command('SuspendAuthorization', DURING), /Suspended cannot be suspended/],
        [revoked, command('RevokeAuthorization', DURING), /Canceled cannot be revoked/],
        [revoked, command('ResumeAuthorization', DURING), /Canceled cannot be resumed/],
        // expired by time alone, before the scheduler recorded it
        [valid, command('SuspendAuthorization', AFTER), /Canceled cannot be suspended/],
        [suspended, command('ResumeAuthorization', AFTER), /Canceled cannot be resumed/],
        [awaitingAcceptance, command('AcceptAuthorization', AFTER), /Canceled cannot be accepted/],
      ];
      for (const [history, refused, reason] of refusals) spec.given(history).when(refused).thenThrows(TransitionRefusedError, reason);
    });

    it('knows no power before it is created', () => {
      spec.given([]).when(command('RevokeAuthorization', T0)).thenThrows(AuthorizationNotFoundError, new RegExp(CODE));
    });
  });

  describe('what time brings (the scheduler\'s command)', () => {
    const advance = (at: string, expiresSoonWithinMs = 3 * DAY) => command('AdvanceAuthorization', at, { expiresSoonWithinMs });

    it('nothing before fromDate; "became valid" at it; "expires soon" within the window before toDate; "expired" after it', () => {
      spec.given(pending).when(advance(plus(FROM, -1))).then([]);
      spec.given(pending).when(advance(FROM)).then([{ type: 'md.gov.representation.authorization.became-valid.v1', data: { power: POWER, at: FROM, validFrom: FROM, validTo: TO } }]);
      spec.given(valid).when(advance(plus(TO, -3 * DAY - 1))).then([]);
      spec.given(valid).when(advance(plus(TO, -3 * DAY))).then([{ type: 'md.gov.representation.authorization.expiring-soon.v1', data: { power: POWER, at: plus(TO, -3 * DAY), validTo: TO } }]);
      spec.given(valid).when(advance(TO, 0)).then([{ type: 'md.gov.representation.authorization.expiring-soon.v1', data: { power: POWER, at: TO, validTo: TO } }]);
      spec.given(valid).when(advance(AFTER)).then([{ type: 'md.gov.representation.authorization.expired.v1', data: { power: POWER, at: AFTER, validTo: TO, invalidFrom: AFTER } }]);
    });

    it('is idempotent: what is recorded is not recorded again, and an ended power has nothing due', () => {
      const noticed = [...valid, ...authorizationDecider.decide(advance(plus(TO, -DAY)), fold(valid))];
      spec.given(noticed).when(advance(plus(TO, -DAY + 1000))).then([]);
      const expired = [...noticed, ...authorizationDecider.decide(advance(AFTER), fold(noticed))];
      spec.given(expired).when(advance(plus(AFTER, DAY))).then([]);
      spec.given(revoked).when(advance(AFTER)).then([]);
    });

    it('records a power valid while nobody looked as having become valid, then expired', () => {
      spec.given(pending).when(advance(plus(AFTER, DAY))).thenMatches((events) => {
        expect(events.map((event) => event.type.split('.')[4])).to.deep.equal(['became-valid', 'expired']);
        expect(events[0].data).to.deep.include({ validFrom: FROM });
      });
    });

    it('expires drafts and powers awaiting acceptance too, without their ever becoming valid', () => {
      for (const history of [draft, awaitingAcceptance]) {
        spec.given(history).when(advance(AFTER)).thenMatches((events) => expect(events.map((event) => event.type.split('.')[4])).to.deep.equal(['expired']));
      }
    });

    it('tells a suspended power too that it expires soon, but never that it became valid', () => {
      spec.given(suspended).when(advance(plus(TO, -DAY))).thenMatches((events) => expect(events.map((event) => event.type.split('.')[4])).to.deep.equal(['expiring-soon']));
    });
  });
});

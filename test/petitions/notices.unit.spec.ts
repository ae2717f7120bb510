import { expect } from 'chai';
import type { StoredEvent } from '../../src/platform/event-store/event-store';
import { createLogger } from '../../src/platform/logger';
import { petitionDecider } from '../../src/petitions/petition/decider';
import * as E from '../../src/petitions/petition/events';
import type { PetitionCommand } from '../../src/petitions/petition/commands';
import { petitionNotices } from '../../src/petitions/processes/notices';
import { at, closePetition, extendTerm, filePetition, NUMBER, OFFICER, OTHER_AUTHORITY, PERSON, redirectPetition, registerPetition } from './petition-fixtures';

const logger = createLogger('silent');

/** The events of a life as the log would hold them (ids by position). */
function logOf(...commands: PetitionCommand[]): StoredEvent[] {
  const events: E.PetitionEvent[] = [];
  for (const command of commands) events.push(...petitionDecider.decide(command, events.reduce(petitionDecider.evolve, petitionDecider.initialState())));
  return events.map((event, index) => ({
    position: index + 1,
    streamId: `petitions-petition-${NUMBER}`,
    revision: index,
    kind: 'standard',
    producer: 'test',
    recordedAt: at('2026-04-01T10:00:00'),
    size: 100,
    event: { specversion: '1.0', id: `event-${index + 1}`, source: 'urn:md:gov:petitions', type: event.type, time: at('2026-04-01T10:00:00'), data: event.data },
  }));
}

const noticesFor = (stored: StoredEvent[]) => stored.flatMap((event) => petitionNotices.noticesOf(event, logger));
const signal = (localDateTime: string): PetitionCommand => ({ type: 'SignalDeadline', petitionNumber: NUMBER, warningDays: 3, at: at(localDateTime) });

describe('Petitions: the notices its events warrant (unit)', () => {
  it('follows its own streams, for the six events that tell someone something', () => {
    expect(petitionNotices.follows.streamPrefix).to.equal('petitions-');
    expect(petitionNotices.follows.types).to.have.members([E.PETITION_REGISTERED, E.PETITION_TERM_EXTENDED, E.PETITION_REDIRECTED, E.PETITION_CLOSED, E.PETITION_DEADLINE_APPROACHING, E.PETITION_DEADLINE_PASSED]);
    expect(noticesFor(logOf(filePetition()))).to.deep.equal([]);
  });

  it('tells the requestor the registration number and the due date, in their language', () => {
    const [notice] = noticesFor(logOf(filePetition(), registerPetition()));
    expect(notice).to.deep.include({ key: 'urn:md:gov:petitions/event-2/requestor', recipients: [{ type: 'IDNP', value: PERSON }], language: 'ro' });
    expect(notice.subject.ro).to.equal(`Petiția ${NUMBER}: înregistrată`);
    expect(notice.body.en).to.equal(`<p>Your petition ${NUMBER} was registered by the authority under number REG-17/2026 on 01.04.2026. The answer is due by 04.05.2026.</p>`);
    expect(notice.bodyShort.ru).to.include('REG-17/2026');
  });

  it('tells the requestor of an extension, a redirection and the answer; a legal entity by its IDNO', () => {
    const extended = noticesFor(logOf(filePetition(), registerPetition(), extendTerm()));
    expect(extended[1].body.ro).to.include('prelungit până la 18.05.2026 prin decizia nr. D-5/2026');
    const redirected = noticesFor(logOf(filePetition({ requestor: { idn: '1003600000010', kind: 'Organization' } }), redirectPetition()));
    expect(redirected).to.have.length(1);
    expect(redirected[0].recipients).to.deep.equal([{ type: 'IDNO', value: '1003600000010' }]);
    expect(redirected[0].body.en).to.include(`IDNO ${OTHER_AUTHORITY}`);
    const closed = noticesFor(logOf(filePetition(), registerPetition(), closePetition()));
    expect(closed[1].subject.en).to.equal(`Answer to petition ${NUMBER}`);
    expect(closed[1].body.ro).to.include('nr. de ieșire IES-99/2026 din 28.04.2026');
  });

  it('tells the responsible person that the deadline is near, then passed', () => {
    const notices = noticesFor(logOf(filePetition(), registerPetition(), signal('2026-05-01T09:00:00'), signal('2026-05-05T09:00:00')));
    const alerts = notices.slice(1);
    expect(alerts.map((notice) => notice.recipients)).to.deep.equal([[{ type: 'IDNP', value: OFFICER }], [{ type: 'IDNP', value: OFFICER }]]);
    expect(alerts.map((notice) => notice.subject.en)).to.deep.equal([`Petition ${NUMBER} due soon`, `Petition ${NUMBER} overdue`]);
    expect(alerts[1].priority).to.equal('High');
    expect(new Set(notices.map((notice) => notice.key)).size).to.equal(notices.length);
  });

  it('escapes in the HTML body what people typed, not in the short text', () => {
    const [, notice] = noticesFor(logOf(filePetition(), registerPetition(), extendTerm({ reason: '<b>verificări</b> & "teren"' })));
    expect(notice.body.ro).to.include('&lt;b&gt;verificări&lt;/b&gt; &amp; &quot;teren&quot;');
    expect(notice.bodyShort.ro).to.not.include('&lt;');
  });

  it('every text has its three languages, no placeholder left, and subjects within the 41 characters of an e-mail subject', () => {
    const notices = [
      ...noticesFor(logOf(filePetition(), registerPetition(), extendTerm(), signal('2026-05-16T09:00:00'), signal('2026-05-19T09:00:00'), closePetition({ at: at('2026-05-20T09:00:00') }))),
      ...noticesFor(logOf(filePetition(), redirectPetition())),
    ];
    expect(notices).to.have.length(6);
    for (const notice of notices) {
      for (const text of [notice.subject, notice.body, notice.bodyShort]) {
        expect(Object.keys(text)).to.have.members(['ro', 'ru', 'en']);
        for (const words of Object.values(text)) expect(words).to.not.match(/[{}]/);
      }
      for (const subject of Object.values(notice.subject)) expect([...subject].length, subject).to.be.at.most(41);
    }
  });
});

import { expect } from 'chai';
import { fixedClock } from '../../src/platform/clock';
import { eventually, TestSmtpServer, withEnv } from '../notification/notification-test-kit';
import { TestPlatform } from '../support/test-platform';
import { act, defineType, grant, REPRESENTATION_CLIENTS } from './representation-test-kit';

/**
 * The service's notices end to end: its events on the log, the notification service following them and
 * sending to the parties' e-mail addresses the development registries hold, in each one's language.
 */
describe('Power of representation: the parties are told, through the log (e2e, real SMTP server)', function () {
  this.timeout(60_000);
  let smtp: TestSmtpServer;
  let platform: TestPlatform;
  let restoreEnv: () => void;

  before(async () => {
    smtp = await TestSmtpServer.start();
    restoreEnv = withEnv({ NOTIFY_SMTP_HOST: '127.0.0.1', NOTIFY_SMTP_PORT: String(smtp.port) });
    platform = await TestPlatform.start({ clock: fixedClock(new Date('2026-06-15T09:00:00.000Z')), extraClients: REPRESENTATION_CLIENTS });
  });
  after(async () => {
    await platform.stop();
    await smtp.stop();
    restoreEnv();
  });

  it('tells the represented party (Romanian) and the representative (Russian) that the power was granted and is valid, then that it was revoked', async () => {
    const institution = platform.client('demo-institution');
    await defineType(institution);
    const code = await grant(institution, { fromDate: '2026-06-01', toDate: '2026-12-31' });
    const subjects = (address: string) => smtp.mailsTo(address).map((mail) => mail.subject);
    await eventually(async () => subjects('ion.popescu@example.md'), (seen) => seen.length >= 2, 'the e-mails to the represented party');
    expect(subjects('ion.popescu@example.md')).to.have.members(['Împuternicire acordată', 'Împuternicire valabilă']);
    await eventually(async () => subjects('maria.rusu@example.md'), (seen) => seen.length >= 2, 'the e-mails to the representative');
    expect(subjects('maria.rusu@example.md')).to.have.members(['Предоставлена доверенность', 'Доверенность вступила в силу']);
    expect(smtp.mailsTo('ion.popescu@example.md')[0].html).to.include(code);

    await act(institution, code, 'revocations', { reason: 'no longer needed' });
    await eventually(async () => subjects('maria.rusu@example.md'), (seen) => seen.includes('Доверенность отозвана'), 'the revocation e-mail');
    expect(subjects('maria.rusu@example.md').filter((subject) => subject === 'Доверенность отозвана'), 'once').to.have.length(1);
  });
});

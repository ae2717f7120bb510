import { expect } from 'chai';
import { runningNotificationService } from '../../src/notification/module';
import { petitionsDeadlines } from '../../src/petitions/module';
import { eventually, TestSmtpServer, withEnv } from '../notification/notification-test-kit';
import { closing, file, PDF_BASE64, PERSON, register, startPetitionsPlatform, type PetitionsPlatform } from './petitions-test-kit';

/**
 * The notices of the petition service sent end to end: its events on the log, the notification service's
 * notices process, the registries' contacts, a real SMTP server in this process. Ion Popescu (2000000000011)
 * has an e-mail in the demo registries (Romanian); Maria Rusu (2000000000022), the responsible person here,
 * too (Russian).
 */
describe('Petitions: notices reach the requestor and the responsible person by e-mail (e2e)', function () {
  this.timeout(120_000);
  const RESPONSIBLE = '2000000000022';
  let smtp: TestSmtpServer;
  let restoreEnv: () => void;
  let p: PetitionsPlatform;

  before(async () => {
    smtp = await TestSmtpServer.start();
    restoreEnv = withEnv({ NOTIFY_SMTP_HOST: '127.0.0.1', NOTIFY_SMTP_PORT: String(smtp.port) });
    p = await startPetitionsPlatform();
  });
  after(async () => {
    await p.platform.stop();
    await smtp.stop();
    restoreEnv();
  });

  const mailsTo = (address: string, count: number) =>
    eventually(
      async () => {
        await runningNotificationService(p.platform.platform.services)!.notices.idle();
        return smtp.mailsTo(address);
      },
      (mails) => mails.length >= count,
      `${count} e-mails to ${address}`,
    );

  it('the requestor hears of the registration, the extension and the answer; the responsible person of the deadline', async () => {
    const number = await file(p.portal, { requestorIdn: PERSON });
    await register(p.institution, number, { responsiblePersonIdnp: RESPONSIBLE });
    const [registered] = await mailsTo('ion.popescu@example.md', 1);
    expect(registered.subject).to.equal(`Petiția ${number}: înregistrată`);
    expect(registered.html).to.contain('cu numărul REG-1/2026 din 01.04.2026').and.to.contain('până la 04.05.2026');

    p.clock.set(new Date('2026-05-01T07:00:00Z'));
    await petitionsDeadlines(p.platform.platform.services)!.runNow();
    const [approaching] = await mailsTo('maria.rusu@example.md', 1);
    expect(approaching.subject).to.equal(`Петиция ${number}: срок истекает`);

    const extension = { extensionDays: 15, decisionNumber: 'D-9', reason: 'verificări <pe teren>', file: { fileName: 'd.pdf', contentType: 'application/pdf', content: PDF_BASE64 } };
    expect((await p.institution.post(`/api/v1/petitions/${number}/term-extensions`, { body: extension })).status).to.equal(201);
    const extended = (await mailsTo('ion.popescu@example.md', 2))[1];
    expect(extended.subject).to.equal(`Petiția ${number}: termen prelungit`);
    expect(extended.html).to.contain('verificări &lt;pe teren&gt;').and.to.contain('18.05.2026');

    expect((await p.institution.post('/petitie/authority/petitions/close', { body: closing(number) })).status).to.equal(200);
    const answered = (await mailsTo('ion.popescu@example.md', 3))[2];
    expect(answered.subject).to.equal(`Răspuns la petiția ${number}`);
    expect(answered.html).to.contain('IES-7/2026');
  });
});

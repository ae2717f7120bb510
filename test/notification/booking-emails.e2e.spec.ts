import { expect } from 'chai';
import { runningNotificationService } from '../../src/notification/module';
import type { TestPlatform } from '../support/test-platform';
import { appendBookingEvent, appointmentCanceled, appointmentRequested as requested } from './booking-events';
import { type TestSmtpServer, eventually, startMailPlatform, type MailPlatform } from './notification-test-kit';

/** Booking events appended to the log the way the booking service does (fixed event contract). */
describe('Notifications: booking e-mails from the booking events on the log (e2e)', () => {
  let smtp: TestSmtpServer;
  let platform: TestPlatform;
  let mail: MailPlatform;

  const append = (type: 'requested' | 'canceled', data: { appointmentId: string }) => appendBookingEvent(platform, type, data);
  const settledNotifications = () => eventually(async () => {
    await runningNotificationService(platform.platform.services)!.notices.idle();
    await runningNotificationService(platform.platform.services)!.dispatcher!.idle();
    return true;
  }, Boolean, 'the booking processes');

  before(async () => {
    mail = await startMailPlatform();
    ({ platform, smtp } = mail);
  });
  after(() => mail.stop());

  it('e-mails the citizen when an appointment is requested, in the appointment\'s language', async () => {
    const data = requested({ language: 'en', status: 'Waiting', confirmationDeadline: '2099-03-09T12:00:00.000Z' });
    await append('requested', data);
    const [mail] = await eventually(async () => smtp.mailsTo(data.citizen.email), (mails) => mails.length > 0, 'the e-mail');
    expect(mail.subject).to.equal('Please confirm your appointment');
    expect(mail.html).to.contain('Dear Ion Popescu').and.to.contain('Identity card').and.to.contain('Centre office').and.to.contain('A-').and.to.contain('Confirm by: 09.03.2099, 14:00');
    expect(mail.html).to.contain('10.03.2025, 10:00');
  });

  it('e-mails the citizen on cancellation and on expiry, in Romanian by default', async () => {
    const canceled = appointmentCanceled();
    await append('canceled', canceled);
    await append('canceled', appointmentCanceled({ reason: 'expired', language: 'ru' }, { email: 'expired@example.md' }));
    const [cancelMail] = await eventually(async () => smtp.mailsTo('ana.rusu@example.md'), (mails) => mails.length > 0, 'the cancellation e-mail');
    expect(cancelMail.subject).to.equal('Programarea a fost anulată');
    // the same details as the "booked" e-mail: service, location and address, date and time, code
    expect(cancelMail.html).to.contain('<li>Serviciul: Agenția Servicii Publice — Pașaport</li>');
    expect(cancelMail.html).to.contain('<li>Locația: Oficiul Botanica, bd. Dacia 10, Chișinău</li>');
    expect(cancelMail.html).to.contain('<li>Data și ora: 11.03.2025, 09:00 – 09:20</li>');
    expect(cancelMail.html).to.contain('<li>Codul programării: ASP-CANCEL01</li>');
    const [expiredMail] = await eventually(async () => smtp.mailsTo('expired@example.md'), (mails) => mails.length > 0, 'the expiry e-mail');
    expect(expiredMail.subject).to.equal('Срок вашей записи истёк');
    expect(expiredMail.html).to.contain('Агентство публичных услуг — Паспорт').and.to.contain('Офис Ботаника, bd. Dacia 10, Chișinău').and.to.contain('ASP-CANCEL01');
  });

  it('sends nothing when notifyUser is false or the citizen gave no e-mail, and ignores other sources', async () => {
    const silent = requested({ notifyUser: false });
    const noEmail = requested({}, { email: undefined });
    await append('requested', silent);
    await append('requested', noEmail);
    await platform.platform.stores.events.append('elsewhere-1', [
      { producer: 'demo-producer', event: { specversion: '1.0', id: 'spoof-1', source: 'urn:demo:producer', type: 'md.gov.booking.appointment.requested.v1', time: new Date().toISOString(), data: requested({}, { email: 'spoofed@example.md' }) } },
    ]);
    const marker = requested();
    await append('requested', marker);
    await eventually(async () => smtp.mailsTo(marker.citizen.email), (mails) => mails.length > 0, 'the e-mail after them');
    expect(smtp.mailsTo(silent.citizen.email)).to.have.length(0);
    expect(smtp.mails.filter((mail) => mail.to.includes('spoofed@example.md'))).to.have.length(0);
  });

  it('sends once per event: not again after a restart, nor when the process forgot its checkpoint', async () => {
    const data = requested();
    await append('requested', data);
    await eventually(async () => smtp.mailsTo(data.citizen.email), (mails) => mails.length > 0, 'the e-mail');
    await settledNotifications();
    const mailsBefore = smtp.mails.length;
    const mail0Subject = smtp.mailsTo(data.citizen.email)[0].subject;
    await platform.restart();
    // as if the process had crashed after sending, before saving its checkpoint: it reads every event again
    await platform.platform.stores.documents.collection('process_checkpoints').deleteOne({ _id: 'notification-booking-emails' });
    await platform.restart();
    const marker = requested();
    await append('requested', marker);
    await eventually(async () => smtp.mailsTo(marker.citizen.email), (mails) => mails.length > 0, 'the next e-mail');
    await settledNotifications();
    expect(smtp.mailsTo(data.citizen.email)).to.have.length(1);
    expect(smtp.mails.slice(mailsBefore).map((mail) => [mail.to, mail.subject]), 'only the next e-mail').to.deep.equal([[[marker.citizen.email], mail0Subject]]);
  });
});

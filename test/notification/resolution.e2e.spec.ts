import { expect } from 'chai';
import nock from 'nock';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';
import { TestSmtpServer, eventually, notificationOf, notificationRequest, postNotification, statusIs, withEnv } from './notification-test-kit';

/** People, companies, property and vehicles of the demo registries (src/notification/registries/demo-registries.json). */
const ION = '2000000000011';
const MARIA = '2000000000022';
const ANDREI = '2000000000033';
const ELENA = '2000000000044';
const VICTOR_NO_CONTACTS = '2000000000055';
const COMPANY = '1003600000010';

type Recipient = { Value: string; Type: string; IsLegal: boolean; Messages: { Channel: string; Status: string }[] };

describe('Notifications: recipients resolved through the registries (e2e)', () => {
  let smtp: TestSmtpServer;
  let platform: TestPlatform;
  let institution: HttpsClient;
  let restoreEnv: () => void;
  const gatewayCalls: { channel: string; to: string; subject: string; text: string }[] = [];

  before(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect(/localhost|127\.0\.0\.1/);
    nock('http://gateways.test')
      .persist()
      .post(/\/messages$/)
      .reply(202, (_uri, body) => {
        gatewayCalls.push(body as (typeof gatewayCalls)[number]);
        return { id: 'accepted' };
      });
    smtp = await TestSmtpServer.start();
    restoreEnv = withEnv({
      NOTIFY_SMTP_HOST: '127.0.0.1',
      NOTIFY_SMTP_PORT: String(smtp.port),
      NOTIFY_SMS_GATEWAY_URL: 'http://gateways.test/sms',
      NOTIFY_VIBER_GATEWAY_URL: 'http://gateways.test/viber',
      NOTIFY_WEBPUSH_GATEWAY_URL: 'http://gateways.test/push',
    });
    platform = await TestPlatform.start();
    institution = platform.client('demo-institution');
  });
  after(async () => {
    await platform.stop();
    await smtp.stop();
    restoreEnv();
    nock.cleanAll();
    nock.enableNetConnect();
  });

  const resolved = async (body: object) => {
    const id = await postNotification(institution, notificationRequest({ Subject: { Ro: 'Pentru {{RecipientFirstName}}' }, ...body }));
    return eventually(() => notificationOf(institution, id), statusIs('Sent', 'Failed'), 'the notification to settle');
  };
  const channels = (recipient: Recipient) => recipient.Messages.map((message) => message.Channel);

  it('reaches a person named by IDNP on every channel the contact registry holds, in the person\'s language', async () => {
    const notification = await resolved({ Recipients: [{ Value: ION, Type: 'IDNP' }] });
    expect(notification.Status).to.equal('Sent');
    const [ion] = notification.Recipients as Recipient[];
    expect(ion).to.include({ Value: ION, Type: 'IDNP', IsLegal: false });
    expect(channels(ion)).to.deep.equal(['Email', 'SMS', 'Viber', 'Web push', 'Cabinet']);
    const [mail] = smtp.mailsTo('ion.popescu@example.md');
    expect(mail.subject, 'built-in variable filled per recipient').to.equal('Pentru Ion');
  });

  it('fills a built-in the recipient has no value for with nothing, on every channel: no {{...}} reaches anyone', async () => {
    const notification = await resolved({
      Subject: { Ro: 'Aviz {{IDNP}}' },
      Body: { Ro: '<p>Salut {{RecipientFirstName}} {{RecipientLastName}}, {{IDNO}}</p>' },
      BodyShort: { Ro: 'Salut {{RecipientFirstName}} {{IDNP}}' },
      Recipients: [
        { Value: 'direct.contact@example.md', Type: 'Email' },
        { Value: '+37369555001', Type: 'SMS' },
        { Value: ION, Type: 'IDNP' },
        { Value: COMPANY, Type: 'IDNO' },
      ],
    });
    expect(notification.Status).to.equal('Sent');
    const [direct] = smtp.mailsTo('direct.contact@example.md');
    expect([direct.subject, direct.html, direct.text]).to.deep.equal(['Aviz', '<p>Salut  , </p>', 'Salut  ']);
    const [company] = smtp.mailsTo('office@demo-construct.example.md');
    expect([company.subject, company.html]).to.deep.equal(['Aviz', `<p>Salut  , ${COMPANY}</p>`]);
    const [ion] = smtp.mailsTo('ion.popescu@example.md').filter((mail) => mail.subject.startsWith('Aviz'));
    expect([ion.subject, ion.html]).to.deep.equal([`Aviz ${ION}`, '<p>Salut Ion Popescu, </p>']);
    const sms = gatewayCalls.find((call) => call.to === '+37369555001')!;
    expect([sms.subject, sms.text]).to.deep.equal(['Aviz ', 'Salut  ']);
    expect(gatewayCalls.filter((call) => /\{\{|\}\}/.test(call.subject + call.text)), 'no placeholder reached a gateway').to.deep.equal([]);
  });

  it('reaches a company named by IDNO on its own contacts (IsLegal)', async () => {
    const [company] = (await resolved({ Recipients: [{ Value: COMPANY, Type: 'IDNO' }] })).Recipients as Recipient[];
    expect(company).to.include({ Value: COMPANY, Type: 'IDNO', IsLegal: true });
    expect(channels(company)).to.deep.equal(['Email', 'Cabinet']);
  });

  it('with a ResolutionPolicy reaches the people in the asked role of a company, a property or a vehicle', async () => {
    const administrators = await resolved({ Recipients: [{ Value: COMPANY, Type: 'IDNO' }], ResolutionPolicy: { type: 'IDNO', parameters: { Direction: 'Administrator' } } });
    expect(administrators.Recipients.map((recipient: Recipient) => recipient.Value)).to.deep.equal([MARIA]);
    const founders = await resolved({ Recipients: [{ Value: COMPANY, Type: 'IDNO' }], ResolutionPolicy: { type: 'IDNO', parameters: { Direction: 'Founder' } } });
    expect(founders.Recipients.map((recipient: Recipient) => recipient.Value)).to.deep.equal([ION, ANDREI]);
    const propertyOwner = await resolved({ Recipients: [{ Value: '0100213301001', Type: 'CadastralNumber' }], ResolutionPolicy: { type: 'CadastralNumber', parameters: { Direction: 'Owner' } } });
    expect(propertyOwner.Recipients.map((recipient: Recipient) => recipient.Value)).to.deep.equal([ELENA]);
    const vehicleOwner = await resolved({ Recipients: [{ Value: 'ABC123', Type: 'PlateNumber' }], resolutionPolicy: { type: 'PlateNumber', parameters: { direction: 'Owner' } } });
    expect(vehicleOwner.Recipients.map((recipient: Recipient) => [recipient.Value, channels(recipient)])).to.deep.equal([[ANDREI, ['SMS', 'Cabinet']]]);
  });

  it('messages a contact once even when two recipients lead to it', async () => {
    const notification = await resolved({ Recipients: [{ Value: ELENA, Type: 'IDNP' }, { Value: ELENA, Type: 'Cabinet' }] });
    expect(notification.Recipients.flatMap((recipient: Recipient) => channels(recipient))).to.deep.equal(['Cabinet']);
  });

  it('messages an e-mail address once whatever its letter case, at the first spelling', async () => {
    const notification = await resolved({
      Recipients: [
        { Value: 'Case.Test@example.md', Type: 'Email' },
        { Value: 'case.test@EXAMPLE.MD', Type: 'Email' },
        { Value: ELENA, Type: 'IDNP' },
        { Value: 'ION.POPESCU@example.md', Type: 'Email' },
        { Value: ION, Type: 'IDNP' },
      ],
    });
    expect(notification.Recipients.map((recipient: Recipient) => channels(recipient))).to.deep.equal([['Email'], [], ['Cabinet'], ['Email'], ['SMS', 'Viber', 'Web push', 'Cabinet']]);
    const mails = smtp.mails.filter((mail) => mail.headers['x-notification-id'] === notification.Id);
    expect(mails.map((mail) => mail.headers.to)).to.have.members(['Case.Test@example.md', 'ION.POPESCU@example.md']);
  });

  it('fails with NoRecipientContact when nobody can be reached, listing why per recipient', async () => {
    const notification = await resolved({
      Recipients: [{ Value: '2999999999999', Type: 'IDNP' }, { Value: VICTOR_NO_CONTACTS, Type: 'IDNP' }, { Value: 'ZZZ999', Type: 'PlateNumber' }],
      ResolutionPolicy: { type: 'PlateNumber', parameters: { Direction: 'Owner' } },
    });
    expect(notification).to.include({ Status: 'Failed', FailureCode: 'NoRecipientContact' });
    expect(notification.Recipients.map((recipient: Recipient) => [recipient.Value, recipient.Messages.length])).to.deep.equal([
      ['2999999999999', 0],
      [VICTOR_NO_CONTACTS, 0],
      ['ZZZ999', 0],
    ]);
  });
});

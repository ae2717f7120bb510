import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { systemClock } from '../../src/platform/clock';
import { toDomainEvent } from '../../src/platform/decider';
import type { EventStore } from '../../src/platform/event-store/event-store';
import { createLogger } from '../../src/platform/logger';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { notificationsProjection } from '../../projections/notification/notifications';
import { openFileBlobStore } from '../../src/platform/blob-store/file-blob-store';
import { EmailChannel } from '../../src/notification/channels/email-channel';
import { HttpGatewayChannel } from '../../src/notification/channels/http-gateway-channel';
import { CabinetChannel } from '../../src/notification/channels/cabinet-channel';
import type { NotificationEvent } from '../../src/notification/notification/events';
import { NotificationHandler } from '../../src/notification/handlers/notification-handler';
import { notificationSettings } from '../../src/notification/settings';
import { evolveNotification, initialNotificationState } from '../../src/notification/notification/state';
import { NotificationDispatcher } from '../../src/notification/processes/dispatcher';
import { RecipientResolver } from '../../src/notification/processes/recipient-resolver';
import { embeddedRegistries } from '../../src/notification/registries/embedded-registries';
import { toNotificationStreamId } from '../../src/notification/notification/stream';
import { freshEmbeddedStores } from '../support/embedded-stores';
import { eventually, notificationRequest, TestSmtpServer } from './notification-test-kit';

const SENT = 'md.gov.notification.message.sent.v1';

describe('Notification dispatcher: a send whose outcome could not be recorded at once (integration)', () => {
  let smtp: TestSmtpServer;
  let dispatcher: NotificationDispatcher | undefined;
  let projections: ProjectionRunner | undefined;
  let attachmentsDir = '';
  afterEach(async () => {
    await dispatcher?.stop();
    await projections?.stop();
    await smtp?.stop();
    rmSync(attachmentsDir, { recursive: true, force: true });
  });
  const stores = freshEmbeddedStores('egov-unrecorded-');

  it('records the e-mail as sent once the log takes it again, not as interrupted after the send lease', async () => {
    smtp = await TestSmtpServer.start();
    let refusedOnce = false;
    // the log fails the first append of the outcome (a lost connection to EventStoreDB, say)
    const events: EventStore = {
      ...stores.events,
      append(streamId, batch, options) {
        if (!refusedOnce && batch.some((item) => item.event.type === SENT)) {
          refusedOnce = true;
          return Promise.reject(new Error('the connection to the log was lost'));
        }
        return stores.events.append(streamId, batch, options);
      },
    };
    const settings = {
      ...notificationSettings({ NOTIFY_SMTP_HOST: '127.0.0.1', NOTIFY_SMTP_PORT: String(smtp.port) }),
      retryBaseMs: 50,
      // short, so that the old behaviour (the send taken for one in doubt) shows within the test
      sendLeaseMs: 200,
    };
    attachmentsDir = mkdtempSync(join(tmpdir(), 'egov-unrecorded-attachments-'));
    const attachments = openFileBlobStore(attachmentsDir);
    const notifications = new NotificationHandler(events, attachments, systemClock);
    const gateway = new HttpGatewayChannel({ url: 'http://gateway.invalid', timeoutMs: 100, callbackUrl: 'https://localhost/cb' });
    const { contacts, identities } = embeddedRegistries();
    const logger = createLogger('silent');
    projections = new ProjectionRunner(events, stores.documents, [notificationsProjection], logger);
    await projections.start();
    dispatcher = new NotificationDispatcher({
      events,
      documents: stores.documents,
      projections,
      clock: systemClock,
      logger,
      settings,
      notifications,
      channels: { Email: new EmailChannel(settings.smtp), SMS: gateway, Viber: gateway, 'Web push': gateway, Cabinet: new CabinetChannel() },
      resolver: new RecipientResolver(contacts, identities),
      attachments,
    });
    await dispatcher.start();

    const id = await notifications.accept(notificationRequest({ Recipients: [{ Value: 'kept@example.md', Type: 'Email' }] }) as never, { id: 'test-sender' } as never);
    const messages = async () =>
      (await stores.events.readStream(toNotificationStreamId(id))).map(toDomainEvent<NotificationEvent>).reduce(evolveNotification, initialNotificationState()).messages;
    const settled = await eventually(messages, (found) => found.length === 1 && !found[0].inFlight && found[0].status !== 'Pending', 'the message settled');
    await new Promise((resolve) => setTimeout(resolve, 400)); // past the lease: nothing may change any more

    expect(refusedOnce).to.equal(true);
    expect(smtp.mailsTo('kept@example.md')).to.have.length(1);
    expect(settled[0].status).to.equal('Sent');
    expect((await messages())[0]).to.deep.include({ status: 'Sent' });
  });
});

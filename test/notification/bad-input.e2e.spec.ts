import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { CANCEL_REQUESTED, MESSAGE_DELIVERED, MESSAGE_READ, NOTIFICATION_ACCEPTED } from '../../src/notification/notification/events';
import { TEMPLATE_CREATED, TEMPLATE_DELETED, TEMPLATE_UPDATED } from '../../src/notification/template/events';
import { seededRandom, type Random } from '../support/generated-input';
import type { HttpsClient } from '../support/https-client';
import { checksWrites, describeRequest, FUZZ_SEED, FuzzTally, fuzzRequests, jsonRequest, METHODS, mutated, queryOf, runOperations, segmentOf, type RawRequest } from '../support/service-fuzz';
import { TestPlatform } from '../support/test-platform';
import { TestSmtpServer, withEnv } from './notification-test-kit';

/**
 * Generated bad input against every endpoint of the notification service: notifications, templates, the
 * cabinet inbox and the gateways' receipts, with members deleted, retyped or made up, broken JSON, odd
 * query values, repeated parameters and junk path segments. Whatever arrives, the answer is a 2xx or a
 * 4xx problem, never a 5xx, and a refused write records nothing. The dispatcher runs (a real SMTP server
 * in the process, and a plain HTTP server standing in for the third-party gateways, taking every message),
 * so that messages, cabinet entries and receipts exist to be named. Seeded: FUZZ_SEED=<n> repeats a run,
 * FUZZ_REQUESTS=<n> makes it longer, FUZZ_CONCURRENCY=<n> sends n at once (see test/support/service-fuzz.ts);
 * FUZZ_VERBOSE=1 prints the answers' statuses per operation.
 */
const SEED = FUZZ_SEED;
const REQUESTS = fuzzRequests(600);

const GATEWAY_CLIENT = { id: 'fuzz-gateway', certificate: { commonName: 'fuzz-gateway' }, rights: { notification: ['receipts'] } };

const RECIPIENTS = [
  { Value: 'citizen@example.md', Type: 'Email' },
  { Value: '+37369123456', Type: 'SMS' },
  { Value: '+37369000777', Type: 'Viber' },
  { Value: 'push-subscription-42', Type: 'Web push' },
  { Value: '2000000000044', Type: 'Cabinet' },
  { Value: '2000000000011', Type: 'IDNP' },
  { Value: '2000000000044', Type: 'IDNP' },
  { Value: '2000000000055', Type: 'IDNP' },
  { Value: '1003600000010', Type: 'IDNO' },
];
const POLICIES: [Record<string, string>, Record<string, unknown>][] = [
  [{ Value: '1003600000010', Type: 'IDNO' }, { type: 'IDNO', parameters: { Direction: 'Founder' } }],
  [{ Value: '0100213301001', Type: 'CadastralNumber' }, { type: 'CadastralNumber', parameters: { Direction: 'Owner' } }],
  [{ Value: '0100213301001', Type: 'IDNV' }, { type: 'IDNV', parameters: { Direction: 'Administrator' } }],
  [{ Value: 'ABC123', Type: 'PlateNumber' }, { type: 'PlateNumber', parameters: { Direction: 'Owner' } }],
];
const CABINET_CITIZENS = ['2000000000044', '2000000000011', '2000000000022', '2000000000033'];

const content = (random: Random) => ({
  Subject: { Ro: random.pick(['Aviz', 'Aviz {{IDNP}}', 'Bun venit, {{customerName}}']), ...(random.chance(0.5) ? { En: 'Notice' } : {}), ...(random.chance(0.3) ? { Ru: 'Уведомление' } : {}) },
  Body: { Ro: '<p>Text {{Date}}</p>', ...(random.chance(0.5) ? { En: '<p>Text</p>' } : {}) },
  BodyShort: { Ro: 'Text {{RecipientFirstName}}' },
});

describe('Notifications: generated bad input never gets a 5xx (e2e over mTLS)', function () {
  this.timeout(300_000);
  let platform: TestPlatform;
  let smtp: TestSmtpServer;
  let institution: HttpsClient;
  let gateway: HttpsClient;
  let gatewayServer: Server;
  let restoreEnv: () => void;

  before(async () => {
    gatewayServer = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"provider-id"}'));
    });
    await new Promise<void>((resolve) => gatewayServer.listen(0, '127.0.0.1', resolve));
    const gatewayUrl = `http://127.0.0.1:${(gatewayServer.address() as AddressInfo).port}`;
    smtp = await TestSmtpServer.start();
    restoreEnv = withEnv({
      NOTIFY_SMTP_HOST: '127.0.0.1',
      NOTIFY_SMTP_PORT: String(smtp.port),
      NOTIFY_SMS_GATEWAY_URL: `${gatewayUrl}/sms`,
      NOTIFY_VIBER_GATEWAY_URL: `${gatewayUrl}/viber`,
      NOTIFY_WEBPUSH_GATEWAY_URL: `${gatewayUrl}/web-push`,
      NOTIFY_RETRY_BASE_MS: '20',
      NOTIFY_MAX_ATTEMPTS: '2',
    });
    platform = await TestPlatform.start({ extraClients: [GATEWAY_CLIENT] });
    institution = platform.client('demo-institution');
    gateway = platform.client('fuzz-gateway');
  });
  after(async () => {
    await platform.stop();
    await smtp.stop();
    await new Promise((resolve) => gatewayServer.close(resolve));
    restoreEnv();
  });

  it(`answers ${REQUESTS} generated requests with 2xx or a 4xx problem, and records nothing for a refused write (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const tally = new FuzzTally();
    const events = platform.platform.stores.events;
    const notifications: string[] = [];
    /** notifications only to the cabinet, which can be withdrawn (cancelled) until read */
    const withdrawable: string[] = [];
    const templates: string[] = [];
    const messages: { messageId: string; channel: string }[] = [];
    const cabinetMessages: { messageId: string; idnp: string }[] = [];

    const send = async (what: string, client: HttpsClient, method: string, path: string, options: RawRequest = {}) => {
      const request = describeRequest(method, path, options);
      return tally.check(what, request, await client.request(method, path, options));
    };
    /** After a refusal, none of these types was appended since `head` (the dispatcher may append others meanwhile). */
    const expectNothingWritten = async (what: string, head: number, types: string[]) => {
      if (!checksWrites) return;
      const appended = await events.readAll({ after: head, limit: 10_000, filter: { types } });
      expect(appended.map((stored) => `${stored.event.type} ${stored.streamId}`), `${what} was refused but wrote`).to.deep.equal([]);
    };
    const idSegment = (ids: string[]) => {
      if (!ids.length || random.chance(0.2)) return segmentOf(random, '00000000-0000-4000-8000-000000000000', 0.7);
      const id = random.pick(ids);
      return segmentOf(random, random.chance(0.2) ? id.toUpperCase() : id, 0.15);
    };
    const listQuery = (ids: string[]) =>
      queryOf(
        random,
        Object.fromEntries(
          Object.entries({
            Page: random.pick(['1', '2', '1000000']),
            ItemsPerPage: random.pick(['1', '20', '100', '101']),
            OrderField: random.pick(['Id', 'CreatedAt desc', 'name ASC', 'Status', 'Bogus']),
            SearchBy: ids.length ? random.pick(ids) : '00000000-0000-4000-8000-000000000000',
          }).filter(() => random.chance(0.4)),
        ),
        ['CreatedAt  desc', 'CreatedAt sideways', 'Id desc desc'],
      );
    const validNotification = () => {
      const body: Record<string, unknown> = { ...content(random), Priority: random.pick(['Low', 'Medium', 'High']) };
      if (random.chance(0.2)) body.Recipients = [{ Value: '2000000000044', Type: random.pick(['Cabinet', 'IDNP']) }];
      else if (random.chance(0.25)) {
        const [recipient, policy] = random.pick(POLICIES);
        body.Recipients = [recipient];
        body.ResolutionPolicy = policy;
      } else body.Recipients = Array.from({ length: 1 + random.int(3) }, () => random.pick(RECIPIENTS));
      if (random.chance(0.2)) body.UserId = '2000000000011';
      if (random.chance(0.15)) body.Attachments = [{ FileName: random.pick(['aviz.pdf', 'a.PNG', 'date.csv']), Base64: 'JVBERi0xLjQK' }];
      if (templates.length && random.chance(0.3)) body.Template = { Id: random.pick(templates), Variables: random.pick(['{"customerName":"Ana"}', '{"customerName":3}', '']) };
      if (random.chance(0.2)) return Object.fromEntries(Object.entries(body).map(([name, value]) => [name[0].toLowerCase() + name.slice(1), value]));
      return body;
    };
    const validTemplate = () => ({ Name: random.pick(['Welcome', 'Aviz', 'Ш'.repeat(50)]), Description: random.pick(['', 'Greets a new user']), ...content(random) });

    const operations: Record<string, () => Promise<void>> = {
      'GET Notifications': async () => {
        await send('GET Notifications', institution, 'GET', `/api/Notifications${random.pick(['', '/'])}${listQuery(notifications)}`);
      },
      'GET Notification': async () => {
        const response = await send('GET Notification', institution, 'GET', `/api/Notification/${idSegment(notifications)}`);
        if (response.status === 200) {
          for (const recipient of response.json().Recipients ?? []) for (const message of recipient.Messages ?? []) messages.push({ messageId: message.MessageId, channel: message.Channel });
        }
      },
      'POST Notification': async () => {
        const value = random.chance(0.5) ? validNotification() : mutated(random, validNotification());
        const { broken, ...request } = jsonRequest(random, value);
        const head = await events.headPosition();
        const response = await send('POST Notification', institution, 'POST', '/api/Notification', request);
        if (response.status === 200) {
          expect(broken, 'a broken body was accepted').to.equal(false);
          notifications.push(response.json());
          const recipients = (value as { Recipients?: { Value: string; Type: string }[] }).Recipients ?? [];
          if (recipients.every((recipient) => recipient.Value === '2000000000044' && ['Cabinet', 'IDNP'].includes(recipient.Type))) withdrawable.push(response.json());
        } else await expectNothingWritten('POST Notification', head, [NOTIFICATION_ACCEPTED]);
      },
      'DELETE Notification': async () => {
        const head = await events.headPosition();
        const response = await send('DELETE Notification', institution, 'DELETE', `/api/Notification/${idSegment(withdrawable.length && random.chance(0.5) ? withdrawable : notifications)}`);
        if (response.status >= 400) await expectNothingWritten('DELETE Notification', head, [CANCEL_REQUESTED]);
      },
      'GET Templates': async () => {
        await send('GET Templates', institution, 'GET', `/api/Template${random.pick(['', '/'])}${listQuery(templates)}`);
      },
      'GET Template': async () => {
        await send('GET Template', institution, 'GET', `/api/Template/${idSegment(templates)}`);
      },
      'GET Template check': async () => {
        const query = Object.fromEntries(
          Object.entries({ variables: random.pick(['{"customerName":"John Doe"}', '{}', '{"a":{"b":1}}', '[1]', 'not json', '{"__proto__":"x"}']), userId: '2000000000011' }).filter(() => random.chance(0.6)),
        );
        await send('GET Template check', institution, 'GET', `/api/Template/${idSegment(templates)}/check${queryOf(random, query, ['{"x":', '{"customerName":null}'])}`);
      },
      'POST Template': async () => {
        const head = await events.headPosition();
        const { broken, ...request } = jsonRequest(random, random.chance(0.5) ? validTemplate() : mutated(random, validTemplate()));
        const response = await send('POST Template', institution, 'POST', '/api/Template', request);
        if (response.status === 200) {
          expect(broken, 'a broken body was accepted').to.equal(false);
          templates.push(response.json());
        } else await expectNothingWritten('POST Template', head, [TEMPLATE_CREATED]);
      },
      'PUT Template': async () => {
        const head = await events.headPosition();
        const { broken, ...request } = jsonRequest(random, random.chance(0.5) ? validTemplate() : mutated(random, validTemplate()));
        const response = await send('PUT Template', institution, 'PUT', `/api/Template/${idSegment(templates)}`, request);
        if (response.status === 200) expect(broken, 'a broken body was accepted').to.equal(false);
        else await expectNothingWritten('PUT Template', head, [TEMPLATE_CREATED, TEMPLATE_UPDATED]);
      },
      'DELETE Template': async () => {
        if (random.chance(0.6) && templates.length < 3) return operations['POST Template']();
        const head = await events.headPosition();
        const response = await send('DELETE Template', institution, 'DELETE', `/api/Template/${idSegment(templates)}`);
        if (response.status >= 400) await expectNothingWritten('DELETE Template', head, [TEMPLATE_DELETED]);
      },
      'POST cabinet search': async () => {
        const search = { idnp: random.pick(CABINET_CITIZENS), ...(random.chance(0.5) ? { limit: random.pick([1, 20, 100]) } : {}), ...(random.chance(0.3) ? { cursor: random.pick(['0', '1', '5']) } : {}) };
        const { broken, ...request } = jsonRequest(random, random.chance(0.5) ? search : mutated(random, search));
        const response = await send('POST cabinet search', institution, 'POST', '/api/v1/cabinet-message-searches', request);
        if (response.status === 200) {
          expect(broken, 'a broken body was accepted').to.equal(false);
          for (const item of response.json().items) cabinetMessages.push({ messageId: item.messageId, idnp: search.idnp });
        }
      },
      'POST cabinet reading': async () => {
        const known = cabinetMessages.length && random.chance(0.8) ? random.pick(cabinetMessages) : { messageId: '00000000-0000-4000-8000-000000000000', idnp: '2000000000044' };
        const head = await events.headPosition();
        const { broken, ...request } = jsonRequest(random, random.chance(0.5) ? { idnp: known.idnp } : mutated(random, { idnp: known.idnp }));
        const response = await send('POST cabinet reading', institution, 'POST', `/api/v1/cabinet-messages/${segmentOf(random, random.chance(0.2) ? known.messageId.toUpperCase() : known.messageId, 0.2)}/readings`, request);
        if (response.status === 204) expect(broken, 'a broken body was accepted').to.equal(false);
        else await expectNothingWritten('POST cabinet reading', head, [MESSAGE_READ]);
      },
      'other method': async () => {
        const id = notifications.length ? random.pick(notifications) : '00000000-0000-4000-8000-000000000000';
        const templateId = templates.length ? random.pick(templates) : '00000000-0000-4000-8000-000000000000';
        const path = random.pick(['/api/Notification', `/api/Notification/${id}`, '/api/Notifications', '/api/Template', `/api/Template/${templateId}`, `/api/Template/${templateId}/check`, '/api/v1/cabinet-message-searches', `/api/v1/cabinet-messages/${id}`, '/api/v1/notification-receipts']);
        const head = await events.headPosition();
        const response = await send('other method', random.chance(0.8) ? institution : gateway, random.pick(METHODS), path, random.chance(0.5) ? jsonRequest(random, mutated(random, {})) : {});
        if (response.status >= 400) await expectNothingWritten('other method', head, [NOTIFICATION_ACCEPTED, CANCEL_REQUESTED, TEMPLATE_CREATED, TEMPLATE_UPDATED, TEMPLATE_DELETED, MESSAGE_READ, MESSAGE_DELIVERED]);
      },
      'POST receipt': async () => {
        const known = messages.length && random.chance(0.8) ? random.pick(messages).messageId : '00000000-0000-4000-8000-000000000000';
        const receipt = { reference: random.chance(0.2) ? known.toUpperCase() : known, status: random.pick(['Delivered', 'Read', 'Failed']), ...(random.chance(0.3) ? { failureCode: 'Undeliverable' } : {}), ...(random.chance(0.2) ? { providerMessageId: 'p-1' } : {}) };
        const head = await events.headPosition();
        const { broken, ...request } = jsonRequest(random, random.chance(0.5) ? receipt : mutated(random, receipt));
        const response = await send('POST receipt', gateway, 'POST', '/api/v1/notification-receipts', request);
        if (response.status === 204) expect(broken, 'a broken body was accepted').to.equal(false);
        else await expectNothingWritten('POST receipt', head, [MESSAGE_DELIVERED, MESSAGE_READ]);
      },
    };

    const names = Object.keys(operations);
    const weighted = [...names, 'POST Notification', 'POST Notification', 'POST Template', 'GET Notification', 'POST receipt', 'POST cabinet reading'];
    await runOperations(random, REQUESTS, operations, weighted);

    if (process.env.FUZZ_VERBOSE) console.log(tally.describe());
    tally.expectBothSides(REQUESTS >= 500 ? ['POST Notification', 'GET Notification', 'DELETE Notification', 'POST Template', 'PUT Template', 'POST cabinet search', 'GET Template check'] : []);
    expect(tally.count((status) => status < 300)).to.be.above(REQUESTS / 10);
    expect(tally.count((status) => status >= 400)).to.be.above(REQUESTS / 10);

    // every notification in the log was answered to its sender
    const accepted = await events.readAll({ after: 0, limit: 1_000_000, filter: { types: [NOTIFICATION_ACCEPTED] } });
    const bySender = accepted.filter((stored) => (stored.event.data as { sender: string }).sender === 'demo-institution');
    expect(new Set(bySender.map((stored) => (stored.event.data as { notificationId: string }).notificationId))).to.deep.equal(new Set(notifications));
  });
});

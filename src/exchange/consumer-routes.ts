import { Router, type Request, type Response } from 'express';
import type { ExchangeConfig } from '../config';
import type { Clock } from '../platform/clock';
import { badRequest, notFound, unauthorized } from '../platform/errors';
import { route } from '../platform/http/problem';
import { booleanParam, stringParam } from '../platform/http/query';
import { readBody } from '../platform/http/read-body';
import type { ConsumerInstance, InstanceOptions, OffsetDelivery } from './consumer-instance';
import type { ConsumerService } from './consumer-service';
import { callerOf } from './exchange-auth';
import { isConsumer } from './exchange-rights';
import { normalizeRaw } from './incoming-event';
import type { Publisher } from './publisher';
import { toRaw, toStructured } from './wire-format';

export type ConsumerRouteDeps = {
  consumers: ConsumerService;
  publisher: Publisher;
  config: ExchangeConfig;
  clock: Clock;
  bridgeId: string;
  /** base URL of this bridge as clients reach it */
  publicUrl: () => string;
};

const GROUP_NAME = /^[~A-Za-z0-9._-]{1,100}$/;
const INSTANCE_PATH = '/:bridge/ce/consumers/:group/instances/:instance';
/** An `events` answer holds up to batchSize events, and none after the one that brings their sizes to 4 MB. */
const EVENTS_RESPONSE_MAX_SIZE = 4_000_000;

const CONSUMER_PARAMETERS = ['events', 'test', 'dead', 'group'];

export function consumerOptions(query: Record<string, unknown>): InstanceOptions {
  // a misspelt parameter (Events=false) would be dropped without a word, and the instance read other events
  const unknown = Object.keys(query).filter((name) => !CONSUMER_PARAMETERS.includes(name));
  if (unknown.length > 0) {
    throw badRequest(`unknown query parameter ${unknown.join(', ')}: a consumer takes ${CONSUMER_PARAMETERS.join(', ')}`, Object.fromEntries(unknown.map((name) => [name, ['is not a parameter of a consumer']])));
  }
  const options = {
    events: booleanParam(query, 'events', true),
    test: booleanParam(query, 'test', true),
    dead: booleanParam(query, 'dead', false),
    group: stringParam(query, 'group') ?? '~default',
  };
  // "." and ".." would be dot segments in the instance URL, which clients remove (RFC 3986, 5.2.4)
  if (!GROUP_NAME.test(options.group) || options.group === '.' || options.group === '..') {
    throw badRequest('group must be 1 to 100 letters, digits, or . _ - ~', { group: ['is not a valid group name'] });
  }
  if (!options.events && !options.test && !options.dead) throw badRequest('at least one of events, test and dead must be true');
  return options;
}

/** Long-polling consumption: create an instance, read raw / event / events, confirm, report dead, delete. */
export function consumerRoutes(deps: ConsumerRouteDeps): Router {
  const router = Router();

  router.post(
    '/ce/consumers',
    route(async (request, response) => {
      const client = callerOf(response);
      if (!isConsumer(client)) throw unauthorized(`client ${client.id} is not registered as a consumer`);
      const instance = await deps.consumers.create(client, consumerOptions(request.query), 'http');
      const baseUri = `${deps.publicUrl()}/${deps.bridgeId}/ce/consumers/${encodeURIComponent(instance.options.group)}/instances/${instance.id}`;
      response.status(201).location(baseUri).json({ instance: instance.id, group: instance.options.group, bridge: deps.bridgeId, baseUri });
    }),
  );

  const instanceOf = (request: Request, response: Response): ConsumerInstance => {
    const { bridge, group, instance: instanceId } = request.params as Record<string, string>;
    if (bridge !== deps.bridgeId) throw notFound(`consumer instance ${instanceId} is not on this bridge`);
    const instance = deps.consumers.find(callerOf(response).id, group, instanceId);
    if (!instance) throw notFound(`consumer instance ${instanceId} not found (deleted, expired or never created)`);
    return instance;
  };

  const readEvents = async (request: Request, response: Response, max: number, lingerMs: number, maxSize?: number) => {
    // Express answers HEAD with the GET route, which would hand events out (and confirm) for a body never sent
    if (request.method !== 'GET') throw notFound(`no resource at ${request.method} ${request.path}: a read hands events out, use GET`);
    const instance = instanceOf(request, response);
    if (booleanParam(request.query, 'confirm', false)) deps.consumers.confirm(instance);
    let abandoned = false;
    let answered: OffsetDelivery[] = [];
    response.on('close', () => {
      abandoned = !response.writableFinished;
      // the answer did not reach the client whole: a confirm of a later offset must not acknowledge its events
      if (abandoned && answered.length > 0) deps.consumers.takeBack(instance, answered);
    });
    const deliveries = await deps.consumers.poll(instance, {
      max,
      maxSize,
      timeoutMs: deps.config.pollTimeoutMs,
      lingerMs,
      isAbandoned: () => abandoned,
    });
    if (abandoned) {
      // the client left while the read lingered for more
      deps.consumers.takeBack(instance, deliveries);
      return [];
    }
    if (deliveries.length === 0 && !deps.consumers.isOpen(instance)) throw notFound(`consumer instance ${instance.id} was deleted or expired while it was read`);
    answered = deliveries;
    return deliveries;
  };

  router.get(
    `${INSTANCE_PATH}/raw`,
    route(async (request, response) => {
      const [delivery] = await readEvents(request, response, 1, 0);
      if (!delivery) return void response.status(204).end();
      const { headers, body } = toRaw(delivery);
      // set() would add "; charset=utf-8" to the media type: the stored datacontenttype goes out as it is
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      response.status(200).send(body);
    }),
  );

  router.get(
    `${INSTANCE_PATH}/event`,
    route(async (request, response) => {
      const [delivery] = await readEvents(request, response, 1, 0);
      if (!delivery) return void response.status(204).end();
      response.status(200).type('application/cloudevents+json').send(JSON.stringify(toStructured(delivery)));
    }),
  );

  router.get(
    `${INSTANCE_PATH}/events`,
    route(async (request, response) => {
      const deliveries = await readEvents(request, response, deps.config.batchSize, deps.config.batchLingerMs, EVENTS_RESPONSE_MAX_SIZE);
      if (deliveries.length === 0) return void response.status(204).end();
      response.status(200).type('application/cloudevents-batch+json').send(JSON.stringify(deliveries.map(toStructured)));
    }),
  );

  router.post(
    `${INSTANCE_PATH}/confirm`,
    route(async (request, response) => {
      const instance = instanceOf(request, response);
      // read as the WebSocket's confirm:<offset> is: white space around the digits ignored
      const offset = stringParam(request.query, 'offset')?.trim();
      if (offset !== undefined && !/^[1-9][0-9]{0,15}$/.test(offset)) {
        throw badRequest('offset must be a positive integer given as a string', { offset: ['must be a positive integer'] });
      }
      deps.consumers.confirm(instance, offset === undefined ? undefined : Number(offset));
      response.status(204).end();
    }),
  );

  router.post(
    `${INSTANCE_PATH}/dead`,
    route(async (request, response) => {
      const instance = instanceOf(request, response);
      deps.consumers.touch(instance);
      const body = await readBody(request, deps.config.maxRequestBytes);
      const context = { now: deps.clock.now(), futureTimeToleranceMs: deps.config.futureTimeToleranceMs };
      await deps.publisher.publish(callerOf(response), [normalizeRaw(request.headersDistinct, body, context)], 'dead');
      response.status(202).end();
    }),
  );

  router.delete(
    INSTANCE_PATH,
    route(async (request, response) => {
      await deps.consumers.delete(instanceOf(request, response), 'deleted by the consumer');
      response.status(204).end();
    }),
  );

  return router;
}

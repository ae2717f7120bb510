import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { handleCommand } from '../../platform/decider';
import { badRequest, notFound } from '../../platform/errors';
import { readJson } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import type { ServiceDeps } from '../../platform/service-module';
import { TEMPLATES, type TemplateDocument } from '../../../projections/notification/templates';
import { idParam, isUuid, sendId } from './ids';
import { listOptions, type ListQuery } from '../queries/list-query';
import { templateDecider } from '../template/decider';
import type { TemplateCommand } from '../template/commands';
import type { TemplateDefinition } from '../template/events';
import { toTemplateStreamId } from '../template/stream';
import { NOTIFICATION_SERVICE, NOTIFICATION_SOURCE } from '../service';
import { NotificationRights } from '../rights';
import { fillContent, parseVariables } from '../template/variables';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { singleValuedQuery } from '../../platform/http/query';

/** TemplateDto by its schema, and a Name that is more than white space (templates are listed and ordered by it). */
const validateTemplate = (schemas: RequestSchemas, body: unknown): TemplateDefinition => {
  const template = schemas.value<TemplateDefinition>('template.json', body, { membersInAnyCase: true });
  if (!/\S/.test(template.Name)) throw badRequest('Name must not be blank', { Name: ['must not be blank'] });
  return template;
};
const ORDERABLE = { Id: 'Id', Name: 'Name', CreatedAt: 'CreatedAt', LastUpdatedAt: 'LastUpdatedAt', CreatedBy: 'CreatedBy', LastUpdatedBy: 'LastUpdatedBy' };
const MAX_TEMPLATE_BYTES = 8 * 1024 * 1024;

/** TemplateShortDto and TemplateDto (seed). */
const toShortDto = ({ Id, Name, CreatedAt, LastUpdatedAt, CreatedBy, LastUpdatedBy }: TemplateDocument) => ({ Id, Name, CreatedAt, LastUpdatedAt, CreatedBy, LastUpdatedBy });
const toDto = ({ Name, Description, Subject, Body, BodyShort }: TemplateDefinition) => ({ Name, Description, Subject, Body, BodyShort });

export function templateRoutes(deps: ServiceDeps): Router {
  const router = Router();
  const may = requireRight(NOTIFICATION_SERVICE, NotificationRights.templates);
  const schemas = RequestSchemas.of(NOTIFICATION_SERVICE);
  const templates = () => deps.documents.collection<TemplateDocument>(TEMPLATES);
  const execute = (command: TemplateCommand) =>
    handleCommand(deps.events, toTemplateStreamId(command.templateId), templateDecider, command, { source: NOTIFICATION_SOURCE, producer: command.by, clock: deps.clock });
  const ownTemplate = async (id: string, owner: string) => {
    await readYourWrites(deps);
    const template = isUuid(id) ? await templates().findOne({ _id: id, owner, deleted: false }) : null;
    if (!template) throw notFound(`template ${id} was not found`);
    return template;
  };

  router.get(
    '/api/Template',
    may,
    route(async (request, response) => {
      const query = schemas.value<ListQuery>('list-query.json', singleValuedQuery(request.query), { membersInAnyCase: true });
      await readYourWrites(deps);
      const owner = clientOf(response).id;
      const filter = query.SearchBy ? { owner, deleted: false, Id: query.SearchBy.toLowerCase() } : { owner, deleted: false };
      response.json((await templates().find(filter, listOptions(query, ORDERABLE))).map(toShortDto));
    }),
  );

  router.get(
    '/api/Template/:id',
    may,
    route(async (request, response) => {
      response.json(toDto(await ownTemplate(idParam(request), clientOf(response).id)));
    }),
  );

  router.get(
    '/api/Template/:id/check',
    may,
    route(async (request, response) => {
      const query = schemas.value<{ variables?: string; userId?: string }>('template-check-query.json', { ...request.query }, { membersInAnyCase: true });
      const variables = parseVariables(query.variables);
      if (typeof variables === 'string') throw badRequest(variables, { variables: [variables] });
      const template = await ownTemplate(idParam(request), clientOf(response).id);
      // seed: userId completes the default variables; at present only IDNx is filled
      const values = { ...(query.userId ? idnxVariable(query.userId) : {}), ...variables };
      response.json(toDto({ ...template, ...fillContent(template, values) }));
    }),
  );

  router.post(
    '/api/Template',
    may,
    route(async (request, response) => {
      const template = validateTemplate(schemas, await readJson(request, MAX_TEMPLATE_BYTES));
      const templateId = randomUUID();
      await execute({ type: 'CreateTemplate', templateId, template: toDto(template), at: deps.clock.now().toISOString(), by: clientOf(response).id });
      sendId(response, templateId);
    }),
  );

  router.put(
    '/api/Template/:id',
    may,
    route(async (request, response) => {
      const template = validateTemplate(schemas, await readJson(request, MAX_TEMPLATE_BYTES));
      const templateId = idParam(request);
      if (!isUuid(templateId)) throw notFound(`template ${templateId} was not found`);
      await execute({ type: 'UpdateTemplate', templateId, template: toDto(template), at: deps.clock.now().toISOString(), by: clientOf(response).id });
      sendId(response, templateId);
    }),
  );

  router.delete(
    '/api/Template/:id',
    may,
    route(async (request, response) => {
      const templateId = idParam(request);
      if (!isUuid(templateId)) throw notFound(`template ${templateId} was not found`);
      await execute({ type: 'DeleteTemplate', templateId, at: deps.clock.now().toISOString(), by: clientOf(response).id });
      sendId(response, templateId);
    }),
  );

  return router;
}

/**
 * userId as the built-in a send fills for it: an IDNO (a legal entity's code, which begins with 1) fills
 * {{IDNO}}, an IDNP (a person's, beginning with 0 or 2) {{IDNP}}, as a notification to that identifier would.
 */
function idnxVariable(userId: string): { IDNO: string } | { IDNP: string } {
  return userId.startsWith('1') ? { IDNO: userId } : { IDNP: userId };
}

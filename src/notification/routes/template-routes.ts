import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { badRequest, notFound } from '../../platform/errors';
import { singleValuedQuery } from '../../platform/http/query';
import { readJson } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import type { TemplateHandler } from '../handlers/template-handler';
import type { ListQuery } from '../queries/list-query';
import { toTemplateDto, toTemplateShortDto } from '../queries/template-views';
import { getTemplate, listTemplates } from '../queries/templates';
import { NotificationRights } from '../rights';
import { NOTIFICATION_SERVICE } from '../service';
import type { TemplateDefinition } from '../template/events';
import { fillContent, parseVariables } from '../template/variables';
import { idParam, isUuid, sendId } from './ids';

/** TemplateDto by its schema, and a Name that is more than white space (templates are listed and ordered by it). */
const validateTemplate = (schemas: RequestSchemas, body: unknown): TemplateDefinition => {
  const template = schemas.value<TemplateDefinition>('template.json', body, { membersInAnyCase: true });
  if (!/\S/.test(template.Name)) throw badRequest('Name must not be blank', { Name: ['must not be blank'] });
  return template;
};
const MAX_TEMPLATE_BYTES = 8 * 1024 * 1024;

/** The seed's template operations (paths and members as the seed writes them): a sender sees and changes its own templates only. */
export function templateRoutes(deps: ServiceDeps, templates: TemplateHandler): Router {
  const router = Router();
  const may = requireRight(NOTIFICATION_SERVICE, NotificationRights.templates);
  const schemas = RequestSchemas.of(NOTIFICATION_SERVICE);
  const ownTemplate = async (id: string, owner: string) => {
    await readYourWrites(deps);
    const template = isUuid(id) ? await getTemplate(deps.documents, owner, id) : null;
    if (!template) throw notFound(`template ${id} was not found`);
    return template;
  };

  router.get(
    '/api/Template',
    may,
    route(async (request, response) => {
      const query = schemas.value<ListQuery>('list-query.json', singleValuedQuery(request.query), { membersInAnyCase: true });
      await readYourWrites(deps);
      response.json((await listTemplates(deps.documents, clientOf(response).id, query)).map(toTemplateShortDto));
    }),
  );

  router.get(
    '/api/Template/:id',
    may,
    route(async (request, response) => {
      response.json(toTemplateDto(await ownTemplate(idParam(request), clientOf(response).id)));
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
      response.json(toTemplateDto({ ...template, ...fillContent(template, values) }));
    }),
  );

  router.post(
    '/api/Template',
    may,
    route(async (request, response) => {
      const template = validateTemplate(schemas, await readJson(request, MAX_TEMPLATE_BYTES));
      const templateId = randomUUID();
      await templates.execute({ type: 'CreateTemplate', templateId, template: toTemplateDto(template), at: deps.clock.now().toISOString(), by: clientOf(response).id });
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
      await templates.execute({ type: 'UpdateTemplate', templateId, template: toTemplateDto(template), at: deps.clock.now().toISOString(), by: clientOf(response).id });
      sendId(response, templateId);
    }),
  );

  router.delete(
    '/api/Template/:id',
    may,
    route(async (request, response) => {
      const templateId = idParam(request);
      if (!isUuid(templateId)) throw notFound(`template ${templateId} was not found`);
      await templates.execute({ type: 'DeleteTemplate', templateId, at: deps.clock.now().toISOString(), by: clientOf(response).id });
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

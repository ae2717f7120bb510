import { TemplateAlreadyDeletedError, TemplateNotFoundError, templateDecider } from '../../src/notification/template/decider';
import { TEMPLATE_CREATED, TEMPLATE_DELETED, TEMPLATE_UPDATED, type TemplateEvent } from '../../src/notification/template/events';
import { deciderSpec } from '../support/decider-spec';

const spec = deciderSpec(templateDecider);
const template = { Name: 'T', Description: 'd', Subject: { Ro: 's' }, Body: { Ro: 'b' }, BodyShort: { Ro: 'b' } };
const base = { templateId: 't-1', at: '2025-01-01T00:00:00.000Z', by: 'owner' };
const created: TemplateEvent = { type: TEMPLATE_CREATED, data: { ...base, owner: 'owner', template } };
const deleted: TemplateEvent = { type: TEMPLATE_DELETED, data: base };

describe('Notifications: the template decider', () => {
  it('creates, updates and deletes a template of its owner', () => {
    spec.given([]).when({ type: 'CreateTemplate', ...base, template }).then([created]);
    spec.given([created]).when({ type: 'UpdateTemplate', ...base, template: { ...template, Name: 'U' } }).then([{ type: TEMPLATE_UPDATED, data: { ...base, template: { ...template, Name: 'U' } } }]);
    spec.given([created]).when({ type: 'DeleteTemplate', ...base }).then([deleted]);
  });

  it('hides a template from other senders and refuses to change a deleted one', () => {
    spec.given([created]).when({ type: 'DeleteTemplate', ...base, by: 'someone-else' }).thenThrows(TemplateNotFoundError);
    spec.given([]).when({ type: 'UpdateTemplate', ...base, template }).thenThrows(TemplateNotFoundError);
    spec.given([created, deleted]).when({ type: 'UpdateTemplate', ...base, template }).thenThrows(TemplateNotFoundError);
    spec.given([created, deleted]).when({ type: 'DeleteTemplate', ...base }).thenThrows(TemplateAlreadyDeletedError);
  });
});

import type { Projection } from '../../src/platform/projections/projection';
import { TEMPLATE_CREATED, TEMPLATE_DELETED, TEMPLATE_EVENT_TYPES, TEMPLATE_UPDATED, type TemplateDefinition, type TemplateEvent } from '../../src/notification/template/events';
import { toDomainEvent } from '../../src/platform/decider';
import { NOTIFICATION_STREAMS } from '../../src/notification/service';

export const TEMPLATES = 'notification_templates';

export type TemplateDocument = TemplateDefinition & {
  _id: string;
  owner: string;
  Id: string;
  CreatedAt: string;
  LastUpdatedAt: string;
  CreatedBy: string;
  LastUpdatedBy: string;
  deleted: boolean;
};

export const templatesProjection: Projection = {
  name: 'notification-templates',
  // 2: built from the service's own streams only (a test event or dead report of its types was applied as its own)
  version: 2,
  streamPrefix: NOTIFICATION_STREAMS,
  eventTypes: TEMPLATE_EVENT_TYPES,
  collections: [TEMPLATES],
  indexes: [{ collection: TEMPLATES, keys: { owner: 1, CreatedAt: 1 } }],
  async apply(stored, session) {
    const event = toDomainEvent<TemplateEvent>(stored);
    const templates = session.collection<TemplateDocument>(TEMPLATES);
    const { templateId: id, at, by } = event.data;
    switch (event.type) {
      case TEMPLATE_CREATED:
        await templates.replaceOne(
          { _id: id },
          { _id: id, owner: event.data.owner, Id: id, ...event.data.template, CreatedAt: at, LastUpdatedAt: at, CreatedBy: by, LastUpdatedBy: by, deleted: false },
          { upsert: true },
        );
        return;
      case TEMPLATE_UPDATED:
        await templates.updateOne({ _id: id }, { $set: { ...event.data.template, LastUpdatedAt: at, LastUpdatedBy: by } });
        return;
      case TEMPLATE_DELETED:
        await templates.updateOne({ _id: id }, { $set: { deleted: true, LastUpdatedAt: at, LastUpdatedBy: by } });
        return;
      default: {
        const unexpected: never = event;
        return unexpected;
      }
    }
  },
};

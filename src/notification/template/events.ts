import type { DomainEvent } from '../../platform/decider';
import type { Content } from '../vocabulary';

export const TEMPLATE_CREATED = 'md.gov.notification.template.created.v1';
export const TEMPLATE_UPDATED = 'md.gov.notification.template.updated.v1';
export const TEMPLATE_DELETED = 'md.gov.notification.template.deleted.v1';
export const TEMPLATE_EVENT_TYPES = [TEMPLATE_CREATED, TEMPLATE_UPDATED, TEMPLATE_DELETED];

/** TemplateDto of the seed: Name (at most 50), Description, Subject, Body, BodyShort. */
export type TemplateDefinition = Content & { Name: string; Description: string };

type At = { templateId: string; at: string; by: string };
export type TemplateCreated = DomainEvent<typeof TEMPLATE_CREATED, At & { owner: string; template: TemplateDefinition }>;
export type TemplateUpdated = DomainEvent<typeof TEMPLATE_UPDATED, At & { template: TemplateDefinition }>;
export type TemplateDeleted = DomainEvent<typeof TEMPLATE_DELETED, At>;
export type TemplateEvent = TemplateCreated | TemplateUpdated | TemplateDeleted;

import type { TemplateDocument } from '../../../projections/notification/templates';
import type { TemplateDefinition } from '../template/events';

/** TemplateShortDto (seed). */
export const toTemplateShortDto = ({ Id, Name, CreatedAt, LastUpdatedAt, CreatedBy, LastUpdatedBy }: TemplateDocument) => ({ Id, Name, CreatedAt, LastUpdatedAt, CreatedBy, LastUpdatedBy });

/** TemplateDto (seed): also what a template's events keep of a request body. */
export const toTemplateDto = ({ Name, Description, Subject, Body, BodyShort }: TemplateDefinition) => ({ Name, Description, Subject, Body, BodyShort });

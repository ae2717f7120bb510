import type { TemplateDefinition } from './events';

type Base = { templateId: string; at: string; by: string };
export type TemplateCommand =
  | (Base & { type: 'CreateTemplate'; template: TemplateDefinition })
  | (Base & { type: 'UpdateTemplate'; template: TemplateDefinition })
  | (Base & { type: 'DeleteTemplate' });

import type { Decider } from '../../platform/decider';
import type { TemplateCommand } from './commands';
import { TEMPLATE_CREATED, TEMPLATE_DELETED, TEMPLATE_UPDATED, type TemplateDefinition, type TemplateEvent } from './events';

export class TemplateNotFoundError extends Error {
  constructor(readonly templateId: string) {
    super(`template ${templateId} was not found`);
    this.name = 'TemplateNotFoundError';
  }
}

export class TemplateAlreadyDeletedError extends Error {
  constructor(readonly templateId: string) {
    super(`template ${templateId} was already deleted`);
    this.name = 'TemplateAlreadyDeletedError';
  }
}

export type TemplateState = { exists: boolean; deleted: boolean; owner?: string; template?: TemplateDefinition };

/** A sender's template: only its owner sees, changes or deletes it; a deleted one stays deleted. */
export const templateDecider: Decider<TemplateCommand, TemplateEvent, TemplateState> = {
  initialState: () => ({ exists: false, deleted: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case TEMPLATE_CREATED:
        return { exists: true, deleted: false, owner: event.data.owner, template: event.data.template };
      case TEMPLATE_UPDATED:
        return { ...state, template: event.data.template };
      case TEMPLATE_DELETED:
        return { ...state, deleted: true };
      default: {
        const unexpected: never = event;
        return unexpected;
      }
    }
  },
  decide: (command, state) => {
    const at = { templateId: command.templateId, at: command.at, by: command.by };
    if (command.type === 'CreateTemplate') {
      if (state.exists) throw new Error(`template ${command.templateId} already exists`);
      return [{ type: TEMPLATE_CREATED, data: { ...at, owner: command.by, template: command.template } }];
    }
    if (!state.exists || state.owner !== command.by) throw new TemplateNotFoundError(command.templateId);
    switch (command.type) {
      case 'UpdateTemplate':
        if (state.deleted) throw new TemplateNotFoundError(command.templateId);
        return [{ type: TEMPLATE_UPDATED, data: { ...at, template: command.template } }];
      case 'DeleteTemplate':
        if (state.deleted) throw new TemplateAlreadyDeletedError(command.templateId);
        return [{ type: TEMPLATE_DELETED, data: at }];
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
};

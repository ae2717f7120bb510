import type { Clock } from '../../platform/clock';
import { handleCommand } from '../../platform/decider';
import type { EventStore } from '../../platform/event-store/event-store';
import { NOTIFICATION_SOURCE } from '../service';
import type { TemplateCommand } from '../template/commands';
import { templateDecider } from '../template/decider';
import { toTemplateStreamId } from '../template/stream';

/** The template commands as the routes use them, through the template's aggregate. */
export class TemplateHandler {
  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  execute(command: TemplateCommand) {
    return handleCommand(this.events, toTemplateStreamId(command.templateId), templateDecider, command, { source: NOTIFICATION_SOURCE, producer: command.by, clock: this.clock });
  }
}

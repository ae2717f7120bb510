import { randomUUID } from 'node:crypto';
import type { BlobStore } from '../../platform/blob-store/blob-store';
import type { Clock } from '../../platform/clock';
import { handleCommand, toDomainEvent } from '../../platform/decider';
import { badRequest } from '../../platform/errors';
import type { EventStore } from '../../platform/event-store/event-store';
import type { AcceptNotification, NotificationCommand } from '../notification/commands';
import { notificationDecider } from '../notification/decider';
import { checkNotificationLimits, type NotificationRequest } from '../notification/limits';
import { toNotificationStreamId } from '../notification/stream';
import { validationFailed } from '../problems';
import { NOTIFICATION_SOURCE } from '../service';
import { templateDecider } from '../template/decider';
import type { TemplateEvent } from '../template/events';
import { toTemplateStreamId } from '../template/stream';
import { fillContent, missingVariables, parseVariables } from '../template/variables';
import type { Content, ContentLanguage, Language } from '../vocabulary';

export type Sender = { id: string; idno?: string };

/** The notification commands as the routes and processes use them: validation beyond the schema, then the aggregate. */
export class NotificationHandler {
  constructor(
    private readonly events: EventStore,
    private readonly attachments: BlobStore,
    private readonly clock: Clock,
  ) {}

  /** POST /api/Notification: every limit checked before anything is written; answers the new id. */
  async accept(request: NotificationRequest, sender: Sender, options: { notificationId?: string; language?: Language } = {}): Promise<string> {
    const template = request.Template ? await this.templateContent(request.Template, sender, request) : undefined;
    const content = template?.content ?? { Subject: request.Subject, Body: request.Body, BodyShort: request.BodyShort };
    const { errors, attachments } = checkNotificationLimits(request, template ? fillContent(content, template.reference.variables) : content);
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const stored = [];
    for (const attachment of attachments) stored.push({ FileName: attachment.FileName, ...(await this.attachments.put(attachment.content)) });
    const notificationId = options.notificationId ?? randomUUID();
    await this.execute({
      type: 'AcceptNotification',
      notificationId,
      at: this.clock.now().toISOString(),
      by: sender.id,
      sender: sender.id,
      ...(sender.idno ? { senderIdno: sender.idno } : {}),
      ...(request.UserId ? { userId: request.UserId } : {}),
      priority: request.Priority,
      content,
      ...(template ? { template: template.reference } : {}),
      recipients: request.Recipients,
      ...(request.ResolutionPolicy ? { resolutionPolicy: request.ResolutionPolicy } : {}),
      attachments: stored,
      ...(options.language ? { language: options.language } : {}),
    } satisfies AcceptNotification);
    return notificationId;
  }

  execute(command: NotificationCommand, producer = command.by) {
    return handleCommand(this.events, toNotificationStreamId(command.notificationId), notificationDecider, command, {
      source: NOTIFICATION_SOURCE,
      producer,
      clock: this.clock,
    });
  }

  /**
   * The template's content, with the request's own as fallback per language, and its Variables. The
   * content is kept as written: variables and built-ins are filled together, in one pass, when each
   * message is sent, so that a value is never searched for placeholders again.
   */
  private async templateContent(reference: NonNullable<NotificationRequest['Template']>, sender: Sender, request: NotificationRequest) {
    const history = await this.events.readStream(toTemplateStreamId(reference.Id));
    const state = history.map(toDomainEvent<TemplateEvent>).reduce(templateDecider.evolve, templateDecider.initialState());
    if (!state.exists || state.deleted || state.owner !== sender.id) {
      throw badRequest(`Template.Id ${reference.Id} is not one of your templates`, { 'Template.Id': ['is not one of your templates'] });
    }
    const variables = parseVariables(reference.Variables);
    if (typeof variables === 'string') throw badRequest(variables, { 'Template.Variables': [variables] });
    const template = state.template!;
    const merged: Content = {
      Subject: withFallback(template.Subject, request.Subject),
      Body: withFallback(template.Body, request.Body),
      BodyShort: withFallback(template.BodyShort, request.BodyShort),
    };
    const missing = missingVariables(merged, variables);
    if (missing.length > 0) throw badRequest(`the template needs values for ${missing.join(', ')}`, { 'Template.Variables': missing.map((name) => `no value for {{${name}}}`) });
    return { content: merged, reference: { id: reference.Id, name: template.Name, variables } };
  }
}

function withFallback(template: ContentLanguage, own: ContentLanguage): ContentLanguage {
  return { Ro: template.Ro, Ru: template.Ru ?? own.Ru, En: template.En ?? own.En };
}

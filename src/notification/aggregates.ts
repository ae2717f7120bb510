import type { ServiceAggregate } from '../platform/service-module';
import { notificationDecider } from './notification/decider';
import { toNotificationStreamId } from './notification/stream';
import { templateDecider } from './template/decider';
import { toTemplateStreamId } from './template/stream';

/** The notification service's aggregates (ServiceModule.aggregates); a template's prefix is the longer, so it wins. */
export const notificationAggregates: ServiceAggregate[] = [
  { name: 'notification', streamPrefix: toNotificationStreamId(''), decider: notificationDecider },
  { name: 'template', streamPrefix: toTemplateStreamId(''), decider: templateDecider },
];

import type { Projection } from '../../src/platform/projections/projection';
import { cabinetInboxProjection } from './cabinet-inbox';
import { notificationsProjection } from './notifications';
import { templatesProjection } from './templates';

/** The notifications (with their messages' references), the templates, and the citizens' cabinet inboxes. */
export const notificationProjections: Projection[] = [notificationsProjection, templatesProjection, cabinetInboxProjection];

import type { StoredEvent } from '../../platform/event-store/event-store';
import { badRequest } from '../../platform/errors';
import { stringParam } from '../../platform/http/query';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import { clippedForLog } from '../../platform/legal-events';
import type { ServiceDeps } from '../../platform/service-module';
import { dataSubjectsOf } from './data-subjects';

export const DEFAULT_LEGAL_BASIS = 'audit of the platform log';

/**
 * Who read personal data is itself logged (DESIGN.md): a read of events that name data subjects is
 * registered, before it is answered, as an Audit.PersonalData.Access event of the auditor about each
 * of them. `read` says what was read, for the event's message.
 */
export async function logPersonalDataRead(deps: Pick<ServiceDeps, 'clock' | 'legalEvents'>, auditor: ClientDefinition, legalBasis: string, read: string, page: StoredEvent[]) {
  const subjects = [...new Set(page.flatMap((stored) => dataSubjectsOf(stored.event)))];
  if (subjects.length === 0) return;
  const fields = {
    event_time: deps.clock.now().toISOString(),
    event_type: 'Audit.PersonalData.Access',
    event_source: 'audit',
    legal_basis: legalBasis,
    subject: subjects.length === 1 ? subjects[0] : subjects,
    subject_type: 'Person',
    event_message: clippedForLog(`read ${read}, positions ${page[0].position} to ${page[page.length - 1].position} (${page.length} events)`),
    ...(auditor.idno ? { legal_entity: auditor.idno } : {}),
  };
  await deps.legalEvents.register(auditor, [fields], 'search');
}

/** The legal basis a read names (query parameter or body member `legalBasis`), or the default. */
export function legalBasisOf(values: Record<string, unknown>): string {
  const legalBasis = stringParam(values, 'legalBasis') ?? DEFAULT_LEGAL_BASIS;
  if (legalBasis.length === 0 || legalBasis.length > 1000) throw badRequest('legalBasis must be 1 to 1000 characters', { legalBasis: ['must be 1 to 1000 characters'] });
  return legalBasis;
}

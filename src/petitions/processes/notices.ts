import type { StoredEvent } from '../../platform/event-store/event-store';
import type { Notice, NoticeSource } from '../../platform/notices';
import { localDateOf } from '../petition/deadlines';
import * as E from '../petition/events';
import { PETITIONS_SERVICE, PETITIONS_STREAMS } from '../service';
import { filled, localDate, NOTICE_TEXTS } from './notice-texts';

/**
 * What the petition's events tell people: the requestor hears of the registration (with its number), an
 * extension, a redirection and the answer; the responsible civil servant of a deadline near or passed.
 * The notification service sends them (the cabinet, and e-mail where the registries hold a contact).
 */
export const petitionNotices: NoticeSource = {
  name: 'petitions-notices',
  sender: PETITIONS_SERVICE,
  follows: {
    streamPrefix: PETITIONS_STREAMS,
    types: [E.PETITION_REGISTERED, E.PETITION_TERM_EXTENDED, E.PETITION_REDIRECTED, E.PETITION_CLOSED, E.PETITION_DEADLINE_APPROACHING, E.PETITION_DEADLINE_PASSED],
  },
  noticesOf: (stored) => noticesOf({ type: stored.event.type, data: stored.event.data } as E.PetitionEvent, stored),
};

function noticesOf(event: E.PetitionEvent, stored: StoredEvent): Notice[] {
  const key = (role: string) => `${stored.event.source}/${stored.event.id}/${role}`;
  const toRequestor = (data: { requestor: { idn: string; kind: 'Person' | 'Organization' }; language?: E.Language }, texts: Parameters<typeof filled>[0], values: Record<string, string>): Notice[] => [
    {
      key: key('requestor'),
      recipients: [{ type: data.requestor.kind === 'Person' ? 'IDNP' : 'IDNO', value: data.requestor.idn }],
      ...filled(texts, values),
      ...(data.language ? { language: data.language } : {}),
      priority: 'Medium',
    },
  ];
  const toResponsible = (data: E.PetitionDeadlinePassed['data'], texts: Parameters<typeof filled>[0]): Notice[] => [
    { key: key('responsible'), recipients: [{ type: 'IDNP', value: data.responsiblePersonIdnp }], ...filled(texts, { petition: data.petitionNumber, due: localDate(data.dueDate) }), priority: 'High' },
  ];
  switch (event.type) {
    case E.PETITION_REGISTERED: {
      const { data } = event;
      return toRequestor(data, NOTICE_TEXTS.registered, { petition: data.petitionNumber, registration: data.registrationNumber, date: localDate(localDateOf(data.registrationDate)), due: localDate(data.answerDueDate) });
    }
    case E.PETITION_TERM_EXTENDED: {
      const { data } = event;
      return toRequestor(data, NOTICE_TEXTS.termExtended, { petition: data.petitionNumber, due: localDate(data.answerDueDate), decision: data.decisionNumber, reason: data.reason });
    }
    case E.PETITION_REDIRECTED: {
      const { data } = event;
      return toRequestor(data, NOTICE_TEXTS.redirected, { petition: data.petitionNumber, authority: data.toAuthorityIdno, reason: data.reason, date: localDate(data.receivedOn) });
    }
    case E.PETITION_CLOSED: {
      const { data } = event;
      return toRequestor(data, NOTICE_TEXTS.closed, { petition: data.petitionNumber, exit: data.petitionExitNumber, date: localDate(localDateOf(data.responseDate)) });
    }
    case E.PETITION_DEADLINE_APPROACHING:
      return toResponsible(event.data, NOTICE_TEXTS.deadlineApproaching);
    case E.PETITION_DEADLINE_PASSED:
      return toResponsible(event.data, NOTICE_TEXTS.deadlinePassed);
    default:
      return [];
  }
}

import type { StoredEvent } from '../../platform/event-store/event-store';
import type { Notice, NoticeSource } from '../../platform/notices';
import { DOCUMENT_CREATED, type DocumentCreated } from '../document/events';
import { idnoOf, idnpOf } from '../principals/principal';
import { SHARE_GRANTED, type ShareGranted } from '../share/events';
import { escapeHtml } from '../transform/render-html';
import { DOCUMENTS_SERVICE, DOCUMENTS_STREAMS } from '../service';

/** Who a notice about a principal's documents reaches: a person by IDNP, an organization by IDNO; systems and everyone, nobody. */
function recipientsOf(principal: string): Notice['recipients'] {
  const idnp = idnpOf(principal);
  if (idnp) return [{ type: 'IDNP', value: idnp }];
  const idno = idnoOf(principal);
  return idno ? [{ type: 'IDNO', value: idno }] : [];
}

const PERMISSION = { Read: { ro: 'citire', en: 'read', ru: 'чтение' }, Write: { ro: 'scriere', en: 'write', ru: 'запись' } };

function published(event: StoredEvent, data: DocumentCreated['data']): Notice[] {
  if (data.isFolder || data.suppressNotifications || data.owner === data.createdBy) return [];
  const recipients = recipientsOf(data.owner);
  if (recipients.length === 0) return [];
  const name = escapeHtml(data.name);
  const short = data.name;
  return [
    {
      key: `documents-published-${event.event.id}`,
      recipients,
      subject: { ro: 'Document nou în MDocs', en: 'New document in MDocs', ru: 'Новый документ в MDocs' },
      // the body is HTML: the name, typed by people, is escaped in it
      body: {
        ro: `<p>Documentul „${name}” a fost publicat pentru dumneavoastră în MDocs.</p>`,
        en: `<p>The document “${name}” was published for you in MDocs.</p>`,
        ru: `<p>Документ «${name}» опубликован для вас в MDocs.</p>`,
      },
      bodyShort: { ro: `MDocs: document nou „${short}”.`, en: `MDocs: new document “${short}”.`, ru: `MDocs: новый документ «${short}».` },
    },
  ];
}

function shared(event: StoredEvent, data: ShareGranted['data']): Notice[] {
  if (data.suppressNotifications) return [];
  const recipients = recipientsOf(data.sharedFor);
  if (recipients.length === 0) return [];
  const permission = PERMISSION[data.permission];
  return [
    {
      key: `documents-shared-${event.event.id}`,
      recipients,
      subject: { ro: 'Document partajat cu dumneavoastră', en: 'A document was shared with you', ru: 'С вами поделились документом' },
      body: {
        ro: `<p>Un document din MDocs a fost partajat cu dumneavoastră (permisiune: ${permission.ro}). Îl găsiți în lista „Partajate cu mine”.</p>`,
        en: `<p>A document in MDocs was shared with you (permission: ${permission.en}). It is in your “Shared with me” list.</p>`,
        ru: `<p>С вами поделились документом в MDocs (право: ${permission.ru}). Он в списке «Доступные мне».</p>`,
      },
      bodyShort: { ro: 'MDocs: un document a fost partajat cu dumneavoastră.', en: 'MDocs: a document was shared with you.', ru: 'MDocs: с вами поделились документом.' },
    },
  ];
}

/**
 * What the document store's events tell people (sent by the notification service): a document published
 * for its owner by someone else, and a share made for a principal, unless suppressNotifications was set.
 */
export const documentNotices: NoticeSource = {
  name: 'documents-notices',
  sender: DOCUMENTS_SERVICE,
  follows: { streamPrefix: DOCUMENTS_STREAMS, types: [DOCUMENT_CREATED, SHARE_GRANTED] },
  noticesOf(event) {
    switch (event.event.type) {
      case DOCUMENT_CREATED:
        return published(event, event.event.data as DocumentCreated['data']);
      case SHARE_GRANTED:
        return shared(event, event.event.data as ShareGranted['data']);
      default:
        return [];
    }
  },
};

import type { StoredEvent } from '../../platform/event-store/event-store';
import type { Notice, NoticeSource, NoticeText } from '../../platform/notices';
import {
  AUTHORIZATION_ACCEPTED,
  AUTHORIZATION_BECAME_VALID,
  AUTHORIZATION_CREATED,
  AUTHORIZATION_EXPIRED,
  AUTHORIZATION_EXPIRING_SOON,
  AUTHORIZATION_GRANTED,
  AUTHORIZATION_RENOUNCED,
  AUTHORIZATION_RESUMED,
  AUTHORIZATION_REVOKED,
  AUTHORIZATION_SUSPENDED,
  type AuthorizationCreated,
  type AuthorizationEvent,
  type Party,
  type PowerRef,
} from '../authorization/events';
import { DEMO_DATA_LOADER, REPRESENTATION_SERVICE, REPRESENTATION_STREAMS } from '../service';

type Recipient = Notice['recipients'][number];
type Message = { subject: NoticeText; body: (code: string, type: string) => NoticeText };

/** What each event tells the parties, in Romanian, Russian and English. */
const MESSAGES: Record<string, Message> = {
  [AUTHORIZATION_GRANTED]: {
    subject: { ro: 'Împuternicire acordată', ru: 'Предоставлена доверенность', en: 'Power of representation granted' },
    body: (code, type) => ({
      ro: `Împuternicirea ${code} (tip ${type}) a fost acordată.`,
      ru: `Доверенность ${code} (тип ${type}) предоставлена.`,
      en: `The power of representation ${code} (type ${type}) was granted.`,
    }),
  },
  [AUTHORIZATION_ACCEPTED]: {
    subject: { ro: 'Împuternicire acceptată', ru: 'Доверенность принята', en: 'Power of representation accepted' },
    body: (code) => ({ ro: `Reprezentantul a acceptat împuternicirea ${code}.`, ru: `Представитель принял доверенность ${code}.`, en: `The representative accepted the power of representation ${code}.` }),
  },
  [AUTHORIZATION_BECAME_VALID]: {
    subject: { ro: 'Împuternicire valabilă', ru: 'Доверенность вступила в силу', en: 'Power of representation valid' },
    body: (code) => ({ ro: `Împuternicirea ${code} este valabilă de acum.`, ru: `Доверенность ${code} действует с этого момента.`, en: `The power of representation ${code} is valid from now on.` }),
  },
  [AUTHORIZATION_SUSPENDED]: {
    subject: { ro: 'Împuternicire suspendată', ru: 'Доверенность приостановлена', en: 'Power of representation suspended' },
    body: (code) => ({ ro: `Împuternicirea ${code} a fost suspendată.`, ru: `Доверенность ${code} приостановлена.`, en: `The power of representation ${code} was suspended.` }),
  },
  [AUTHORIZATION_RESUMED]: {
    subject: { ro: 'Împuternicire reluată', ru: 'Доверенность возобновлена', en: 'Power of representation resumed' },
    body: (code) => ({ ro: `Împuternicirea ${code} a fost reluată.`, ru: `Доверенность ${code} возобновлена.`, en: `The power of representation ${code} was resumed.` }),
  },
  [AUTHORIZATION_REVOKED]: {
    subject: { ro: 'Împuternicire revocată', ru: 'Доверенность отозвана', en: 'Power of representation revoked' },
    body: (code) => ({ ro: `Împuternicirea ${code} a fost revocată.`, ru: `Доверенность ${code} отозвана.`, en: `The power of representation ${code} was revoked.` }),
  },
  [AUTHORIZATION_RENOUNCED]: {
    subject: { ro: 'Renunțare la împuternicire', ru: 'Отказ от доверенности', en: 'Power of representation renounced' },
    body: (code) => ({ ro: `Reprezentantul a renunțat la împuternicirea ${code}.`, ru: `Представитель отказался от доверенности ${code}.`, en: `The representative renounced the power of representation ${code}.` }),
  },
  [AUTHORIZATION_EXPIRING_SOON]: {
    subject: { ro: 'Împuternicirea expiră curând', ru: 'Срок доверенности скоро истекает', en: 'Power of representation expires soon' },
    body: (code) => ({ ro: `Împuternicirea ${code} expiră în curând.`, ru: `Срок доверенности ${code} скоро истекает.`, en: `The power of representation ${code} expires soon.` }),
  },
  [AUTHORIZATION_EXPIRED]: {
    subject: { ro: 'Împuternicire expirată', ru: 'Срок доверенности истёк', en: 'Power of representation expired' },
    body: (code) => ({ ro: `Împuternicirea ${code} a expirat.`, ru: `Срок доверенности ${code} истёк.`, en: `The power of representation ${code} has expired.` }),
  },
};

const CO_SIGNING: Message = {
  subject: { ro: 'Co-semnare solicitată', ru: 'Требуется подпись', en: 'Co-signature requested' },
  body: (code, type) => ({
    ro: `Sunteți rugat să co-semnați împuternicirea ${code} (tip ${type}).`,
    ru: `Вас просят подписать доверенность ${code} (тип ${type}).`,
    en: `You are asked to co-sign the power of representation ${code} (type ${type}).`,
  }),
};

const recipientOf = (party: Pick<Party, 'partyType' | 'idn'>): Recipient => ({ type: party.partyType === 1 ? 'IDNP' : 'IDNO', value: party.idn });

function notice(event: StoredEvent, message: Message, code: string, type: string, recipients: Recipient[]): Notice[] {
  return recipients.map((recipient) => {
    const body = message.body(code, type);
    return { key: `${event.event.id}:${recipient.value}`, recipients: [recipient], subject: message.subject, body, bodyShort: body };
  });
}

/**
 * The parties hear of every change to their power (the represented party and the representative, each by
 * IDNP or IDNO); the co-signers are asked to sign when a power needing them is created. The development
 * data's own events tell no one (a fresh start would fill the outbox); what time brings to it later does.
 */
export function noticesOfAuthorizationEvent(event: StoredEvent): Notice[] {
  if (event.producer === DEMO_DATA_LOADER) return [];
  const { type, data } = { type: event.event.type, data: event.event.data } as AuthorizationEvent;
  if (type === AUTHORIZATION_CREATED) {
    const created = data as AuthorizationCreated['data'];
    return notice(event, CO_SIGNING, created.authorizationCode, created.authorizationType.code, created.coSignerIdns.map((idn) => ({ type: 'IDNP', value: idn })));
  }
  const message = MESSAGES[type];
  if (!message) return [];
  const power = (data as { power: PowerRef }).power;
  return notice(event, message, power.authorizationCode, power.authorizationTypeCode, [recipientOf(power.authorizing), recipientOf(power.authorized)]);
}

export const representationNotices: NoticeSource[] = [
  {
    name: 'representation-notices',
    sender: REPRESENTATION_SERVICE,
    follows: { streamPrefix: REPRESENTATION_STREAMS, types: [AUTHORIZATION_CREATED, ...Object.keys(MESSAGES)] },
    noticesOf: (event) => noticesOfAuthorizationEvent(event),
  },
];

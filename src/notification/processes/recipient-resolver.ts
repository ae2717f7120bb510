import { randomUUID } from 'node:crypto';
import type { NotificationAccepted, PlannedMessage, ResolvedRecipient } from '../notification/events';
import { CHANNELS, isChannel, type Channel, type Language } from '../vocabulary';
import type { ContactRegistry, IdentityRegistry, Person } from '../registries/registries';

type Accepted = NotificationAccepted['data'];

/**
 * Turns the request's recipients into people (or companies, or contacts given directly) and plans one
 * message per contact channel. An IDNP reaches every channel the contact registry holds for the person;
 * an IDNO reaches the company, or with a ResolutionPolicy the people in the asked role (Owner,
 * Administrator, Founder) of the company, the property (IDNV, CadastralNumber) or the vehicle
 * (PlateNumber). The same contact is messaged once per notification, at the spelling met first; e-mail
 * addresses are the same whatever their letter case (the domain always is; mailboxes that tell
 * Ana@ from ana@ apart are not met in practice, and one e-mail too few there beats two everywhere).
 */
export class RecipientResolver {
  constructor(
    private readonly contacts: ContactRegistry,
    private readonly identities: IdentityRegistry,
  ) {}

  async resolve(accepted: Accepted): Promise<ResolvedRecipient[]> {
    const planned = new Set<string>();
    const plan = (channel: Channel, address: string, language: Language): PlannedMessage[] => {
      const key = `${channel}\n${channel === 'Email' ? address.toLowerCase() : address}`;
      if (planned.has(key)) return [];
      planned.add(key);
      return [{ messageId: randomUUID(), channel, address, language }];
    };
    const fallbackLanguage = accepted.language ?? 'ro';
    const resolved: ResolvedRecipient[] = [];
    for (const recipient of accepted.recipients) {
      const policy = accepted.resolutionPolicy;
      if (recipient.Type === 'Cabinet') {
        const person = await this.contacts.person(recipient.Value);
        resolved.push({ ...personEntry(recipient.Value, person), messages: plan('Cabinet', recipient.Value, person?.language ?? fallbackLanguage) });
      } else if (isChannel(recipient.Type)) {
        resolved.push({ Value: recipient.Value, Type: recipient.Type, IsLegal: false, messages: plan(recipient.Type, recipient.Value, fallbackLanguage) });
      } else if (recipient.Type === 'IDNP') {
        resolved.push(this.personRecipient(recipient.Value, await this.contacts.person(recipient.Value), plan, fallbackLanguage));
      } else if (policy && (recipient.Type === policy.type || (recipient.Type === 'IDNO' && policy.type === 'IDNO'))) {
        const people = await this.identities.peopleInRole(policy.type, recipient.Value, policy.parameters.Direction);
        if (!people || people.length === 0) {
          resolved.push({ Value: recipient.Value, Type: recipient.Type, IsLegal: recipient.Type === 'IDNO', messages: [], unresolved: people ? `no ${policy.parameters.Direction}` : `unknown ${policy.type}` });
        }
        for (const idnp of people ?? []) resolved.push(this.personRecipient(idnp, await this.contacts.person(idnp), plan, fallbackLanguage));
      } else {
        const company = await this.contacts.company(recipient.Value);
        const messages = company ? channelsOf(company.contacts).flatMap(([channel, address]) => plan(channel, address === true ? recipient.Value : address, company.language ?? fallbackLanguage)) : [];
        resolved.push({ Value: recipient.Value, Type: 'IDNO', IsLegal: true, messages, ...(company ? {} : { unresolved: 'unknown IDNO' }) });
      }
    }
    return resolved;
  }

  private personRecipient(idnp: string, person: Person | undefined, plan: (channel: Channel, address: string, language: Language) => PlannedMessage[], fallback: Language): ResolvedRecipient {
    const messages = person ? channelsOf(person.contacts).flatMap(([channel, address]) => plan(channel, address === true ? idnp : address, person.language ?? fallback)) : [];
    return { ...personEntry(idnp, person), messages, ...(person ? (messages.length ? {} : { unresolved: 'no contact' }) : { unresolved: 'unknown IDNP' }) };
  }
}

function personEntry(idnp: string, person: Person | undefined): Omit<ResolvedRecipient, 'messages'> {
  return { Value: idnp, Type: 'IDNP', IsLegal: false, ...(person ? { firstName: person.firstName, lastName: person.lastName } : {}) };
}

function channelsOf(contacts: Partial<Record<Channel, string | true>>): [Channel, string | true][] {
  return CHANNELS.filter((channel) => contacts[channel] !== undefined).map((channel) => [channel, contacts[channel]!]);
}

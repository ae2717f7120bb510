import { randomUUID, type X509Certificate } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { handleCommand } from '../../platform/decider';
import type { EventStore } from '../../platform/event-store/event-store';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import type { LogEntry, SignatureRecord } from '../registration/events';
import { EVENTLOG_SOURCE } from '../service';
import type { LogFields } from '../registration/log-event-rules';
import { eventsOfPayload, parseRegistrationBody } from '../registration/registration-body';
import { registrationDecider } from '../registration/decider';
import type { SigningKeys } from './signing-keys';
import { toRegistrationStreamId } from '../registration/stream';

export type Registration = { uid: string; position: number; entries: number };

/**
 * Registers what a client sent: signatures are verified first (a request with one unverifiable
 * signature registers nothing), then the whole registration is decided and appended as one event.
 */
export class EventRegistrar {
  constructor(
    private readonly events: EventStore,
    private readonly signingKeys: SigningKeys,
    private readonly clock: Clock,
  ) {}

  async registerBody(body: string, client: ClientDefinition, presented: () => X509Certificate | undefined): Promise<Registration> {
    const entries: LogEntry[] = [];
    const signatures: SignatureRecord[] = [];
    const certificates = new Map<string, X509Certificate>();
    for (const item of parseRegistrationBody(body)) {
      if (item.kind === 'unsigned') {
        entries.push({ fields: item.fields as LogFields });
        continue;
      }
      const { kid, fingerprint256, payload, certificate } = await this.signingKeys.verify(item.token, client.id, presented());
      if (certificate) certificates.set(fingerprint256, certificate);
      signatures.push({ kid, fingerprint256, jws: item.token });
      for (const fields of eventsOfPayload(payload)) entries.push({ fields: fields as LogFields, signature: signatures.length - 1 });
    }
    if (certificates.size > 0) {
      // a refused registration writes nothing; a valid one finds the certificates it cites recorded before it
      registrationDecider.decide(this.registerCommand(randomUUID(), client, entries, signatures, 'request'), registrationDecider.initialState());
      for (const certificate of certificates.values()) await this.signingKeys.record(client.id, certificate);
    }
    return this.register(client, entries, signatures, 'request');
  }

  /** Events the service logs itself on the client's behalf (its searches). */
  async register(client: Pick<ClientDefinition, 'id' | 'idno'>, entries: LogEntry[], signatures: SignatureRecord[], origin: 'request' | 'search' | 'service'): Promise<Registration> {
    const uid = randomUUID();
    const result = await handleCommand(this.events, toRegistrationStreamId(uid), registrationDecider, this.registerCommand(uid, client, entries, signatures, origin), {
      source: EVENTLOG_SOURCE,
      producer: client.id,
      clock: this.clock,
    });
    return { uid, position: result.lastPosition, entries: entries.length };
  }

  private registerCommand(uid: string, client: Pick<ClientDefinition, 'id' | 'idno'>, entries: LogEntry[], signatures: SignatureRecord[], origin: 'request' | 'search' | 'service') {
    return { type: 'RegisterEvents' as const, uid, clientId: client.id, clientIdno: client.idno, at: this.clock.now().toISOString(), origin, entries, signatures };
  }
}

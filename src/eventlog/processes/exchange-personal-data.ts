import { randomUUID } from 'node:crypto';
import type { Delivery } from '../../exchange/consumer-lane';
import type { Clock } from '../../platform/clock';
import { toCloudEvent } from '../../platform/decider';
import { ANY_REVISION, type EventStore, type NewEvent } from '../../platform/event-store/event-store';
import { matchesAny, type ClientDefinition, type ClientRegistry } from '../../platform/identity/client-registry';
import { EVENTLOG_SOURCE } from '../service';
import { parseJsonPath, readJsonPath, type JsonPath } from './json-path';
import { clippedForLog, type LogFields } from '../registration/log-event-rules';
import { registrationDecider } from '../registration/decider';
import { RequestSchemas, RequestValidationError } from '../../platform/http/request-validation';
import { validationProblem } from '../problems';
import { toExchangeDeliveriesStreamId } from '../registration/stream';

/** A registry entry's exchange.personalData rule (schemas/eventlog/exchange-personal-data.json). */
export type PersonalDataRule = {
  types: string[];
  sources?: string[];
  systemPrefix?: string;
  action?: string;
  legalBasis?: string;
  legalBasisPath?: string;
  legalReason?: string;
  legalReasonPath?: string;
  /** one path, or several tried in order (e.g. IDNP, then passport number) */
  subjectPath: string | string[];
  subjectType?: string;
  subjectNamePath?: string;
};

type CompiledRule = { rule: PersonalDataRule; subject: JsonPath[]; paths: Partial<Record<'legalBasis' | 'legalReason' | 'subjectName', JsonPath>> };

/** The registry's rules, through schemas/eventlog/exchange-personal-data.json; a failure names every field. */
function validateRules(configured: unknown): PersonalDataRule[] {
  try {
    return RequestSchemas.of('eventlog').value<PersonalDataRule[]>('exchange-personal-data.json', configured);
  } catch (error) {
    throw error instanceof RequestValidationError ? validationProblem(error.fieldErrors) : error;
  }
}

/**
 * When the exchange hands a consumer an event its registry entry marks as personal data, the platform
 * logs a <prefix>.PersonalData.<action> event for that consumer before the event leaves (the exchange
 * awaits this). Redeliveries of the same event to the same consumer are logged once (dedupe key).
 */
export class ExchangePersonalDataLog {
  private readonly rules = new Map<string, CompiledRule[]>();

  constructor(
    private readonly events: EventStore,
    private readonly registry: ClientRegistry,
    private readonly clock: Clock,
  ) {
    for (const client of registry.clients) {
      const configured = (client.exchange as { personalData?: unknown } | undefined)?.personalData;
      if (configured === undefined) continue;
      try {
        this.rules.set(client.id, validateRules(configured).map(compile));
      } catch (error) {
        throw new Error(`client registry: ${client.id} has an invalid exchange.personalData section: ${(error as Error).message}`);
      }
    }
  }

  logDeliveries(clientId: string, deliveries: Delivery[]): Promise<void> | undefined {
    const rules = this.rules.get(clientId);
    const client = this.registry.get(clientId);
    if (!rules || !client) return undefined;
    const logged = deliveries.flatMap((delivery) => {
      const compiled = rules.find(({ rule }) => matchesAny(rule.types, delivery.event.type) && (!rule.sources || matchesAny(rule.sources, delivery.event.source)));
      const subject = compiled && subjectOf(delivery, compiled);
      // an event naming no data subject carries no one's personal data
      return compiled && subject ? [this.toNewEvent(client, delivery, compiled, subject)] : [];
    });
    return logged.length > 0 ? this.append(client, logged) : undefined;
  }

  private async append(client: ClientDefinition, events: NewEvent[]) {
    await this.events.append(toExchangeDeliveriesStreamId(client.id), events, { expectedRevision: ANY_REVISION });
  }

  private toNewEvent(client: ClientDefinition, delivery: Delivery, { rule, paths }: CompiledRule, subject: string | string[]): NewEvent {
    const event = delivery.event;
    const read = (path: JsonPath | undefined) => (path ? toLogValue(readJsonPath(event, path)) : undefined);
    const fields: LogFields = definedOnly({
      event_time: this.clock.now().toISOString(),
      event_type: `${rule.systemPrefix ?? 'Exchange'}.PersonalData.${rule.action ?? 'Transfer'}`,
      event_correlation: clippedForLog(event.id),
      event_source: 'exchange',
      event_message: clippedForLog(`event ${event.type} from ${event.source} delivered to ${client.id}`),
      legal_entity: client.idno,
      legal_basis: read(paths.legalBasis) ?? rule.legalBasis,
      legal_reason: read(paths.legalReason) ?? rule.legalReason,
      subject,
      subject_type: rule.subjectType ?? 'Person',
      subject_name: read(paths.subjectName),
      object: clippedForLog(event.id),
      object_type: clippedForLog(event.type),
    });
    const uid = randomUUID();
    const [registered] = registrationDecider.decide(
      { type: 'RegisterEvents', uid, clientId: client.id, clientIdno: client.idno, at: fields.event_time as string, origin: 'exchange-delivery', entries: [{ fields }], signatures: [] },
      registrationDecider.initialState(),
    );
    const key = `eventlog-exchange-delivery\n${client.id}\n${event.source}\n${event.id}`;
    return {
      event: toCloudEvent(registered, toExchangeDeliveriesStreamId(client.id), { source: EVENTLOG_SOURCE, producer: 'eventlog', clock: this.clock }, registrationDecider.owners?.(registered, registrationDecider.initialState())),
      producer: 'eventlog',
      dedupeKey: key,
      contentHash: key,
    };
  }
}

function subjectOf(delivery: Delivery, { subject }: CompiledRule): string | string[] | undefined {
  for (const path of subject) {
    const value = toLogValue(readJsonPath(delivery.event, path));
    if (value !== undefined) return value;
  }
  return undefined;
}

function compile(rule: PersonalDataRule): CompiledRule {
  const subject = ([] as string[]).concat(rule.subjectPath).map(parseJsonPath);
  const paths: CompiledRule['paths'] = {};
  if (rule.legalBasisPath) paths.legalBasis = parseJsonPath(rule.legalBasisPath);
  if (rule.legalReasonPath) paths.legalReason = parseJsonPath(rule.legalReasonPath);
  if (rule.subjectNamePath) paths.subjectName = parseJsonPath(rule.subjectNamePath);
  return { rule, subject, paths };
}

/** Payload values become loggable strings (or arrays of them), short enough for the logging rules. */
function toLogValue(value: unknown): string | string[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) {
    const values = value.map(toLogValue).filter((item): item is string => typeof item === 'string');
    return values.length > 0 ? values : undefined;
  }
  return clippedForLog(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

function definedOnly(record: Record<string, unknown>): LogFields {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

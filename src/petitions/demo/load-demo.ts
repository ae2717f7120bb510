import { createHash } from 'node:crypto';
import { CommandHandler } from '../../platform/decider';
import { recordPdf, renderPdf } from '../../platform/pdf/pdf-document';
import type { ServiceDeps } from '../../platform/service-module';
import type { StoredFile } from '../petition/events';
import type { PetitionCommand } from '../petition/commands';
import { petitionDecider } from '../petition/decider';
import { localDateOf } from '../petition/deadlines';
import { derivedPetitionNumber } from '../petition/petition-number';
import { toPetitionStreamId } from '../petition/stream';
import { PETITIONS_SOURCE } from '../service';
import { requestorKindOf } from '../petition/requestor';
import { outcomesOf } from '../petition/response-states';
import { DEMO_PETITIONS, type DemoPetition, type DemoStep } from './demo-petitions';

const DAY_MS = 86_400_000;
const DEMO_CLIENT = 'demo-institution';

/** A uuid that is the same for the same key: the demo's documents and decisions. */
const derivedUuid = (key: string) => {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Loads the demo petitions through the petition's decider, dated back from now so that some are overdue.
 * Idempotent: numbers are derived from the demo's keys, and a petition whose stream exists is left as it is.
 */
export async function loadDemoPetitions(deps: ServiceDeps): Promise<number> {
  const handler = new CommandHandler(deps.events, petitionDecider, { source: PETITIONS_SOURCE, clock: deps.clock });
  const now = deps.clock.now().getTime();
  let loaded = 0;
  for (const demo of DEMO_PETITIONS) {
    const petitionNumber = derivedPetitionNumber(localDateOf(new Date(now)).slice(0, 4), `demo-petition-${demo.key}`);
    const stream = toPetitionStreamId(petitionNumber);
    if ((await handler.load(stream)).revision >= 0) continue;
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();
    const attachments = demo.attachment ? [{ attachmentId: derivedUuid(`${demo.key}/attachment`), ...(await textFile(deps, 'anexa.txt', demo.attachment)) }] : [];
    const requestor = { ...demo.requestor, kind: requestorKindOf(demo.requestor.idn) };
    const filing = { type: 'FilePetition' as const, petitionNumber, requestor, authorityIdno: demo.authorityIdno, subject: demo.subject, text: demo.text, language: 'ro' as const, attachments, filedBy: DEMO_CLIENT, at: at(demo.filedDaysAgo) };
    await handler.handle(stream, filing, DEMO_CLIENT);
    for (const step of demo.steps) await handler.handle(stream, await commandOf(deps, demo, petitionNumber, step, at(step.daysAgo)), DEMO_CLIENT);
    loaded += 1;
  }
  if (loaded > 0) deps.logger.info({ petitions: loaded }, 'petitions demo data loaded');
  return loaded;
}

async function commandOf(deps: ServiceDeps, demo: DemoPetition, petitionNumber: string, step: DemoStep, at: string): Promise<PetitionCommand> {
  const actor = { clientId: DEMO_CLIENT };
  switch (step.step) {
    case 'register':
      return { type: 'RegisterPetition', petitionNumber, actor, registrationNumber: `REG-${demo.key}`, registrationDate: at, responsiblePersonIdnp: step.responsible, at };
    case 'extend': {
      const document = await pdfFile(deps, 'decizie-prelungire.pdf', `Decizie de prelungire a termenului petiției ${petitionNumber}`, at);
      return { type: 'ExtendTerm', petitionNumber, actor, decisionId: derivedUuid(`${demo.key}/decision`), decisionNumber: `D-${demo.key}`, extensionDays: step.days, exceptional: step.exceptional ?? false, reason: 'examinarea necesită verificări suplimentare', document, at };
    }
    case 'redirect':
      return { type: 'RedirectPetition', petitionNumber, actor, toAuthorityIdno: step.to, reason: 'salubrizarea parcurilor ține de competența primăriei', at };
    case 'close': {
      const document = await pdfFile(deps, 'raspuns.pdf', `Răspuns la petiția ${petitionNumber}`, at);
      const responseStates = outcomesOf(step.outcome);
      return { type: 'ClosePetition', petitionNumber, actor, petitionExitNumber: `IES-${demo.key}`, responseStates, responseId: derivedUuid(`${demo.key}/response`), document, responsiblePersonIdnp: '2000000000055', at };
    }
    case 'withdraw':
    case 'hide':
      return { type: 'DeleteForRequestor', petitionNumber, requestorIdn: demo.requestor.idn, by: DEMO_CLIENT, at };
  }
}

async function textFile(deps: ServiceDeps, fileName: string, text: string): Promise<StoredFile> {
  const { sha256, size } = await deps.blobs.put(Buffer.from(text, 'utf8'));
  return { fileName, contentType: 'text/plain', size, sha256 };
}

async function pdfFile(deps: ServiceDeps, fileName: string, title: string, at: string): Promise<StoredFile> {
  const pdf = await renderPdf(recordPdf({ title, rows: [['Data', localDateOf(at)]], paragraphs: ['Document demonstrativ al platformei de integrare.'] }), new Date(at));
  const { sha256, size } = await deps.blobs.put(pdf);
  return { fileName, contentType: 'application/pdf', size, sha256 };
}

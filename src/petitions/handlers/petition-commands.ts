import { randomUUID } from 'node:crypto';
import { blobRefOf } from '../../platform/blob-store/blob-store';
import { CommandHandler } from '../../platform/decider';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import type { ClosePetition, ExtendTerm, FilePetition, PetitionCommand, RedirectPetition, RegisterPetition } from '../petition/commands';
import { petitionDecider } from '../petition/decider';
import { localDateOf } from '../petition/deadlines';
import { PetitionAlreadyFiledError } from '../petition/errors';
import type { PetitionClosed, PetitionEvent, PetitionFiled, PetitionRedirected, PetitionRegistered, PetitionTermExtended, StoredFile } from '../petition/events';
import { newPetitionNumber } from '../petition/petition-number';
import type { PetitionState } from '../petition/state';
import { toPetitionStreamId } from '../petition/stream';
import { PETITIONS_SOURCE } from '../service';
import { decodedFile, type UploadedFile } from './uploaded-files';

type Without<C, K extends keyof C> = Omit<C, K | 'type' | 'at'>;
export type Filing = Without<FilePetition, 'petitionNumber' | 'attachments'> & { attachments: UploadedFile[] };

/**
 * From validated requests to the petition's commands. Files are checked first and stored in the blob store
 * only once the decision on the state as read accepts the move, so a refused request writes nothing; the
 * command is then decided again on the stream as it is when appended.
 */
export class PetitionCommands {
  private readonly handler: CommandHandler<PetitionCommand, PetitionEvent, PetitionState>;

  constructor(private readonly deps: Pick<ServiceDeps, 'events' | 'blobs' | 'projections' | 'clock' | 'logger'>) {
    this.handler = new CommandHandler(deps.events, petitionDecider, { source: PETITIONS_SOURCE, clock: deps.clock });
  }

  private now = () => this.deps.clock.now().toISOString();

  /** Files a petition under a fresh number (drawn again in the rare case it is taken). */
  async file(filing: Filing): Promise<PetitionFiled['data']> {
    const at = this.now();
    const files = filing.attachments.map((file, index) => ({ file, bytes: decodedFile(file, `attachments.${index}`) }));
    const attachments = files.map(({ file, bytes }) => ({ attachmentId: randomUUID(), fileName: file.fileName, contentType: file.contentType, ...blobRefOf(bytes) }));
    for (const { bytes } of files) await this.deps.blobs.put(bytes);
    for (let attempt = 1; ; attempt += 1) {
      const petitionNumber = newPetitionNumber(localDateOf(at).slice(0, 4));
      try {
        const [filed] = await this.run({ ...filing, type: 'FilePetition', petitionNumber, attachments, at }, filing.filedBy);
        return (filed as PetitionFiled).data;
      } catch (error) {
        if (!(error instanceof PetitionAlreadyFiledError) || attempt >= 5) throw error;
      }
    }
  }

  /** Registers the petition; resolves to the answer's due date. */
  async register(command: Without<RegisterPetition, never>): Promise<string> {
    const [registered] = await this.run({ ...command, type: 'RegisterPetition', at: this.now() }, command.actor.clientId);
    return (registered as PetitionRegistered).data.answerDueDate;
  }

  async extendTerm(command: Without<ExtendTerm, 'decisionId' | 'document'>, file: UploadedFile): Promise<PetitionTermExtended['data']> {
    const decisionId = randomUUID();
    const [extended] = await this.withFile(file, (document) => ({ ...command, type: 'ExtendTerm', decisionId, document, at: this.now() }), command.actor.clientId);
    return (extended as PetitionTermExtended).data;
  }

  async redirect(command: Without<RedirectPetition, never>): Promise<PetitionRedirected['data']> {
    const [redirected] = await this.run({ ...command, type: 'RedirectPetition', at: this.now() }, command.actor.clientId);
    return (redirected as PetitionRedirected).data;
  }

  async close(command: Without<ClosePetition, 'responseId' | 'document'>, file: UploadedFile): Promise<PetitionClosed['data']> {
    const responseId = randomUUID();
    const [closed] = await this.withFile(file, (document) => ({ ...command, type: 'ClosePetition', responseId, document, at: this.now() }), command.actor.clientId);
    return (closed as PetitionClosed).data;
  }

  /** The requestor's DELETE: true once the petition is withdrawn or hidden (already so counts). */
  async deleteForRequestor(petitionNumber: string, requestorIdn: string, by: string): Promise<boolean> {
    await this.run({ type: 'DeleteForRequestor', petitionNumber, requestorIdn, by, at: this.now() }, by);
    return true;
  }

  /** The scheduler's alert for one petition: whether one was due. */
  async signalDeadline(petitionNumber: string, warningDays: number): Promise<boolean> {
    return (await this.run({ type: 'SignalDeadline', petitionNumber, warningDays, at: this.now() }, 'petitions-scheduler')).length > 0;
  }

  /** A command carrying a document: decided on the state as read before the file is stored, then run. */
  private async withFile(file: UploadedFile, commandOf: (document: StoredFile) => PetitionCommand, producer: string): Promise<PetitionEvent[]> {
    const bytes = decodedFile(file, 'file');
    const command = commandOf({ fileName: file.fileName, contentType: file.contentType, ...blobRefOf(bytes) });
    const current = await this.handler.load(toPetitionStreamId(command.petitionNumber));
    petitionDecider.decide(command, current.state);
    await this.deps.blobs.put(bytes);
    return this.run(command, producer);
  }

  /** `producer`: who caused it, the registry client (or the service's scheduler) */
  private async run(command: PetitionCommand, producer: string): Promise<PetitionEvent[]> {
    const result = await this.handler.handle(toPetitionStreamId(command.petitionNumber), command, producer);
    // the caller's next read sees the change (a lagging read model is waited for 5 s at most)
    if (result.lastPosition > 0) await readYourWrites(this.deps, undefined, ['petitions']);
    return result.events;
  }
}

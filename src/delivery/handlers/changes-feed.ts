import type { Response } from 'express';
import { CommandHandler } from '../../platform/decider';
import { KeyedLock } from '../../platform/keyed-lock';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import type { ChangesCursorCommand } from '../changes-cursor/commands';
import { changesCursorDecider, CursorMovedError, pageStart, type ChangesCursorState } from '../changes-cursor/decider';
import type { ChangesCursorEvent } from '../changes-cursor/events';
import { toChangesCursorStreamId } from '../changes-cursor/stream';
import { providerChangesAfter, type ChangedOrder } from '../queries/changes';
import { DELIVERY_SOURCE } from '../service';
import type { DeliverySettings } from '../settings';

/** A page not written within this time is cut (the connection is destroyed): the caller gets it again. */
const WRITE_TIMEOUT_MS = 30_000;
/** Tries when another bridge moves the cursor between a read and the append; past them the caller gets nothing this time. */
const CLAIM_TRIES = 5;

type Page = { entries: ChangedOrder[]; servedUpTo: number };

/**
 * The changes operation: each caller gets, per service, the provider's status changes since its
 * previous request, each once (docs/decisions.md, "Delivery: the changes feed"). A page is recorded on
 * the caller's cursor before it is sent, and recorded as written once the response was written whole;
 * the caller's next request acknowledges a written page, and a page cut before it was written whole is
 * served again. The requests of one caller for one service are answered one after the other in this
 * process (the next waits for the previous answer's outcome); between bridges the cursor's expected
 * revision decides.
 */
export class ChangesFeed {
  private readonly lock = new KeyedLock();
  private readonly cursors: CommandHandler<ChangesCursorCommand, ChangesCursorEvent, ChangesCursorState>;

  constructor(
    private readonly deps: Pick<ServiceDeps, 'events' | 'documents' | 'projections' | 'logger' | 'clock' | 'config'>,
    private readonly settings: Pick<DeliverySettings, 'changesPageLimit' | 'changesLeaseMs'>,
  ) {
    this.cursors = new CommandHandler(deps.events, changesCursorDecider, { source: DELIVERY_SOURCE, clock: deps.clock });
  }

  /** Answers the caller's request with its next page; resolves once the answer was written whole or cut. */
  answer(clientId: string, serviceID: string, response: Response): Promise<void> {
    const written = writtenWhole(response);
    const streamId = toChangesCursorStreamId(clientId, serviceID);
    return this.lock.run(streamId, async () => {
      // a caller that left while it waited for its turn is sent nothing, and nothing is recorded
      if (response.destroyed) return;
      const page = await this.claimPage(streamId, clientId, serviceID);
      response.json(page.entries);
      const cut = setTimeout(() => response.destroy(), WRITE_TIMEOUT_MS).unref();
      const whole = await written;
      clearTimeout(cut);
      if (whole && page.entries.length > 0) {
        await this.cursors.handle(streamId, { type: 'RecordPageWritten', clientId, serviceID, servedUpTo: page.servedUpTo, at: this.now() }, clientId);
      }
    });
  }

  private async claimPage(streamId: string, clientId: string, serviceID: string): Promise<Page> {
    for (let attempt = 1; attempt <= CLAIM_TRIES; attempt += 1) {
      const { state } = await this.cursors.load(streamId);
      const at = this.now();
      const start = pageStart(state, this.deps.config.bridgeId, at, this.settings.changesLeaseMs);
      if ('busy' in start) break;
      await readYourWrites(this.deps, 5_000, ['delivery-status-changes']);
      const { entries, lastPosition } = await providerChangesAfter(this.deps.documents, serviceID, start.after, this.settings.changesPageLimit);
      const command = {
        type: 'ServeChangesPage' as const, clientId, serviceID, startAfter: start.after, servedUpTo: lastPosition, count: entries.length,
        bridge: this.deps.config.bridgeId, at, leaseMs: this.settings.changesLeaseMs,
      };
      try {
        await this.cursors.handle(streamId, command, clientId);
        return { entries, servedUpTo: lastPosition };
      } catch (error) {
        if (!(error instanceof CursorMovedError)) throw error;
      }
    }
    return { entries: [], servedUpTo: 0 };
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}

/**
 * Whether the response is written whole ('finish': handed to the connection entire) or cut ('close'
 * before it: the caller left, or the write timed out and the connection was destroyed). Listened for
 * from the request's start, so that a caller leaving while it waits for its turn is seen.
 */
function writtenWhole(response: Response): Promise<boolean> {
  if (response.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    response.once('finish', () => resolve(true));
    response.once('close', () => resolve(false));
  });
}

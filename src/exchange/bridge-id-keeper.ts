import { ConfigurationError } from '../config';
import type { Logger } from '../platform/logger';
import type { BridgeClaim } from './bridge-claim';

/**
 * Holds this process's claim on its bridge id for the consumer service (see BridgeClaim): claims it at
 * start, renews it before each lease check, and says when another process took it over. Without a claim
 * (the embedded stores, where one process holds DATA_DIR) the id is always held.
 */
export class BridgeIdKeeper {
  /** another process took this bridge id over: nothing is served until it lets it go */
  private takenOver = false;

  constructor(
    private readonly claim: BridgeClaim | null,
    private readonly deps: { bridgeId: string; logger: Logger; onTakenOver: () => void },
  ) {}

  /**
   * Claims this bridge id, waiting up to `waitMs` for the claim of a process that ended without letting
   * it go (a crash) to lapse. Refuses to start while another live process renews it.
   */
  async claimAtStart(waitMs: number): Promise<void> {
    if (!this.claim) return;
    const giveUpAt = Date.now() + waitMs;
    while (!(await this.claim.claim())) {
      if (Date.now() > giveUpAt) {
        throw new ConfigurationError(`BRIDGE_ID ${this.deps.bridgeId} is in use by another running process: give each process its own`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * Renews the claim on this bridge id. When another process took it over (this one was paused past its
   * lease), onTakenOver stands every lane by, and nothing is served until that process lets the id go.
   */
  async keep(): Promise<boolean> {
    if (!this.claim) return true;
    if (this.takenOver ? await this.claim.claim() : await this.claim.renew()) {
      if (this.takenOver) this.deps.logger.warn({ bridge: this.deps.bridgeId }, 'the bridge id is this process\'s again; serving');
      this.takenOver = false;
      return true;
    }
    if (!this.takenOver) {
      this.deps.logger.error({ bridge: this.deps.bridgeId }, 'another process runs with this bridge id; standing by on every consumer group');
      this.deps.onTakenOver();
    }
    this.takenOver = true;
    return false;
  }

  async release(): Promise<void> {
    await this.claim?.release();
  }
}

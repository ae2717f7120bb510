import type { Clock } from '../platform/clock';
import type { DocumentStore } from '../platform/document-store/document-store';
import type { ClientDefinition, ClientRegistry } from '../platform/identity/client-registry';
import { OFFSET_BLOCK, type InstanceOptions, type OffsetBlocks } from './consumer-instance';

const INSTANCES = 'exchange_instances';

/** offsetsReservedUpTo: absent in instances saved by versions that did not keep offsets across restarts */
type InstanceDocument = { _id: string; bridge: string; clientId: string; options: InstanceOptions; createdAt: string; offsetsReservedUpTo?: number };
/** Where such an instance's offsets go on: past any it can have handed out before (no consumer reads a billion events between two restarts) */
const OFFSETS_OF_UNSAVED_INSTANCES = 1_000_000_000;

/**
 * The long-polling instances of this bridge, kept in the document store: after a restart a consumer
 * keeps its instance URL, and the instance's offsets go on after those it handed out before.
 */
export class SavedInstances {
  constructor(
    private readonly documents: DocumentStore,
    private readonly bridgeId: string,
    private readonly clock: Clock,
  ) {}

  /** Saves a new instance with its first block of offsets, and returns its offset blocks. */
  async save(id: string, clientId: string, options: InstanceOptions): Promise<OffsetBlocks> {
    await this.collection().insertOne({
      _id: id,
      bridge: this.bridgeId,
      clientId,
      options,
      createdAt: this.clock.now().toISOString(),
      offsetsReservedUpTo: OFFSET_BLOCK,
    });
    return this.offsetBlocks(id, 1, OFFSET_BLOCK);
  }

  /** Reopens, one after another, the instances saved on this bridge by clients still registered; the others are deleted. */
  async restore(registry: ClientRegistry, reopen: (id: string, client: ClientDefinition, options: InstanceOptions, blocks: OffsetBlocks) => Promise<unknown>): Promise<void> {
    const instances = this.collection();
    for (const document of await instances.find({ bridge: this.bridgeId })) {
      const client = registry.get(document.clientId);
      if (!client) {
        await instances.deleteOne({ _id: document._id });
        continue;
      }
      let reservedUpTo = document.offsetsReservedUpTo;
      if (reservedUpTo === undefined) {
        reservedUpTo = OFFSETS_OF_UNSAVED_INSTANCES;
        await instances.updateOne({ _id: document._id }, { $set: { offsetsReservedUpTo: reservedUpTo } });
      }
      await reopen(document._id, client, document.options, this.offsetBlocks(document._id, reservedUpTo + 1, reservedUpTo));
    }
  }

  async remove(id: string): Promise<void> {
    await this.collection().deleteOne({ _id: id });
  }

  /** A saved instance's offset blocks: a block is reserved by raising offsetsReservedUpTo, never lowering it. */
  private offsetBlocks(instanceId: string, firstOffset: number, reservedUpTo: number): OffsetBlocks {
    const instances = this.collection();
    const blocks: OffsetBlocks = {
      firstOffset,
      reservedUpTo,
      async reserve(upTo) {
        await instances.updateOne({ _id: instanceId, offsetsReservedUpTo: { $lt: upTo } }, { $set: { offsetsReservedUpTo: upTo } });
        blocks.reservedUpTo = Math.max(blocks.reservedUpTo, upTo);
      },
    };
    return blocks;
  }

  private collection() {
    return this.documents.collection<InstanceDocument>(INSTANCES);
  }
}

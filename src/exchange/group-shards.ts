import { partitionKeyOf, type Delivery } from './consumer-lane';

/**
 * A consumer group's events split into shards so that several bridges can serve one group at once, each
 * shard leased to one bridge (EXCHANGE_GROUP_SHARDS; 1 keeps a group on one bridge at a time).
 * An event with a partition key falls in its key's shard, so one key's events stay in log order on one
 * instance; events without a key are spread by log position.
 */
export function shardOf(delivery: Omit<Delivery, 'size'>, shards: number): number {
  if (shards <= 1) return 0;
  const key = partitionKeyOf(delivery);
  return key === undefined ? delivery.position % shards : fnv1a(key) % shards;
}

/** FNV-1a, 32 bits: the same in every process and version, which shard assignment needs. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export type ShardView = {
  /** this bridge */
  bridge: string;
  /** the bridges with instances of the group now, this one included when it has some */
  members: string[];
  /** per shard, the bridge holding a live lease on it, or null when it is free or lapsed */
  holders: (string | null)[];
};

/**
 * What this bridge does with a group's shards. Each member's share is as even as can be; the larger
 * shares go to the bridges already holding most (so few shards move), ties by bridge id, so every bridge
 * computes the same shares from the same view. A bridge over its share lets its highest shards go; one
 * under it takes free shards, lowest first. A shard held by another bridge is never taken: it moves
 * when its holder lets it go, or when the holder's lease lapses.
 */
export function planShards({ bridge, members, holders }: ShardView): { release: number[]; acquire: number[] } {
  const held = (member: string) => holders.filter((holder) => holder === member).length;
  const ranked = [...new Set(members)].sort((a, b) => held(b) - held(a) || (a < b ? -1 : a > b ? 1 : 0));
  const rank = ranked.indexOf(bridge);
  const share = rank < 0 ? 0 : Math.floor(holders.length / ranked.length) + (rank < holders.length % ranked.length ? 1 : 0);

  const mine = holders.flatMap((holder, shard) => (holder === bridge ? [shard] : []));
  if (mine.length > share) return { release: mine.slice(share), acquire: [] };
  const free = holders.flatMap((holder, shard) => (holder === null ? [shard] : []));
  return { release: [], acquire: free.slice(0, share - mine.length) };
}

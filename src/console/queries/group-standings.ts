import type { ServiceDeps } from '../../platform/service-module';

/**
 * Where every client's consumer groups stand: their confirmed positions and how many events wait for
 * them, counted as GET /ce/tools/my-groups counts them for one client (within its reading budget).
 */
export async function groupStandings(consumerGroups: ServiceDeps['consumerGroups']) {
  const clients = [...new Set((await consumerGroups.groupPositions()).map((group) => group.clientId))];
  let logHead = 0;
  const groups = [];
  for (const clientId of clients) {
    const status = await consumerGroups.groupStatuses(clientId);
    logHead = Math.max(logHead, status.logHead);
    groups.push(
      ...status.groups.map(({ clientId: client, group, kind, confirmedUpTo, waiting, shards }) => ({
        client,
        group,
        kind,
        confirmedUpTo: String(confirmedUpTo),
        waiting,
        shards: shards.map((shard) => ({ ...shard, confirmedUpTo: String(shard.confirmedUpTo) })),
      })),
    );
  }
  return { logHead: String(logHead), groups };
}

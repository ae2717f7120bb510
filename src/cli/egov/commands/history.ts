import { Command } from 'commander';
import { connect, withConnectionOptions, type ConnectionFlags } from '../connection';
import { positiveInteger } from './produce';

type HistoryFlags = ConnectionFlags & { json?: boolean; pageSize: number };

const DEFAULT_CLIENT = 'demo-auditor';

export function historyCommand(): Command {
  const command = new Command('history')
    .summary("an aggregate's stream with who caused each event")
    .description(
      'Prints every event of one stream (an aggregate, e.g. booking-appointment-<id>), oldest first, with when it was ' +
        'recorded and who caused it (the registry client or the service), from GET /api/v1/audit/streams/{streamId}/events. ' +
        'Needs the audit right (demo-auditor has it). Each read is itself logged as an audit access.',
    )
    .argument('<streamId>', 'the stream')
    .option('--json', 'one JSON line per event, with its data')
    .option('--page-size <n>', 'events per request', positiveInteger, 100);
  return withConnectionOptions(command, DEFAULT_CLIENT).action(async (streamId: string, flags: HistoryFlags) => {
    const client = connect(flags, DEFAULT_CLIENT);
    try {
      for await (const entry of client.streamHistory(streamId, flags.pageSize)) {
        const line = flags.json
          ? JSON.stringify(entry)
          : [String(entry.revision).padStart(4), entry.recordedAt, entry.causedBy.padEnd(18), entry.event.type, entry.event.id].join('  ');
        process.stdout.write(`${line}\n`);
      }
    } finally {
      await client.close();
    }
  });
}

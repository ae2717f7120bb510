import { Command } from 'commander';
import type { ConsumedEvent, EgovClient, LongPollConsumer, WebSocketConsumer } from '../../../sdk/index';
import { connect, withConnectionOptions, type ConnectionFlags } from '../connection';
import { positiveInteger } from './produce';

type ConsumeFlags = ConnectionFlags & {
  group?: string;
  type?: string[];
  longPolling?: boolean;
  test?: boolean;
  dead?: boolean;
  count?: number;
  idle: number;
  follow?: boolean;
};

const DEFAULT_CLIENT = 'demo-consumer';

/** `consume` reads what waits for the group and exits once it is quiet; `tail` keeps following. */
export function consumeCommands(): Command[] {
  const consume = withOptions(
    false,
    new Command('consume')
      .summary('print the events waiting for a consumer group as JSON Lines, confirming each, then exit')
      .option('--follow', 'keep following instead of exiting when quiet (as tail does)')
      .option('--idle <seconds>', 'exit after this many seconds without an event', positiveInteger, 2),
  );
  const tail = withOptions(true, new Command('tail').summary('follow a consumer group: print its events as JSON Lines as they come, confirming each, until Ctrl-C'));
  return [consume, tail];
}

function withOptions(following: boolean, command: Command): Command {
  command
    .description(
      'Prints each event on standard output as one JSON line (its attributes, data and offset) and confirms it once ' +
        'printed. Events of other types than --type are confirmed without being printed: use a --group of your own ' +
        'for a filtered view, since a group receives each event once.',
    )
    .option('--group <name>', 'consumer group (default ~default)')
    .option('--type <pattern...>', 'print only these types: exact, or a prefix ending in * (demo.*)')
    .option('--long-polling', 'consume by long polling instead of WebSocket')
    .option('--test', 'also your own test events')
    .option('--dead', 'your dead events instead of the standard ones')
    .option('--count <n>', 'exit after printing n events', positiveInteger);
  return withConnectionOptions(command, DEFAULT_CLIENT).action(async (flags: ConsumeFlags) => {
    const client = connect(flags, DEFAULT_CLIENT);
    try {
      await client.mySettings(); // an unreachable platform or a refused certificate ends here, in one line
      await follow(client, { ...flags, follow: following || flags.follow });
    } finally {
      await client.close();
    }
  });
}

async function follow(client: EgovClient, flags: ConsumeFlags): Promise<void> {
  let printed = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  const options = { group: flags.group, test: Boolean(flags.test), ...(flags.dead ? { dead: true, events: false } : {}) };
  const handler = async (event: ConsumedEvent) => {
    if (!wanted(event.type, flags.type)) return;
    await writeLine(JSON.stringify(event));
    printed += 1;
    if (flags.count !== undefined && printed >= flags.count) void consumer.stop();
  };
  const consumer: WebSocketConsumer | LongPollConsumer = flags.longPolling ? client.consumeByLongPolling(handler, options) : client.consumeOverWebSocket(handler, options);
  const quietFor = (seconds: number) => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void consumer.stop(), seconds * 1000);
  };
  consumer.on('disconnected', (error, delayMs) => process.stderr.write(`${error.message}; connecting again in ${(delayMs / 1000).toFixed(1)} s\n`));
  if (!flags.follow) {
    consumer.on('confirmed', () => quietFor(flags.idle));
    consumer.on('connected', () => quietFor(flags.idle));
  }
  const interrupt = () => void consumer.stop();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    await consumer.start().catch(() => undefined); // a failure rejects `finished` too
    await consumer.finished;
  } finally {
    clearTimeout(idleTimer);
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

function wanted(type: string, patterns: string[] | undefined): boolean {
  return !patterns || patterns.some((pattern) => (pattern.endsWith('*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern));
}

/** Resolves once the line is handed to stdout: a consumer piped into a slow reader confirms no faster than it is read. */
function writeLine(line: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(`${line}\n`, (error) => (error ? reject(error) : resolve())));
}

import { Command, InvalidArgumentError } from 'commander';
import { toCloudEvent, type EgovClient, type EventInput } from '../../../sdk/index';
import { connect, withConnectionOptions, type ConnectionFlags } from '../connection';
import { parseJson, readEventFile, readText } from '../event-files';
import { Refusal, UsageError } from '../failure';
import { progressBar } from '../progress';

type ProduceFlags = ConnectionFlags & {
  type?: string;
  source?: string;
  id?: string;
  subject?: string;
  partitionkey?: string;
  data?: string;
  dataFile?: string;
  test?: boolean;
  batchSize: number;
};

const DEFAULT_CLIENT = 'demo-producer';

export function produceCommand(): Command {
  const command = new Command('produce')
    .summary('produce one event from flags or a file, or a batch from a JSON Lines file')
    .description(
      'Produces into the exchange. Without a file, one event from the flags. With a file: a .json file holds one event or an array; ' +
        'any other file (or - for standard input) holds JSON Lines, one event per line, sent in batches with a progress bar. ' +
        'The flags fill attributes the events of a file leave out. An event without an id gets a new UUID, so sending such a ' +
        'file twice produces its events twice; with ids, a second run is stored once.',
    )
    .argument('[file]', 'events to produce: .json (one event or an array) or JSON Lines; - reads standard input')
    .option('--type <type>', 'event type')
    .option('--source <uri>', 'event source (default: the only source your registration allows, if it names one)')
    .option('--id <id>', 'event id (default: a new UUID)')
    .option('--subject <subject>', 'event subject')
    .option('--partitionkey <key>', 'events with one key are consumed in order')
    .option('--data <json>', 'the data, as JSON')
    .option('--data-file <file>', 'the data, from a JSON file')
    .option('--test', 'produce test events (delivered only to your own consumers created with test=true)')
    .option('--batch-size <n>', 'events per request', positiveInteger, 100);
  return withConnectionOptions(command, DEFAULT_CLIENT).action(async (file: string | undefined, flags: ProduceFlags) => {
    const attributes = attributesFrom(flags);
    const files = file === undefined ? [attributes] : readEventFile(file).map((event) => ({ ...attributes, ...event }));
    if (file === undefined && !flags.type) throw new UsageError('give --type (and --data) for one event, or a file of events');
    const client = connect(flags, DEFAULT_CLIENT);
    try {
      const source = await defaultSource(client, files, flags);
      // sent as given, not as the CloudEvents built to check them, which would carry a `time` that makes a second run a conflict
      const events = files.map((event) => ({ ...(source ? { source } : {}), ...event }) as EventInput);
      events.forEach(toCloudEvent);
      if (file === undefined) {
        const sent = await client.produce(events[0], { test: flags.test });
        process.stderr.write(`produced ${sent.type} ${sent.id} from ${sent.source}\n`);
      } else {
        await produceInBatches(client, events, flags);
      }
    } finally {
      await client.close();
    }
  });
}

function attributesFrom(flags: ProduceFlags): Record<string, unknown> {
  if (flags.data !== undefined && flags.dataFile !== undefined) throw new UsageError('give --data or --data-file, not both');
  const attributes: Record<string, unknown> = {};
  for (const name of ['type', 'source', 'id', 'subject', 'partitionkey'] as const) if (flags[name] !== undefined) attributes[name] = flags[name];
  if (flags.data !== undefined) attributes.data = parseJson(flags.data, '--data');
  if (flags.dataFile !== undefined) attributes.data = parseJson(readText(flags.dataFile), flags.dataFile);
  return attributes;
}

/** The source for events that name none: the one exact source the producer's registration allows. */
async function defaultSource(client: EgovClient, events: Record<string, unknown>[], flags: ProduceFlags): Promise<string | undefined> {
  if (events.every((event) => event.source !== undefined)) return undefined;
  if (flags.test) throw new UsageError('give --source: test events take any source');
  const allowed = (await client.mySettings()).produce?.sources ?? [];
  const exact = allowed.filter((source) => !source.endsWith('*'));
  if (allowed.length === 1 && exact.length === 1) return exact[0];
  throw new UsageError(`give --source: your registration allows ${allowed.length > 0 ? allowed.join(', ') : 'no source'}`);
}

async function produceInBatches(client: EgovClient, events: EventInput[], flags: ProduceFlags) {
  const started = Date.now();
  const bar = progressBar('produce', 'events');
  bar.start(events.length, 0);
  let produced = 0;
  let requests = 0;
  try {
    for (const batch of batches(events, flags.batchSize)) {
      await client.produceBatch(batch, { test: flags.test });
      produced += batch.length;
      requests += 1;
      bar.update(produced);
    }
  } catch (error) {
    bar.stop();
    throw new Refusal(`produced ${produced} of ${events.length} events, then the batch from event ${produced + 1} failed: ${(error as Error).message}`, { cause: error });
  }
  bar.stop();
  const seconds = (Date.now() - started) / 1000;
  process.stderr.write(`produced ${produced} events in ${requests} request(s), ${seconds.toFixed(1)} s (${Math.round(produced / Math.max(seconds, 0.001))} events/s)\n`);
}

/** Batches of at most `size` events and about 900 KB, below the exchange's 1 MiB request limit. */
function* batches<T>(events: T[], size: number): Generator<T[]> {
  let batch: T[] = [];
  let bytes = 0;
  for (const event of events) {
    const eventBytes = Buffer.byteLength(JSON.stringify(event)) + 1;
    if (batch.length > 0 && (batch.length >= size || bytes + eventBytes > MAX_BATCH_BYTES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(event);
    bytes += eventBytes;
  }
  if (batch.length > 0) yield batch;
}

const MAX_BATCH_BYTES = 900_000;

export function positiveInteger(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return Number(text);
}

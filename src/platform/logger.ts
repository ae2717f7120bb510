import { pino, type DestinationStream, type Logger } from 'pino';
import { maskPersonalNumbers } from './log-privacy';

export type { Logger };

/**
 * The platform's logger: JSON lines with ISO times, each line written only after every 13-digit run in it
 * (an IDNP or IDNO that slipped into a message, an error or a path) is masked. The destination is stdout
 * unless a test gives its own.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'egov-platform' }, timestamp: pino.stdTimeFunctions.isoTime, hooks: { streamWrite: maskPersonalNumbers } };
  return destination ? pino(options, destination) : pino(options);
}

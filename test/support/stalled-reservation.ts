import { existsSync, writeFileSync } from 'node:fs';
import { CommandHandler } from '../../src/platform/decider';

/**
 * Loaded into a platform process (`node --import`) by a test that kills it in the middle of a booking:
 * once the file STALL_ARMED names exists, the STALL_AT_RESERVE-th reservation in a slot ledger (default
 * the first) never ends, and the file STALL_REACHED is written when it is reached.
 */
const { STALL_ARMED: armed, STALL_REACHED: reached, STALL_AT_RESERVE: at = '1' } = process.env;
const handle = CommandHandler.prototype.handle;
let reserves = 0;

CommandHandler.prototype.handle = function (this: CommandHandler<unknown, never, unknown>, ...args: Parameters<typeof handle>) {
  const [streamId, command] = args;
  if (armed && reached && existsSync(armed) && (command as { type?: string }).type === 'reserve') {
    reserves += 1;
    if (reserves === Number(at)) {
      writeFileSync(reached, streamId);
      return new Promise(() => {});
    }
  }
  return handle.apply(this, args);
} as typeof handle;

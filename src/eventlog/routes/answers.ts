import type { Clock } from '../../platform/clock';

/** The status members every answer of the public guide carries. */
export const okStatus = (clock: Clock) => ({ status: '200', message: 'OK', timestamp: String(clock.now().getTime()) });

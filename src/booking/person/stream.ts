import { BOOKING_STREAMS, sha256 } from '../service';

/** the person is named by a hash so that no IDNP or passport number appears in a stream id */
export const toPersonStreamId = (userIdentifier: string) => `${BOOKING_STREAMS}person-${sha256(`person\n${userIdentifier}`).slice(0, 40)}`;

import type { Decider } from '../platform/decider';
import type { RecordSigningCertificate } from './eventlog-commands';
import { SIGNING_CERTIFICATE_RECORDED, type SigningCertificateEvent } from './eventlog-events';

type SigningCertificatesState = { serials: Set<string> };

/** The certificates a client signed with: each is recorded once, the first time it is presented. */
export const signingCertificateDecider: Decider<RecordSigningCertificate, SigningCertificateEvent, SigningCertificatesState> = {
  initialState: () => ({ serials: new Set() }),
  evolve: (state, event) => {
    switch (event.type) {
      case SIGNING_CERTIFICATE_RECORDED:
        return { serials: new Set([...state.serials, event.data.serial]) };
      default: {
        const unexpected: never = event.type;
        return unexpected;
      }
    }
  },
  decide: (command, state) => {
    if (state.serials.has(command.serial)) return [];
    const { type: _type, at, ...certificate } = command;
    return [{ type: SIGNING_CERTIFICATE_RECORDED, data: { ...certificate, recordedAt: at } }];
  },
};

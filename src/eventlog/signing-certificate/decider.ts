import type { Decider } from '../../platform/decider';
import type { RecordSigningCertificate } from './commands';
import { SIGNING_CERTIFICATE_RECORDED, type SigningCertificateEvent } from './events';

/** the fingerprints of the certificates recorded: serials repeat across CAs, fingerprints do not */
type SigningCertificatesState = { fingerprints: Set<string> };

/** The certificates a client signed with: each is recorded once, the first time it is presented. */
export const signingCertificateDecider: Decider<RecordSigningCertificate, SigningCertificateEvent, SigningCertificatesState> = {
  initialState: () => ({ fingerprints: new Set() }),
  evolve: (state, event) => {
    switch (event.type) {
      case SIGNING_CERTIFICATE_RECORDED:
        return { fingerprints: new Set([...state.fingerprints, event.data.fingerprint256]) };
      default: {
        const unexpected: never = event.type;
        return unexpected;
      }
    }
  },
  decide: (command, state) => {
    if (state.fingerprints.has(command.fingerprint256)) return [];
    const { type: _type, at, ...certificate } = command;
    return [{ type: SIGNING_CERTIFICATE_RECORDED, data: { ...certificate, recordedAt: at } }];
  },
};

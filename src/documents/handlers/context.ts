import { CommandHandler } from '../../platform/decider';
import { KeyedLock } from '../../platform/keyed-lock';
import type { ServiceDeps } from '../../platform/service-module';
import { blobDecider } from '../blob/decider';
import { documentDecider } from '../document/decider';
import { documentTypeDecider } from '../document-type/decider';
import { PrincipalNames } from '../principals/principal-names';
import { DocumentTypes } from '../queries/document-types';
import { quotaDecider } from '../quota/decider';
import { reservationDecider } from '../reservation/decider';
import { DOCUMENTS_SOURCE } from '../service';
import type { DocumentsSettings } from '../settings';
import { shareDecider } from '../share/decider';

/** What the document store's handlers share: the platform's dependencies, its settings, one command loop per aggregate. */
export type DocumentsContext = ReturnType<typeof documentsContext>;

export function documentsContext(deps: ServiceDeps, settings: DocumentsSettings) {
  const options = { source: DOCUMENTS_SOURCE, clock: deps.clock };
  return {
    deps,
    settings,
    names: new PrincipalNames(deps.registry),
    types: new DocumentTypes(deps.documents),
    commands: {
      documents: new CommandHandler(deps.events, documentDecider, options),
      blobs: new CommandHandler(deps.events, blobDecider, options),
      shares: new CommandHandler(deps.events, shareDecider, options),
      reservations: new CommandHandler(deps.events, reservationDecider, options),
      types: new CommandHandler(deps.events, documentTypeDecider, options),
      quotas: new CommandHandler(deps.events, quotaDecider, options),
    },
    /** an owner's creates, one at a time in this process, so that two cannot both pass its quota */
    owners: new KeyedLock(),
    now: () => deps.clock.now().toISOString(),
  };
}

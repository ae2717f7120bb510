import type { ServiceAggregate } from '../platform/service-module';
import { blobDecider } from './blob/decider';
import { toBlobStreamId } from './blob/stream';
import { documentDecider } from './document/decider';
import { toDocumentStreamId } from './document/stream';
import { documentTypeDecider } from './document-type/decider';
import { toDocumentTypeStreamId } from './document-type/stream';
import { quotaDecider } from './quota/decider';
import { reservationDecider } from './reservation/decider';
import { toReservationStreamId } from './reservation/stream';
import { shareDecider } from './share/decider';
import { toShareStreamId } from './share/stream';

/** The document store's aggregates, for auditors replaying a stream's history (the console). */
export const documentsAggregates: ServiceAggregate[] = [
  { name: 'document', streamPrefix: toDocumentStreamId(''), decider: documentDecider },
  { name: 'blob', streamPrefix: toBlobStreamId(''), decider: blobDecider },
  { name: 'share', streamPrefix: toShareStreamId(''), decider: shareDecider },
  { name: 'reservation', streamPrefix: toReservationStreamId(''), decider: reservationDecider },
  { name: 'document-type', streamPrefix: toDocumentTypeStreamId(''), decider: documentTypeDecider },
  { name: 'quota', streamPrefix: 'documents-quota-', decider: quotaDecider },
];

import type { DocumentSession } from '../../platform/document-store/document-store';
import { addDays } from '../../platform/time/zoned-time';
import { petitionsOf } from './petition-views';

/**
 * The registered petitions whose answer's deadline may warrant an alert on `today`: an "approaching" one
 * from warningDays before the due date, a "passed" one after it (the read model keeps which alert each due
 * date still waits for). The decider settles each on the petition's own stream.
 */
export async function petitionsDueForAlert(documents: DocumentSession, today: string, warningDays: number, limit: number): Promise<string[]> {
  const found = await petitionsOf(documents).find(
    {
      status: 'InProgress',
      $or: [{ pendingAlert: 'approaching', dueDate: { $lte: addDays(today, warningDays) } }, { pendingAlert: 'passed', dueDate: { $lt: today } }],
    },
    { sort: { dueDate: 1 }, limit },
  );
  return found.map((petition) => petition.petitionNumber);
}

import type { Language } from '../messages';
import { validationProblem } from '../problems';
import { completeDefinition, definitionErrors } from '../reference/completion';
import { referenceDecider } from '../reference/decider';
import { integrityErrors } from '../reference/integrity';
import { REFERENCE_STREAMS } from '../reference/stream';
import type { ReferenceDefinitions, ReferenceKind } from '../reference/definitions';
import { execute, type BookingContext } from './booking-context';
import { ledgerSplitErrors } from './reference-changes';

/**
 * Creates (POST) or replaces (PUT) one reference definition through its aggregate, after the checks the
 * schema cannot make; answers once the read models show it.
 */
export async function saveReference<K extends ReferenceKind>(
  context: BookingContext,
  kind: K,
  mode: 'create' | 'update',
  input: Record<string, unknown>,
  options: { id?: string; producer: string; language: Language },
): Promise<ReferenceDefinitions[K]> {
  const definition = completeDefinition(kind, input, kind === 'settings' ? undefined : options.id) as ReferenceDefinitions[K] & { id: string };
  if (kind === 'settings' && options.id && definition.id !== options.id) {
    throw validationProblem(options.language, [{ field: 'organizationId', key: 'settingsIdentity' }]);
  }
  const errors = [
    ...definitionErrors(kind, definition),
    ...(await integrityErrors(kind, definition, context.reference)),
    ...(await ledgerSplitErrors(context, kind, definition)),
  ];
  if (errors.length) throw validationProblem(options.language, errors);
  // a definition created twice or updated before it exists: the decider's ReferenceRuleError, which problems.ts words
  const result = await execute(context, REFERENCE_STREAMS[kind](definition.id), referenceDecider<ReferenceDefinitions[K]>(kind), { type: mode, definition }, options.producer);
  await context.projections.waitFor(result.lastPosition);
  return definition;
}

import type { Language } from '../messages';
import { ruleProblem, validationProblem } from '../problems';
import { completeDefinition, definitionErrors } from '../reference/completion';
import { referenceDecider, ReferenceRuleError } from '../reference/decider';
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
  try {
    const result = await execute(context, REFERENCE_STREAMS[kind](definition.id), referenceDecider<ReferenceDefinitions[K]>(kind), { type: mode, definition }, options.producer);
    await context.projections.waitFor(result.lastPosition);
    return definition;
  } catch (error) {
    if (!(error instanceof ReferenceRuleError)) throw error;
    const params = { kind, id: definition.id };
    throw error.code === 'alreadyExists' ? ruleProblem(options.language, 409, 'referenceAlreadyExists', params) : ruleProblem(options.language, 404, 'referenceNotFound', params);
  }
}

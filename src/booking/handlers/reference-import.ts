import type { Language } from '../messages';
import { validationProblem, type FieldMessage } from '../problems';
import { completeDefinition, definitionErrors } from '../reference/completion';
import { referenceDecider } from '../reference/decider';
import { registeredType } from '../reference/events';
import { integrityErrors, type ReferenceLookup, type ReferenceSource } from '../reference/integrity';
import { REFERENCE_STREAMS } from '../reference/stream';
import { REFERENCE_ORDER, type ReferenceDefinitions, type ReferenceKind } from '../reference/definitions';
import { execute, type BookingContext } from './booking-context';
import { ledgerSplitErrors } from './reference-changes';

/** The import file: one list per kind (see schemas/booking/import.json). */
export type ReferenceImport = Partial<Record<'organizations' | 'locations' | 'calendars' | 'calendarLocations' | 'settings', Record<string, unknown>[]>>;
export type ImportSummary = { created: number; updated: number; unchanged: number };

const LISTS: Record<ReferenceKind, keyof ReferenceImport> = {
  organization: 'organizations',
  location: 'locations',
  calendar: 'calendars',
  'calendar-location': 'calendarLocations',
  settings: 'settings',
};

/**
 * Defines every entry of the file (create or update; unchanged entries append nothing). The whole file is
 * checked first, references resolved against the file and the existing data, so a bad file writes nothing.
 */
export async function importReferenceData(context: BookingContext, file: ReferenceImport, producer: string, language: Language): Promise<ImportSummary> {
  const definitions = new Map<ReferenceKind, Map<string, { id: string }>>();
  for (const kind of REFERENCE_ORDER) {
    definitions.set(kind, new Map((file[LISTS[kind]] ?? []).map((input) => completeDefinition(kind, input) as { id: string }).map((d) => [d.id, d])));
  }
  const lookup: ReferenceLookup = async (kind, id) =>
    ((definitions.get(kind)!.get(id) as ReferenceDefinitions[typeof kind] | undefined) ?? (await context.reference.get(kind, id)));
  const inFile = definitions.get('calendar-location')!;
  const source: ReferenceSource = {
    get: lookup,
    // the stored calendar-locations the file leaves as they are (those of the file are checked as entries)
    calendarLocationsWith: async (field, id) => (await context.reference.calendarLocationsWith(field, id)).filter((stored) => !inFile.has(stored.id)),
  };

  const errors: FieldMessage[] = [];
  for (const kind of REFERENCE_ORDER) {
    let index = 0;
    for (const definition of definitions.get(kind)!.values()) {
      const prefix = `${LISTS[kind]}[${index++}].`;
      errors.push(
        ...definitionErrors(kind, definition, prefix),
        ...(await integrityErrors(kind, definition, source, prefix)),
        ...(await ledgerSplitErrors(context, kind, definition, prefix)),
      );
    }
  }
  if (errors.length) throw validationProblem(language, errors);

  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0 };
  let lastPosition = 0;
  for (const kind of REFERENCE_ORDER) {
    const results = await Promise.all(
      [...definitions.get(kind)!.values()].map((definition) =>
        execute(context, REFERENCE_STREAMS[kind](definition.id), referenceDecider(kind), { type: 'define', definition }, producer),
      ),
    );
    for (const result of results) {
      lastPosition = Math.max(lastPosition, result.lastPosition);
      if (result.events.length === 0) summary.unchanged += 1;
      else if (result.events[0].type === registeredType(kind)) summary.created += 1;
      else summary.updated += 1;
    }
  }
  await context.projections.waitFor(lastPosition);
  return summary;
}

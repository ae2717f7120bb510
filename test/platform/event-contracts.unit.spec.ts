import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ajvFor, compileSchema } from '../../src/platform/json-schema';
import { projectRoot } from '../../src/platform/project-paths';
import { EVENT_SCHEMAS_DIR, eventContract } from '../support/event-contracts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const SOURCE_DIR = join(projectRoot, 'src');
/** export const X = 'md.gov.<...>.v<n>' (or in double quotes) */
const TYPE_CONSTANT = /export\s+const\s+\w+\s*=\s*(['"])(md\.gov\.[^'"\s]+\.v\d+)\1/g;

/** Every md.gov.* event type exported as a constant from src/, with the files that export it. */
function exportedEventTypes(): Map<string, string[]> {
  const types = new Map<string, string[]>();
  const files = (readdirSync(SOURCE_DIR, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
  for (const file of files) {
    for (const [, , type] of readFileSync(join(SOURCE_DIR, file), 'utf8').matchAll(TYPE_CONSTANT)) {
      types.set(type, [...(types.get(type) ?? []), relative(projectRoot, join(SOURCE_DIR, file))]);
    }
  }
  return types;
}

const schemaFiles = () => readdirSync(EVENT_SCHEMAS_DIR).filter((file) => file.endsWith('.json')).sort();
const readSchema = (file: string) => JSON.parse(readFileSync(join(EVENT_SCHEMAS_DIR, file), 'utf8')) as { $schema?: string; $id?: string; title?: string };

describe('Event contracts: a schema in schemas/events for every event type of the platform (unit)', () => {
  it('finds the event types the services export (the search itself works)', () => {
    const types = exportedEventTypes();
    expect(types.size).to.be.greaterThan(10);
    expect([...types.keys()]).to.include('md.gov.booking.appointment.requested.v1');
  });

  it('has a schema file for every md.gov.* type constant in src/, which compiles and whose title is the type', () => {
    const problems: string[] = [];
    for (const [type, files] of exportedEventTypes()) {
      const where = `${type} (exported by ${files.join(', ')})`;
      try {
        if (!eventContract(type)) {
          problems.push(`${where}: no schemas/events/${type}.json`);
          continue;
        }
      } catch (error) {
        problems.push(`${where}: schemas/events/${type}.json does not compile: ${(error as Error).message}`);
        continue;
      }
      const schema = readSchema(`${type}.json`);
      if (schema.title !== type) problems.push(`${where}: the schema's title is ${JSON.stringify(schema.title)}`);
      if (schema.$id !== `https://egov-platform.local/schemas/events/${type}.json`) problems.push(`${where}: the schema's $id is ${JSON.stringify(schema.$id)}`);
    }
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('holds only valid JSON Schemas, each titled with the type its file name gives', () => {
    const problems: string[] = [];
    for (const file of schemaFiles()) {
      let schema: ReturnType<typeof readSchema>;
      try {
        schema = readSchema(file);
      } catch (error) {
        problems.push(`${file}: not JSON: ${(error as Error).message}`);
        continue;
      }
      const ajv = ajvFor(schema);
      if (!ajv.validateSchema(schema)) problems.push(`${file}: not a valid schema: ${ajv.errorsText(ajv.errors)}`);
      try {
        compileSchema(schema);
      } catch (error) {
        problems.push(`${file}: does not compile: ${(error as Error).message}`);
      }
      if (schema.title !== basename(file, '.json')) problems.push(`${file}: its title is ${JSON.stringify(schema.title)}`);
    }
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('uses no keyword JSON Schema does not know (a misspelt "required" would pin nothing)', () => {
    const strict = addFormats(new Ajv2020({ strictSchema: true, strictRequired: false, strictTypes: false, strictTuples: false }) as unknown as Ajv);
    const problems: string[] = [];
    for (const file of schemaFiles().filter((name) => readSchema(name).$schema?.includes('2020-12'))) {
      try {
        strict.compile(readSchema(file));
      } catch (error) {
        problems.push(`${file}: ${(error as Error).message}`);
      }
    }
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });
});

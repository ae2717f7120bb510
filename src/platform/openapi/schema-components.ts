import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemasDir } from '../project-paths';
import type { JsonSchema } from './api-description';
import { convertSchema, type RefResolver } from './schema-conversion';

/** The $id every schema file of schemas/<dir>/ has: https://egov-platform.local/schemas/<dir>/<file> */
export const SCHEMA_BASE = 'https://egov-platform.local/schemas/';

/**
 * The schema files of schemas/<dir>/ as OpenAPI components: each file that is a schema becomes
 * `<Dir><File>` (booking/appointment-request.json: BookingAppointmentRequest), each of its `definitions`
 * `<Dir><Definition>` (BookingNamedResource), or `<Dir><File><Definition>` where two files of a directory
 * define one name differently. References between files become references between components. Only
 * what the operations name, and what that refers to, becomes a component.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly files = new Map<string, JsonSchema>();
  private readonly fileNames = new Map<string, string>();
  private readonly definitionNames = new Map<string, string>();
  /** components referred to and not yet converted: a file ('booking/location.json') or a definition ('booking/common.json#uuid') */
  private readonly pending: string[] = [];
  private readonly referred = new Set<string>();

  constructor(private readonly root: string = schemasDir) {}

  /** The reference to a file's component ('booking/location.json'), reading its directory if need be. */
  refTo(file: string): { $ref: string } {
    return { $ref: this.resolve(SCHEMA_BASE + file, SCHEMA_BASE) };
  }

  /** An inline schema whose $refs may name schema files ('booking/location.json#/definitions/x'). */
  inline(schema: JsonSchema): JsonSchema {
    return convertSchema(schema, SCHEMA_BASE, this.resolver, '2020-12');
  }

  /** Converts every schema referred to so far, and those their references reach. */
  complete(): Record<string, JsonSchema> {
    while (this.pending.length > 0) {
      const [file, definition] = this.pending.shift()!.split('#');
      const raw = this.files.get(file)!;
      const base = typeof raw.$id === 'string' ? raw.$id : SCHEMA_BASE + file;
      const name = definition === undefined ? this.fileNames.get(file)! : this.definitionNames.get(`${file}#${definition}`)!;
      this.schemas[name] = convertSchema(definition === undefined ? raw : definitionsOf(raw)[definition], base, this.resolver, '2020-12');
    }
    return Object.fromEntries(Object.entries(this.schemas).sort(([a], [b]) => a.localeCompare(b)));
  }

  private refer(component: string): void {
    if (this.referred.has(component)) return;
    this.referred.add(component);
    this.pending.push(component);
  }

  private readonly resolver: RefResolver = (ref, base) => this.resolve(ref, base);

  private resolve(ref: string, base: string): string {
    const url = new URL(ref, base);
    const pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
    url.hash = '';
    if (!url.href.startsWith(SCHEMA_BASE)) throw new Error(`schema reference ${ref} (from ${base}) is outside ${SCHEMA_BASE}`);
    const file = url.href.slice(SCHEMA_BASE.length);
    this.readDirectory(file.split('/')[0]);
    if (!this.files.has(file)) throw new Error(`schema reference ${ref} (from ${base}): no file schemas/${file}`);
    const definition = /^\/definitions\/([^/]+)(.*)$/.exec(pointer);
    if (definition) {
      const name = this.definitionNames.get(`${file}#${definition[1]}`);
      if (!name) throw new Error(`schema reference ${ref} (from ${base}): schemas/${file} defines no ${definition[1]}`);
      this.refer(`${file}#${definition[1]}`);
      return `#/components/schemas/${name}${definition[2]}`;
    }
    const fileName = this.fileNames.get(file);
    if (!fileName) throw new Error(`schema reference ${ref}: schemas/${file} holds only definitions`);
    this.refer(file);
    return `#/components/schemas/${fileName}${pointer === '/' ? '' : pointer}`;
  }

  private readDirectory(dir: string): void {
    if ([...this.files.keys()].some((file) => file.startsWith(`${dir}/`))) return;
    const path = join(this.root, dir);
    if (!existsSync(path)) throw new Error(`no schema directory schemas/${dir}`);
    const read = readdirSync(path)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => [`${dir}/${name}`, JSON.parse(readFileSync(join(path, name), 'utf8')) as JsonSchema] as const);
    for (const [file, raw] of read) {
      this.files.set(file, raw);
      if (isSchema(raw)) this.fileNames.set(file, fileComponentName(file));
    }
    this.nameDefinitions(dir, read);
  }

  /** `<Dir><Definition>`, unless another file of the directory (or a file's own component) takes that name. */
  private nameDefinitions(dir: string, files: (readonly [string, JsonSchema])[]): void {
    const shared = new Map<string, Set<string>>();
    for (const [, raw] of files) {
      for (const [definition, schema] of Object.entries(definitionsOf(raw))) {
        const name = pascal(dir) + pascal(definition);
        (shared.get(name) ?? shared.set(name, new Set()).get(name)!).add(JSON.stringify(schema));
      }
    }
    const taken = new Set(this.fileNames.values());
    for (const [file, raw] of files) {
      for (const definition of Object.keys(definitionsOf(raw))) {
        const name = pascal(dir) + pascal(definition);
        const unique = shared.get(name)!.size === 1 && !taken.has(name);
        this.definitionNames.set(`${file}#${definition}`, unique ? name : fileComponentName(file) + pascal(definition));
      }
    }
  }
}

/** 'booking/calendar-config.response.json' → 'BookingCalendarConfigResponse' */
function fileComponentName(file: string): string {
  return pascal(file.replace(/\.json$/, ''));
}

function definitionsOf(raw: JsonSchema): Record<string, JsonSchema> {
  return (raw.definitions ?? {}) as Record<string, JsonSchema>;
}

/** A file that is a schema of its own, not only a holder of shared definitions (common.json). */
function isSchema(raw: JsonSchema): boolean {
  const annotations = new Set(['$schema', '$id', 'title', 'description', 'definitions', '$comment']);
  return Object.keys(raw).some((keyword) => !annotations.has(keyword));
}

/** 'calendar-config.response' → 'CalendarConfigResponse'; 'namedResource' → 'NamedResource' */
export function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

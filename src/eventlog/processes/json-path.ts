/**
 * The JSON path subset the registry's personal-data rules use: $ then .name, ['name'] or [index]
 * steps, e.g. $.data.citizen.idnp or $.data.persons[0].idnp. Missing steps give undefined.
 */
const STEP = /^(?:\.([A-Za-z_$][\w$-]*)|\['([^']*)'\]|\[(\d+)\])/;

export type JsonPath = (string | number)[];

export function parseJsonPath(path: string): JsonPath {
  if (!path.startsWith('$')) throw new Error(`a JSON path starts with $: ${path}`);
  const steps: JsonPath = [];
  let rest = path.slice(1);
  while (rest.length > 0) {
    const match = STEP.exec(rest);
    if (!match) throw new Error(`unsupported JSON path step in ${path} at "${rest}"`);
    steps.push(match[1] ?? match[2] ?? Number(match[3]));
    rest = rest.slice(match[0].length);
  }
  return steps;
}

export function readJsonPath(root: unknown, path: JsonPath): unknown {
  let current = root;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

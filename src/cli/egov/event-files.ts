import { readFileSync } from 'node:fs';
import { UsageError } from './failure';

type Attributes = Record<string, unknown>;

/**
 * The events of a file: a `.json` file holds one event (an object) or a batch (an array); any other
 * file, `-` (standard input) too, holds JSON Lines (one event per line, blank lines skipped) or an
 * array. Every event is read before anything is sent, so a bad line refuses the whole file, named by
 * its line.
 */
export function readEventFile(path: string): Attributes[] {
  const text = readText(path);
  const name = path === '-' ? 'standard input' : path;
  if (!path.endsWith('.json') && !text.trimStart().startsWith('[')) return jsonLines(text, name);
  const parsed = parseJson(text, name);
  const events = Array.isArray(parsed) ? parsed : [parsed];
  if (events.length === 0) throw new UsageError(`${name} holds no events`);
  events.forEach((event, index) => {
    if (!isObject(event)) throw new UsageError(`${name}: event ${index + 1} is not a JSON object`);
  });
  return events as Attributes[];
}

function jsonLines(text: string, name: string): Attributes[] {
  const events: Attributes[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch (error) {
      throw new UsageError(`${name} line ${index + 1}: not JSON (${(error as Error).message})`);
    }
    if (!isObject(event)) throw new UsageError(`${name} line ${index + 1}: not a JSON object`);
    events.push(event);
  });
  if (events.length === 0) throw new UsageError(`${name} holds no events`);
  return events;
}

function isObject(value: unknown): value is Attributes {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A file's text; `-` reads standard input. */
export function readText(path: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `${path} does not exist` : `cannot read ${path}: ${(error as Error).message}`);
  }
}

/** A JSON value given on the command line or in a file, with the place named when it is not JSON. */
export function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${where} is not JSON (${(error as Error).message})`);
  }
}

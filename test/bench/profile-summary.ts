/**
 * tsx test/bench/profile-summary.ts <file.cpuprofile> [top=25] [--from <s>] [--to <s>]
 *
 * --from / --to keep only the samples taken that many seconds after the profile started (to leave
 * out start-up and shutdown; `npm run bench` prints nothing useful about them).
 * Summarises a V8 CPU profile written by `npm run bench -- --profile <dir>`: self time by area
 * (TLS, HTTP, express, platform code, SQLite, JSON, GC, idle) and the functions with the most self
 * and total time, so that one can see what dominates a scenario without opening DevTools.
 */
import { readFileSync } from 'node:fs';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const args = process.argv.slice(2);
const flag = (name: string) => {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const [, value] = args.splice(index, 2);
  return Number(value);
};
const fromS = flag('--from') ?? 0;
const toS = flag('--to') ?? Infinity;
const [file, topArg] = args;
if (!file) {
  process.stderr.write('usage: tsx test/bench/profile-summary.ts <file.cpuprofile> [top] [--from <s>] [--to <s>]\n');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
{
  // keep the samples inside the window (a sample's time is the sum of the deltas before it)
  let at = 0;
  const samples: number[] = [];
  const deltas: number[] = [];
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at >= fromS * 1e6 && at <= toS * 1e6) {
      samples.push(id);
      deltas.push(profile.timeDeltas[index] ?? 0);
    }
  });
  profile.samples = samples;
  profile.timeDeltas = deltas;
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const selfUs = new Map<number, number>();
profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

function short(url: string): string {
  return url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '~/').replace(/^.*\/(src|test)\//, '$1/');
}

function area(frame: CallFrame): string {
  const { functionName: name, url } = frame;
  if (name === '(idle)') return 'idle';
  if (name === '(garbage collector)') return 'GC';
  if (name === '(program)') return 'V8/native (program)';
  if (/JSON|parse$|stringify$/.test(name) && !url) return 'JSON (native)';
  if (url.includes('better-sqlite3') || /^(run|get|all|transaction)$/.test(name) && !url) return 'SQLite (better-sqlite3)';
  if (url.includes('/src/')) return 'platform code (src/)';
  if (/node_modules\/(express|router|body-parser|finalhandler|send|serve-static|path-to-regexp|qs|on-finished|depd|mime|content-type|type-is|accepts|negotiator|parseurl|encodeurl|escape-html|range-parser|statuses|setprototypeof|merge-descriptors|fresh|etag|vary|cookie|debug|ms|http-errors|proxy-addr|forwarded|ipaddr|media-typer|methods|utils-merge|safe-buffer|depd)\//.test(url)) return 'express & its deps';
  if (url.includes('node_modules/ws/')) return 'ws';
  if (url.includes('node_modules/pino') || url.includes('node_modules/thread-stream')) return 'pino';
  if (url.includes('node_modules/')) return `other npm (${url.replace(/^.*node_modules\/(@[^/]+\/[^/]+|[^/]+).*$/, '$1')})`;
  if (/node:(_tls|tls|internal\/tls|internal\/crypto)/.test(url) || /^(ssl|SSL|TLS|Write|Read)/.test(name)) return 'TLS';
  if (/node:(_http|http|internal\/http)/.test(url)) return 'node http';
  if (/node:(net|stream|internal\/streams|internal\/stream_base|events|internal\/timers|timers|internal\/process|internal\/async_hooks)/.test(url)) return 'node net/streams/events/timers';
  if (url.startsWith('node:')) return `node other (${url.replace(/^node:(internal\/)?/, '').split('/')[0]})`;
  if (!url) return `native: ${name || '(anonymous)'}`;
  return `other (${short(url)})`;
}

const areas = new Map<string, number>();
const selfByFunction = new Map<string, number>();
for (const [id, us] of selfUs) {
  const frame = byId.get(id)!.callFrame;
  areas.set(area(frame), (areas.get(area(frame)) ?? 0) + us);
  const key = `${frame.functionName || '(anonymous)'}  ${short(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
  selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + us);
}

// total (inclusive) time per function, counting a function once per sample even when recursive
const totalByFunction = new Map<string, number>();
profile.samples.forEach((id, index) => {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)!.callFrame;
    if (!frame.url) continue;
    const key = `${frame.functionName || '(anonymous)'}  ${short(frame.url)}:${frame.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    totalByFunction.set(key, (totalByFunction.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  }
});

const pct = (us: number) => `${((us / totalUs) * 100).toFixed(1).padStart(5)}%`;
const busy = totalUs - (areas.get('idle') ?? 0);
const lines: string[] = [`${file}: ${(totalUs / 1e6).toFixed(2)} s sampled, ${(busy / 1e6).toFixed(2)} s not idle`, '', 'self time by area:'];
for (const [name, us] of [...areas].sort((a, b) => b[1] - a[1])) lines.push(`  ${pct(us)}  ${name}`);
lines.push('', `top ${top} functions by self time:`);
for (const [name, us] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(us)}  ${name}`);
lines.push('', `top ${top} JavaScript functions by total time (src/ and node_modules only):`);
for (const [name, us] of [...totalByFunction].filter(([name]) => /src\/|~\//.test(name)).sort((a, b) => b[1] - a[1]).slice(0, top)) {
  lines.push(`  ${pct(us)}  ${name}`);
}
process.stdout.write(`${lines.join('\n')}\n`);

/**
 * Document-store benchmark, against the platform as its own process (src/main.ts, as `npm start` runs
 * it), over mTLS, on a fresh data directory:
 *   - upload throughput: a 100 MB file in 5 MiB parts (POST, then PUT each part; every part staged with
 *     an fsync, then the whole assembled and hashed), beside writing the same parts to files with Node in
 *     the same run (fs writeFile and an fsync per part), before and after, averaged;
 *   - the server's resident memory (VmRSS from /proc, sampled every 50 ms) before and during that upload;
 *   - create and list latency (p50/p99) for one principal holding 100,000 documents: one-document creates,
 *     the first page (20, folders first, then by name) and a page deep in the list; beside the platform's
 *     health endpoint, measured the same way in the same run.
 * Run directly (npx tsx test/bench/documents.ts [--documents <n>]) or call benchDocuments().
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ServerProcess } from '../support/server-process';
import type { HttpResponse, HttpsClient } from '../support/https-client';

export type Latency = { p50Ms: number; p99Ms: number; requests: number; failures: number };
export type DocumentsBenchFigures = {
  upload: { megabytes: number; platformMBps: number; nodeFileMBps: number };
  memory: { rssBeforeMB: number; rssPeakDuringUploadMB: number };
  documents: number;
  populateSeconds: number;
  create: Latency;
  listFirstPage: Latency;
  listDeepPage: Latency;
  health: Latency;
};

const MIB = 1024 * 1024;
const PART = 5 * MIB;
const PRINCIPAL = 'urn:md:idno:1003600000003';

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

async function latencyOf(count: number, call: () => Promise<boolean>): Promise<Latency> {
  const times: number[] = [];
  let failures = 0;
  for (let n = 0; n < count; n += 1) {
    const started = performance.now();
    if (await call()) times.push(performance.now() - started);
    else failures += 1;
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => round(times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0, 2);
  return { p50Ms: at(0.5), p99Ms: at(0.99), requests: count, failures };
}

/** The server's resident memory now, in MB (Linux /proc). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'));
  return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
}

/** The same parts written to files by Node, each with its fsync, as the store stages them: MB/s. */
async function nodeFileRate(parts: Buffer[], dir: string): Promise<number> {
  const started = performance.now();
  for (const [index, part] of parts.entries()) {
    const file = await open(join(dir, `part-${index}`), 'w');
    await file.writeFile(part);
    await file.sync();
    await file.close();
  }
  return (parts.length * PART) / MIB / ((performance.now() - started) / 1000);
}

async function uploadRate(client: HttpsClient, parts: Buffer[], pid: number): Promise<{ rate: number; peak: number }> {
  const total = parts.length * PART;
  let peak = rssOf(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  const started = performance.now();
  let blobId: string | null = null;
  for (const [index, part] of parts.entries()) {
    const headers = { 'content-type': 'application/octet-stream', 'content-range': `bytes ${index * PART}-${(index + 1) * PART - 1}/${total}` };
    const response: HttpResponse = blobId === null ? await client.post('/mdocs/blobs', { body: part, headers }) : await client.put(`/mdocs/blobs/${blobId}`, { body: part, headers });
    if (response.status >= 300) throw new Error(`part ${index} answered ${response.status}: ${response.text.slice(0, 200)}`);
    blobId ??= response.json().id;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { rate: total / MIB / seconds, peak };
}

export async function benchDocuments(options: { documents?: number; parts?: number } = {}): Promise<DocumentsBenchFigures> {
  const documents = options.documents ?? 100_000;
  const partCount = options.parts ?? 20;
  const dataDir = mkdtempSync(join(tmpdir(), 'egov-bench-documents-'));
  const scratch = mkdtempSync(join(tmpdir(), 'egov-bench-files-'));
  const server = new ServerProcess(dataDir, await ServerProcess.freePort());
  await server.start();
  const client = server.client('demo-institution');
  try {
    const pid = server.pid!;
    const parts = Array.from({ length: partCount }, () => randomBytes(PART));
    const rssBefore = rssOf(pid);
    const before = await nodeFileRate(parts, scratch);
    const upload = await uploadRate(client, parts, pid);
    const after = await nodeFileRate(parts, scratch);

    const blob = await client.post('/mdocs/blobs', { body: JSON.stringify({ bench: true }), headers: { 'content-type': 'application/json' } });
    const blobId = blob.json().id;
    const populateStarted = performance.now();
    const batches = Math.ceil(documents / 100);
    let next = 0;
    const worker = async () => {
      for (let batch = next++; batch < batches; batch = next++) {
        const items = Array.from({ length: Math.min(100, documents - batch * 100) }, (_, n) => ({ principal: PRINCIPAL, name: `document ${batch * 100 + n}`, suppressNotifications: true }));
        const response = await client.post('/mdocs/documents', { body: { blobId, documents: items } });
        if (response.status !== 201) throw new Error(`populating answered ${response.status}: ${response.text.slice(0, 200)}`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    const populateSeconds = (performance.now() - populateStarted) / 1000;

    const query = { principal: PRINCIPAL };
    let created = 0;
    const create = await latencyOf(200, async () => (await client.post('/mdocs/documents', { body: { blobId, documents: [{ principal: PRINCIPAL, name: `latency ${created++}`, suppressNotifications: true }] } })).status === 201);
    const listFirstPage = await latencyOf(200, async () => (await client.get('/mdocs/documents', { query: { ...query, page: 1, itemsPerPage: 20 } })).status === 200);
    const deep = Math.max(1, Math.floor(documents / 20 / 2));
    const listDeepPage = await latencyOf(100, async () => (await client.get('/mdocs/documents', { query: { ...query, page: deep, itemsPerPage: 20 } })).status === 200);
    const health = await latencyOf(200, async () => (await client.get('/api/v1/health')).status === 200);
    return {
      upload: { megabytes: round((partCount * PART) / MIB), platformMBps: round(upload.rate), nodeFileMBps: round((before + after) / 2) },
      memory: { rssBeforeMB: round(rssBefore), rssPeakDuringUploadMB: round(upload.peak) },
      documents: documents + 200,
      populateSeconds: round(populateSeconds),
      create,
      listFirstPage,
      listDeepPage,
      health,
    };
  } finally {
    client.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function formatDocumentsFigures(figures: DocumentsBenchFigures): string[] {
  const { upload, memory } = figures;
  const latency = (label: string, value: Latency) => `${label} p50 ${value.p50Ms} ms, p99 ${value.p99Ms} ms${value.failures ? ` (${value.failures} failed)` : ''}`;
  return [
    `  documents: upload of ${upload.megabytes} MB in 5 MiB parts ${upload.platformMBps} MB/s   [baseline: the same parts written to files by Node, fsync each: ${upload.nodeFileMBps} MB/s]`,
    `             server RSS ${memory.rssBeforeMB} MB before the upload, at most ${memory.rssPeakDuringUploadMB} MB during it`,
    `             one principal with ${figures.documents.toLocaleString('en-US')} documents (made in ${figures.populateSeconds} s): ${latency('create', figures.create)}; ${latency('list page 1', figures.listFirstPage)}; ${latency('list a middle page', figures.listDeepPage)}   [baseline: ${latency('GET /api/v1/health', figures.health)}]`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const documentsArg = process.argv.indexOf('--documents');
  const figures = await benchDocuments({ documents: documentsArg > 0 ? Number(process.argv[documentsArg + 1]) : undefined });
  console.log(formatDocumentsFigures(figures).join('\n'));
  process.exit(0);
}

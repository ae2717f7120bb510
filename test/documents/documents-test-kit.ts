import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { expect } from 'chai';
import { RequestSchemas } from '../../src/platform/http/request-validation';
import { compileSchema } from '../../src/platform/json-schema';
import { schemasDir } from '../../src/platform/project-paths';
import { createEventLogModule } from '../../src/eventlog/module';
import { createDocumentsModule } from '../../src/documents/module';
import type { DocumentsSettings } from '../../src/documents/settings';
import type { Clock } from '../../src/platform/clock';
import type { ClientDefinition } from '../../src/platform/identity/client-registry';
import type { HttpResponse, HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';

export const ION = 'urn:md:idnp:2000000000011';
export const MARIA = 'urn:md:idnp:2000000000022';
export const ANDREI = 'urn:md:idnp:2000000000033';
export const COMPANY = 'urn:md:idno:1003600000010';
export const INSTITUTION = 'urn:md:idno:1003600000003';

/** Clients the document-store tests add: one that reads and writes but may not impersonate, one without rights. */
export const DOCUMENT_CLIENTS: ClientDefinition[] = [
  { id: 'docs-writer', name: 'Documents writer', idno: '1003600000029', certificate: { commonName: 'docs-writer' }, rights: { documents: ['read', 'write'] } },
  { id: 'docs-nobody', name: 'No rights', certificate: { commonName: 'docs-nobody' }, rights: {} },
];

/** A platform with the event log and the document store only (fast to start), the demo institution and the test clients. */
export async function startDocuments(options: { clock?: Clock; settings?: Partial<DocumentsSettings>; seed?: boolean } = {}) {
  const documents = createDocumentsModule(options.settings);
  const platform = await TestPlatform.start({
    services: [createEventLogModule(), documents],
    extraClients: DOCUMENT_CLIENTS,
    clock: options.clock,
    seedDevelopmentData: options.seed ?? false,
  });
  return { platform, documents, institution: platform.client('demo-institution'), writer: platform.client('docs-writer'), nobody: platform.client('docs-nobody') };
}

export function expectStatus(response: HttpResponse, status: number, what = ''): HttpResponse {
  expect(response.status, `${what} ${response.status} ${response.text.slice(0, 400)}`).to.equal(status);
  if (status >= 400) expect(String(response.headers['content-type'])).to.match(/^application\/problem\+json/);
  return response;
}

/** Uploads content whole; returns the blob id. */
export async function uploadJson(client: HttpsClient, content: unknown, query: Record<string, string> = {}): Promise<string> {
  const response = await client.post('/mdocs/blobs', { query: { documentTypeCode: 'Unknown', ...query }, body: JSON.stringify(content), headers: { 'content-type': 'application/json' } });
  return expectShape(expectStatus(response, 201, 'upload'), 'identified').id;
}

export async function uploadBytes(client: HttpsClient, bytes: Buffer, contentType = 'application/octet-stream', query: Record<string, string> = {}): Promise<string> {
  const response = await client.post('/mdocs/blobs', { query: { documentTypeCode: 'Unknown', ...query }, body: bytes, headers: { 'content-type': contentType } });
  return expectStatus(response, 201, 'upload').json().id;
}

/** Creates documents (or folders, blobId null); returns the created items. */
export async function createDocuments(client: HttpsClient, blobId: string | null, documents: object[]): Promise<{ id: string; name: string; principal: string; expiresOn: string | null }[]> {
  return expectShape(expectStatus(await client.post('/mdocs/documents', { body: { blobId, documents } }), 201, 'create'), 'documents-created');
}

export async function createFolder(client: HttpsClient, principal: string, name: string, folderId?: string): Promise<string> {
  return (await createDocuments(client, null, [{ principal, name, ...(folderId ? { folderId } : {}) }]))[0].id;
}

export async function createDocument(client: HttpsClient, principal: string, name: string, content: unknown = { text: name }, extra: object = {}): Promise<string> {
  const blobId = await uploadJson(client, content);
  return (await createDocuments(client, blobId, [{ principal, name, ...extra }]))[0].id;
}

/** Every event the document store appended follows its contract (schemas/events/<type>.json). */
export async function expectEventsFollowContracts(platform: TestPlatform): Promise<number> {
  const events = await platform.platform.stores.events.readAll({ after: 0, limit: 1_000_000, filter: { streamPrefix: 'documents-' } });
  const validators = new Map<string, ReturnType<typeof compileSchema>>();
  for (const stored of events) {
    const type = stored.event.type;
    if (!validators.has(type)) validators.set(type, compileSchema(JSON.parse(readFileSync(join(schemasDir, 'events', `${type}.json`), 'utf8'))));
    const validate = validators.get(type)!;
    expect(validate(stored.event.data), `${type}: ${JSON.stringify(validate.errors)}`).to.equal(true);
  }
  return events.length;
}

export const MIB = 1024 * 1024;
export const PART = 5 * MIB;

/** A part of a partial upload: the first by POST (answers the blob's id), the others by PUT. */
export function sendPart(client: HttpsClient, blobId: string | null, bytes: Buffer, start: number, total: number, headers: Record<string, string> = {}): Promise<HttpResponse> {
  const range = { 'content-type': 'application/octet-stream', 'content-range': `bytes ${start}-${start + bytes.length - 1}/${total}`, ...headers };
  return blobId === null
    ? client.post('/mdocs/blobs', { query: { documentTypeCode: 'Unknown' }, body: bytes, headers: range })
    : client.put(`/mdocs/blobs/${blobId}`, { body: bytes, headers: range });
}

/**
 * Sends a request whose body stops after `sendBytes` of the `declaredBytes` it announced, then cuts the
 * connection: a client whose network dropped mid-upload. Resolves once the connection is gone.
 */
export function cutRequest(client: HttpsClient, method: string, path: string, headers: Record<string, string>, declaredBytes: number, sendBytes: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL(client.baseUrl + path);
    const request = httpsRequest(url, { method, headers: { ...headers, 'content-length': String(declaredBytes) }, ...client.credentials, agent: false });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(sendBytes, () => setTimeout(() => request.destroy(), 100));
  });
}

/** The answer's body fits its response schema (schemas/documents/<name>.response.json); returns it. */
export function expectShape<T = any>(response: HttpResponse, schema: string): T {
  const body = response.json();
  expect(() => RequestSchemas.of('documents').value(`${schema}.response.json`, structuredClone(body)), `${schema}: ${response.text.slice(0, 300)}`).to.not.throw();
  return body;
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BlobExistsError } from '../blob/decider';
import { toBlobStreamId } from '../blob/stream';
import type { CreateDocument } from '../document/commands';
import { DocumentExistsError } from '../document/errors';
import type { ContentRef } from '../document/events';
import { currentVersion } from '../document/state';
import { toDocumentStreamId } from '../document/stream';
import { DocumentTypeExistsError } from '../document-type/decider';
import type { DocumentTypeDefinition } from '../document-type/definition';
import { toDocumentTypeStreamId } from '../document-type/stream';
import type { DocumentsContext } from '../handlers/context';
import { ShareExistsError } from '../share/decider';
import { OWNER_GRANT } from '../share/grant';
import { toShareStreamId } from '../share/stream';

const CERTIFICATE_TYPE: DocumentTypeDefinition = JSON.parse(readFileSync(new URL('./demo-certificate-type.json', import.meta.url), 'utf8'));

/** The demo principals: demo-institution's organization (ASP), two persons and a company of the demo registries. */
export const DEMO_PRINCIPALS = { institution: 'urn:md:idno:1003600000003', ion: 'urn:md:idnp:2000000000011', maria: 'urn:md:idnp:2000000000022', company: 'urn:md:idno:1003600000010' };
const SEEDER = 'documents-demo-data';

/** Ids derived from names, so that loading the demo again finds what it made. */
export function demoId(name: string): string {
  const hex = createHash('sha1').update(`documents-demo:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const ignoring = (...errors: (abstract new (...args: never[]) => Error)[]) => (error: unknown) => {
  if (!errors.some((known) => error instanceof known)) throw error;
};

async function content(ctx: DocumentsContext, name: string, bytes: Buffer, contentType: string, documentTypeCode: string): Promise<ContentRef> {
  const blobId = demoId(`blob:${name}`);
  const { sha256, size } = await ctx.deps.blobs.put(bytes);
  const command = { type: 'RecordUpload' as const, blobId, documentTypeCode, contentType, size, sha256, uploadedBy: DEMO_PRINCIPALS.institution, clientId: SEEDER, at: ctx.now() };
  await ctx.commands.blobs.handle(toBlobStreamId(blobId), command, SEEDER).catch(ignoring(BlobExistsError));
  return { blobId, sha256, size, contentType };
}

async function create(ctx: DocumentsContext, name: string, fields: Partial<CreateDocument> & Pick<CreateDocument, 'owner' | 'name'>): Promise<string> {
  const documentId = demoId(`document:${name}`);
  const at = ctx.now();
  const command: CreateDocument = {
    type: 'CreateDocument', documentId, by: fields.owner, number: null, folderId: null, documentType: 'Folder', isFolder: true, content: null,
    createdOn: at, expiresOn: null, createdBy: fields.owner, suppressNotifications: true, clientId: SEEDER, at, ...fields,
  };
  await ctx.commands.documents.handle(toDocumentStreamId(documentId), command, SEEDER).catch(ignoring(DocumentExistsError));
  return documentId;
}

async function share(ctx: DocumentsContext, name: string, documentId: string, owner: string, sharedFor: string, permission: 'Read' | 'Write', to: string | null): Promise<void> {
  const shareId = demoId(`share:${name}`);
  const command = { type: 'GrantShare' as const, shareId, documentId, documentOwner: owner, sharedFor, permission, from: null, to, sharer: { principal: owner, grants: [OWNER_GRANT] }, suppressNotifications: true, clientId: SEEDER, at: ctx.now() };
  await ctx.commands.shares.handle(toShareStreamId(shareId), command, SEEDER).catch(ignoring(ShareExistsError));
}

const certificate = (number: string, issuedOn: string) => ({
  idnp: '2000000000011', fullName: 'Ion Popescu', birthDate: '1985-04-12', certificateNumber: number, issuedOn, purpose: 'angajare în câmpul muncii', records: [],
});

/**
 * Demo data for `npm start`: the type DEMO-CERTIFICATE (schema, versioning, templates in three languages),
 * Ion Popescu's folder with his certificate (two versions, published by the institution) shared with Maria
 * Rusu, a note of his, a company's contract shared with him for writing, and Maria's own folder. Loading it
 * again adds nothing: every id is derived, and the last share made says it is all there.
 */
export async function seedDocumentsDemo(ctx: DocumentsContext): Promise<void> {
  const { institution, ion, maria, company } = DEMO_PRINCIPALS;
  if ((await ctx.deps.events.readStream(toShareStreamId(demoId('share:contract-for-ion')))).length > 0) return;
  await ctx.commands.types.handle(toDocumentTypeStreamId(CERTIFICATE_TYPE.code), { type: 'DefineDocumentType', definition: CERTIFICATE_TYPE, clientId: SEEDER, at: ctx.now() }, SEEDER).catch(ignoring(DocumentTypeExistsError));
  const year = new Date(ctx.now()).getUTCFullYear();
  const ionFolder = await create(ctx, 'ion-certificates', { owner: ion, name: 'Certificate' });
  const first = await content(ctx, 'certificate-v1', Buffer.from(JSON.stringify(certificate('CJ-000101', `${year}-01-15`))), 'application/json', CERTIFICATE_TYPE.code);
  const expiresOn = new Date(Date.parse(ctx.now()) + 90 * 86_400_000).toISOString();
  const certificateId = await create(ctx, 'ion-certificate', {
    owner: ion, by: institution, createdBy: institution, name: 'Certificat de cazier judiciar', number: 'CJ-000101', folderId: ionFolder,
    documentType: CERTIFICATE_TYPE.code, isFolder: false, content: first, expiresOn,
  });
  const { state } = await ctx.commands.documents.load(toDocumentStreamId(certificateId));
  if (currentVersion(state) === 1) {
    const second = await content(ctx, 'certificate-v2', Buffer.from(JSON.stringify(certificate('CJ-000187', `${year}-03-02`))), 'application/json', CERTIFICATE_TYPE.code);
    const actor = { principal: institution, permission: 'Write' as const };
    await ctx.commands.documents.handle(toDocumentStreamId(certificateId), { type: 'AddVersion', documentId: certificateId, actor, content: second, keepPrevious: true, clientId: SEEDER, at: ctx.now() }, SEEDER);
  }
  await share(ctx, 'certificate-for-maria', certificateId, ion, maria, 'Read', `${year + 1}-12-31T23:59:59.000Z`);
  const note = await content(ctx, 'ion-note', Buffer.from('Lista documentelor de depus la angajare.\n'), 'text/plain; charset=utf-8', 'Unknown');
  await create(ctx, 'ion-note', { owner: ion, name: 'notite.txt', documentType: 'Unknown', isFolder: false, content: note });
  await create(ctx, 'maria-personal', { owner: maria, name: 'Personal' });
  const contracts = await create(ctx, 'company-contracts', { owner: company, name: 'Contracte' });
  const contract = await content(ctx, 'company-contract', Buffer.from('Contract de prestări servicii nr. 12/2026 (demo)\n'), 'text/plain; charset=utf-8', 'Unknown');
  const contractId = await create(ctx, 'company-contract', { owner: company, name: 'contract-12-2026.txt', number: '12/2026', folderId: contracts, documentType: 'Unknown', isFolder: false, content: contract });
  await share(ctx, 'contract-for-ion', contractId, company, ion, 'Write', null);
  ctx.deps.logger.info({ certificateId }, 'document store demo data loaded');
}

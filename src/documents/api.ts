import { pathParameter, type ApiAccess, type ApiHeaders, type ApiOperation, type ApiParameter, type ApiResponse, type JsonSchema, type ServiceApi } from '../platform/openapi/api-description';
import { DocumentsRights } from './rights';
import { DOCUMENTS_SERVICE } from './service';

const READ: ApiAccess = { service: DOCUMENTS_SERVICE, right: DocumentsRights.read };
const WRITE: ApiAccess = { service: DOCUMENTS_SERVICE, right: DocumentsRights.write };
const TYPES: ApiAccess = { service: DOCUMENTS_SERVICE, right: DocumentsRights.types };
const QUOTAS: ApiAccess = { service: DOCUMENTS_SERVICE, right: DocumentsRights.quotas };

const UUID: JsonSchema = { type: 'string', format: 'uuid' };
const DOCUMENT_ID = pathParameter('id', 'The document or folder (a uuid).', UUID);
const BLOB_ID = pathParameter('id', 'The blob: the id POST /mdocs/blobs answered.', UUID);
const SHARE_ID = pathParameter('shareId', 'The share (a uuid).', UUID);
const VERSION = pathParameter('version', 'The version number, from 1 to 32767.', { type: 'string', pattern: '^[0-9]{1,5}$' });
const TYPE_CODE = pathParameter('code', 'The document type code.', { type: 'string', maxLength: 50 });

const BYTES: JsonSchema = { type: 'string', format: 'binary' };
const BINARY_BODY = (description: string) => ({ schema: BYTES, contentType: 'application/octet-stream', alsoAccepts: ['*/*'], description });

const CONTENT_RANGE_PATTERN = '^bytes [0-9]+-[0-9]+/[0-9]+$';
const RANGE: ApiParameter = {
  name: 'Range',
  in: 'header',
  description:
    'One byte range (RFC 9110): `bytes=<first>-<last>`, `bytes=<first>-` or `bytes=-<the last n bytes>`, answered 206 with that part. A header that is not one well-formed byte range (several ranges, another unit) is ignored: the whole content, 200. A range that starts past the end: 416.',
  schema: { type: 'string', maxLength: 100 },
  example: 'bytes=0-99',
};
const DOWNLOAD_HEADERS: ApiHeaders = {
  'Accept-Ranges': { description: '`bytes`: a Range of the content may be asked.', schema: { type: 'string', enum: ['bytes'] } },
  ETag: { description: "The content's SHA-256 (hex), quoted.", schema: { type: 'string' } },
  'Content-Disposition': { description: "An attachment, with the document's name as its file name (RFC 6266, UTF-8).", schema: { type: 'string' } },
};
const DOWNLOADED: Record<number, ApiResponse> = {
  200: {
    description: 'The whole content, with the media type it was uploaded with (application/octet-stream when it had none a header can carry). Never sniffed or run by a browser (nosniff, a sandboxing Content-Security-Policy).',
    schema: BYTES,
    contentType: 'application/octet-stream',
    alsoAs: { '*/*': BYTES },
    headers: DOWNLOAD_HEADERS,
  },
  206: {
    description: 'The byte range asked (Range), with the content\'s media type.',
    schema: BYTES,
    contentType: 'application/octet-stream',
    alsoAs: { '*/*': BYTES },
    headers: { ...DOWNLOAD_HEADERS, 'Content-Range': { description: 'The part sent: `bytes <first>-<last>/<size>`.', schema: { type: 'string', pattern: CONTENT_RANGE_PATTERN } } },
  },
};
const UNSATISFIABLE = 'The Range starts past the end of the content (or asks its last 0 bytes); Content-Range: `bytes */<size>` gives the size.';
const UNSATISFIABLE_HEADERS: Record<number, ApiHeaders> = { 416: { 'Content-Range': { description: 'The size of the content: `bytes */<size>`.', schema: { type: 'string', pattern: '^bytes \\*/[0-9]+$' } } } };

const PAGINATION: ApiHeaders = {
  'X-Pagination': {
    description: 'The paging, as JSON: `{"TotalCount":2,"PageSize":20,"CurrentPage":1,"TotalPages":1}`.',
    schema: { type: 'string', contentMediaType: 'application/json' },
  },
};
const RENDITION: ApiResponse = {
  description: 'The rendition: a PDF (application/pdf) or an HTML page (text/html; charset=utf-8) that escapes every value and runs no script.',
  schema: BYTES,
  contentType: 'application/pdf',
  alsoAs: { 'text/html': BYTES },
};

const INVALID = 'A query parameter or a member missing or out of its form; `errors` names each (`documents[0].name`, `principal`).';
const JSON_BODY = 'A body that is not JSON (at most 256 KB), or that does not fit its schema; `errors` names each member.';
/** 403: the right missing, or acting for a principal the client may not act for, and what else the operation refuses so. */
const forbidden = (right: string, more = '') =>
  `The client lacks the registry right \`${right}\` of \`documents\`, or names a \`principal\` other than its own organization without the right \`impersonate\`.${more ? ` ${more}` : ''}`;
const NO_PERMISSION = (needed: string) => `The principal's permission on the document is less than ${needed} (an owner may do everything, a share gives Read or Write).`;
const NOT_FOUND = 'No document of this id, or it is in the recycle bin, or not yet published (createdOn in the future; its creator sees it).';
const QUOTA = "The principal's quota (storageMaximum) would be passed; `errors.quota` gives the maximum, the usage and what was needed.";

const blobs: ApiOperation[] = [
  {
    method: 'post',
    path: '/mdocs/blobs',
    operationId: 'uploadDocumentContent',
    summary: 'Upload content, whole or its first part',
    description:
      'The body is the content, sent with its own media type (Content-Type), which downloads give back. Without Content-Range the body is the whole content; with `Content-Range: bytes 0-<last>/<total>` it is the first part of an upload in parts (every part but the last at least 5 MiB), continued with PUT /mdocs/blobs/{id}. Content of a type with a schema (DEMO-CERTIFICATE) must be JSON of at most 256 KB, sent whole, and fit the schema. The answer names the blob, which POST /mdocs/documents turns into documents or POST /mdocs/documents/{id}/versions into a version. The upload is counted against the quota of the principal it is made for.',
    access: WRITE,
    parameters: [
      { name: 'Content-Range', in: 'header', description: 'For an upload in parts, the first part: `bytes 0-<last>/<total size>`.', schema: { type: 'string', pattern: CONTENT_RANGE_PATTERN }, example: 'bytes 0-5242879/12000000' },
      {
        name: 'Repr-Digest',
        in: 'header',
        description: "The whole content's SHA-256 (RFC 9530, `sha-256=:<base64>:`): the content, or the completed upload, is refused (400) when it differs.",
        schema: { type: 'string', maxLength: 200 },
        example: 'sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:',
      },
    ],
    query: 'documents/blob-upload.query.json',
    body: BINARY_BODY("The content (or its first part), in the content's own media type (application/octet-stream unless said)."),
    responses: { 201: { description: 'Stored (or the upload in parts started): the blob.', schema: 'documents/identified.response.json' } },
    problems: {
      400: `${INVALID} Or: a documentTypeCode that names no type (or Folder); JSON content that does not fit its type's schema (\`errors\` under \`content/...\`); content of a type with a schema that is not JSON, or sent in parts; a Content-Range that is not \`bytes <first>-<last>/<total>\` or does not start at 0 (X-Expected-Content-Range gives the range expected); a Repr-Digest the content does not match; urn:public as the principal.`,
      403: forbidden(DocumentsRights.write),
      413: 'The content (or the total size a Content-Range announces) is larger than the largest blob (DOCUMENTS_MAX_BLOB_BYTES, 2 GiB by default).',
      507: QUOTA,
    },
    problemHeaders: { 400: { 'X-Expected-Content-Range': { description: 'With a part refused: the Content-Range the upload expects next.', schema: { type: 'string', pattern: CONTENT_RANGE_PATTERN } } } },
  },
  {
    method: 'put',
    path: '/mdocs/blobs/{id}',
    operationId: 'uploadDocumentContentPart',
    summary: 'Upload the next part',
    description:
      'The next part of an upload in parts, in order: `Content-Range: bytes <first>-<last>/<total>`, starting where the parts received end. A part received before, sent again with the same bytes (its answer was lost), is taken as a retry; a part that overlaps, leaves a gap or was cut by a dropped connection is not counted. The last byte completes the upload: its SHA-256 is computed, and checked against a Repr-Digest announced.',
    access: WRITE,
    parameters: [
      BLOB_ID,
      { name: 'Content-Range', in: 'header', required: true, description: 'This part: `bytes <first>-<last>/<total size>`.', schema: { type: 'string', pattern: CONTENT_RANGE_PATTERN }, example: 'bytes 5242880-10485759/12000000' },
    ],
    query: 'documents/principal.query.json',
    body: BINARY_BODY('The bytes of this part.'),
    responses: { 200: { description: 'Where the upload stands after this part.', schema: 'documents/blob-part.response.json' } },
    problems: {
      400: `${INVALID} Or: Content-Range missing or not \`bytes <first>-<last>/<total>\`; a part that does not come next (X-Expected-Content-Range gives the range expected), repeats a part with other bytes, or whose length is not its range's (Content-Length, or the connection dropped); an upload that was sent whole, is complete, or whose content does not match the Repr-Digest announced.`,
      403: forbidden(DocumentsRights.write, 'Or the upload was started by another client.'),
      404: 'No upload of this id (or one abandoned, or deleted).',
      413: 'The part is larger than the largest blob.',
    },
    problemHeaders: { 400: { 'X-Expected-Content-Range': { description: 'With a part refused: the Content-Range the upload expects next.', schema: { type: 'string', pattern: CONTENT_RANGE_PATTERN } } } },
  },
  {
    method: 'get',
    path: '/mdocs/blobs/{id}',
    operationId: 'getDocumentContentUpload',
    summary: 'Where an upload stands',
    description: 'The blob the client uploaded: its status, the bytes received, the range expected next while it is uploading, and its SHA-256 once complete.',
    access: WRITE,
    parameters: [BLOB_ID],
    query: 'documents/principal.query.json',
    responses: { 200: { description: 'The blob.', schema: 'documents/blob-status.response.json' } },
    problems: { 400: INVALID, 403: forbidden(DocumentsRights.write, 'Or another client uploaded it.'), 404: 'No blob of this id.' },
  },
  {
    method: 'delete',
    path: '/mdocs/blobs/{id}',
    operationId: 'deleteDocumentContentUpload',
    summary: 'Delete an uploaded blob',
    description: 'The blob makes no more documents; an upload in parts under way is dropped with its parts. Documents made from it keep their content.',
    access: WRITE,
    parameters: [BLOB_ID],
    query: 'documents/principal.query.json',
    responses: { 200: { description: 'Deleted (or deleted before).', schema: 'documents/identified.response.json' } },
    problems: { 400: INVALID, 403: forbidden(DocumentsRights.write, 'Or another client uploaded it.'), 404: 'No blob of this id (or one abandoned).' },
  },
  {
    method: 'post',
    path: '/mdocs/transform',
    operationId: 'transformDocumentContent',
    summary: 'Render JSON content as a PDF or an HTML page',
    description: "The body, JSON content of the type documentTypeCode, rendered with the type's template in the language asked (Romanian by default). Nothing is stored.",
    access: READ,
    query: 'documents/transform.query.json',
    body: { schema: { type: 'object', description: 'JSON content of the type, as its template reads it.' }, description: 'The content to render (at most 256 KB).', example: { idnp: '2000000000011', fullName: 'Ion Popescu', certificateNumber: 'CJ-000300', issuedOn: '2026-11-20', records: [] } },
    responses: { 200: RENDITION },
    problems: { 400: `${INVALID} Or: a documentTypeCode that names no type, a type without a template, a body that is not JSON.`, 403: forbidden(DocumentsRights.read) },
  },
];

const documents: ApiOperation[] = [
  {
    method: 'get',
    path: '/mdocs/documents',
    operationId: 'listDocuments',
    summary: "The principal's documents and folders",
    description: "A page of the principal's documents and folders at its root, or of a folder's (folderId: one the principal may read, its own or shared with it); with type or searchBy (words their name or number begin with) and no folder, its own documents at any depth. The paging is in X-Pagination. Reading a person's documents is logged (MDocs.PersonalData.Access).",
    access: READ,
    query: 'documents/documents-list.query.json',
    responses: { 200: { description: 'A page of documents.', schema: 'documents/documents-list.response.json', headers: PAGINATION } },
    problems: { 400: `${INVALID} Or an orderField it cannot order by.`, 403: forbidden(DocumentsRights.read, NO_PERMISSION('Read on the folder')), 404: 'No folder of this id (or it is in the recycle bin, or not yet published).' },
  },
  {
    method: 'post',
    path: '/mdocs/documents',
    operationId: 'createDocuments',
    summary: 'Create documents (or folders) from an uploaded blob',
    description:
      "One document per item, for its owner (principal), all naming the same content (blobId), or folders (blobId null). An item may name a folder (the owner must hold Write there), a publication date (createdOn: hidden until then), an expiry (else its type's), and shares. All items are created or none. Each owner is told, unless suppressNotifications.",
    access: WRITE,
    body: { schema: 'documents/documents-create.json', description: 'The content and the documents.' },
    responses: { 201: { description: 'Created, in the order of the items.', schema: 'documents/documents-created.response.json' } },
    problems: {
      400: `${JSON_BODY} Or: an owner that is not a principal that can own documents, a folderId that is not a folder, expiresOn not after createdOn, a share out of its form, an upload not complete.`,
      403: forbidden(DocumentsRights.write, 'Or the blob was uploaded by another client, or the owner lacks Write on the folder, or a share is wider than the sharer\'s own permission.'),
      404: 'No blob of this id (or one abandoned or deleted), or no folder of the folderId, or no reservation of a reservedId.',
      409: 'A share exists already under a reservedId.',
      507: QUOTA,
    },
  },
  {
    method: 'get',
    path: '/mdocs/documents/{id}',
    operationId: 'getDocument',
    summary: 'A document or folder',
    description: "The document as the principal sees it: its folder, type, size, flags (official, new, expiring) and who made and changed it. Reading a person's document is logged.",
    access: READ,
    parameters: [DOCUMENT_ID],
    query: 'documents/principal.query.json',
    responses: { 200: { description: 'The document.', schema: 'documents/document.response.json' } },
    problems: { 400: INVALID, 403: forbidden(DocumentsRights.read, NO_PERMISSION('Read')), 404: NOT_FOUND },
  },
  {
    method: 'patch',
    path: '/mdocs/documents/{id}',
    operationId: 'changeDocument',
    summary: 'Rename, renumber, change the expiry, or move',
    description:
      'The guide\'s object (`{name, number, expiresOn}`, with folderId to move; null removes a member, folderId null moves to the root) or the official client\'s operations (`[{op: replace|remove, path: name|number|expiresOn|folderId, value}]`). Needs Write; a move to the root, the owner.',
    access: WRITE,
    parameters: [DOCUMENT_ID],
    query: 'documents/principal.query.json',
    body: { schema: 'documents/document-patch.json', description: 'The change.', example: { name: 'scan-2026.pdf', number: 'S-1' } },
    responses: { 200: { description: 'The document after the change.', schema: 'documents/document.response.json' } },
    problems: {
      400: `${JSON_BODY} Or: an operation or path it does not know, a folderId that is not a folder or is the folder itself or inside it, expiresOn not after createdOn.`,
      403: forbidden(DocumentsRights.write, NO_PERMISSION('Write (the owner, for a move to the root)')),
      404: `${NOT_FOUND} Or no folder of the folderId.`,
    },
  },
  {
    method: 'delete',
    path: '/mdocs/documents/{id}',
    operationId: 'deleteDocument',
    summary: 'Move a document or folder to the recycle bin, or delete it for good',
    description: 'To the recycle bin, with what a folder holds; a folder that holds documents only with force=true. permanent=true deletes for good (the owner only).',
    access: WRITE,
    parameters: [DOCUMENT_ID],
    query: 'documents/document-delete.query.json',
    responses: { 200: { description: 'Deleted.', schema: 'documents/identified.response.json' } },
    problems: { 400: `${INVALID} Or a folder that holds documents, without force=true.`, 403: forbidden(DocumentsRights.write, NO_PERMISSION('Write (the owner, to delete for good)')), 404: NOT_FOUND },
  },
  {
    method: 'get',
    path: '/mdocs/documents/{id}/size',
    operationId: 'getDocumentSize',
    summary: 'The size of a document, or of what a folder holds',
    description: 'In bytes: the current content of the document, or of every document down the folder\'s tree (not those in the recycle bin).',
    access: READ,
    parameters: [DOCUMENT_ID],
    query: 'documents/principal.query.json',
    responses: { 200: { description: 'The size.', schema: 'documents/document-size.response.json' } },
    problems: { 400: INVALID, 403: forbidden(DocumentsRights.read, NO_PERMISSION('Read')), 404: NOT_FOUND },
  },
  {
    method: 'post',
    path: '/mdocs/documents/{id}/copy',
    operationId: 'copyDocument',
    summary: 'Copy a document',
    description: "A new document of the principal's, at its root or in folderId, naming the same content (counted once in its quota).",
    access: WRITE,
    parameters: [DOCUMENT_ID],
    query: 'documents/folder-target.query.json',
    responses: { 201: { description: 'The copy.', schema: 'documents/created-item.response.json' } },
    problems: {
      400: `${INVALID} Or: a folder (only documents are copied), a folderId that is not a folder, urn:public as the principal.`,
      403: forbidden(DocumentsRights.write, `${NO_PERMISSION('Read')} Or the principal lacks Write on the folder.`),
      404: `${NOT_FOUND} Or no folder of the folderId.`,
      507: QUOTA,
    },
  },
];

const content: ApiOperation[] = [
  {
    method: 'get',
    path: '/mdocs/documents/{id}/blob',
    operationId: 'downloadDocument',
    summary: "A document's content, or its rendition",
    description:
      "The current content, streamed: whole (200) or one byte range (Range: 206). With format=Pdf|Html, JSON content is rendered with its type's template (language Ro, En or Ru) instead, answered 200 as application/pdf or text/html. Reading a person's document is logged.",
    access: READ,
    parameters: [DOCUMENT_ID, RANGE],
    query: 'documents/blob-download.query.json',
    responses: { ...DOWNLOADED, 200: { ...DOWNLOADED[200], description: `${DOWNLOADED[200].description} With format: the rendition, application/pdf or text/html.` } },
    problems: {
      400: `${INVALID} Or: a folder (it has no content); a format asked of content that is not JSON of at most 256 KB, or of a type without a template.`,
      403: forbidden(DocumentsRights.read, NO_PERMISSION('Read')),
      404: NOT_FOUND,
      416: UNSATISFIABLE,
    },
    problemHeaders: UNSATISFIABLE_HEADERS,
  },
  {
    method: 'get',
    path: '/mdocs/documents/{id}/versions',
    operationId: 'listDocumentVersions',
    summary: "A document's versions",
    description: 'Newest first, a page at a time (X-Pagination). A type with versioning keeps every version; other types keep the current one only.',
    access: READ,
    parameters: [DOCUMENT_ID],
    query: 'documents/versions-list.query.json',
    responses: { 200: { description: 'A page of versions.', schema: 'documents/versions-list.response.json', headers: PAGINATION } },
    problems: { 400: INVALID, 403: forbidden(DocumentsRights.read, NO_PERMISSION('Read')), 404: NOT_FOUND },
  },
  {
    method: 'post',
    path: '/mdocs/documents/{id}/versions',
    operationId: 'addDocumentVersion',
    summary: 'New content for a document',
    description: "An uploaded blob of the document's type becomes its current content: a new version when the type keeps versions, else it replaces the current one.",
    access: WRITE,
    parameters: [DOCUMENT_ID],
    query: 'documents/principal.query.json',
    body: { schema: 'documents/document-version.json', description: 'The blob.' },
    responses: { 201: { description: 'The new version.', schema: 'documents/version.response.json' } },
    problems: {
      400: `${JSON_BODY} Or: a folder; content of another type; an upload not complete; a version number that would pass 32767.`,
      403: forbidden(DocumentsRights.write, `${NO_PERMISSION('Write')} Or the blob was uploaded by another client.`),
      404: `${NOT_FOUND} Or no blob of the blobId.`,
      507: QUOTA,
    },
  },
  {
    method: 'get',
    path: '/mdocs/documents/{id}/versions/{version}/blob',
    operationId: 'downloadDocumentVersion',
    summary: "One version's content",
    description: 'The content of a version kept, whole or one byte range (Range), as GET /mdocs/documents/{id}/blob gives the current one.',
    access: READ,
    parameters: [DOCUMENT_ID, VERSION, RANGE],
    query: 'documents/principal.query.json',
    responses: DOWNLOADED,
    problems: { 400: `${INVALID} Or a version that is not a number from 1 to 32767.`, 403: forbidden(DocumentsRights.read, NO_PERMISSION('Read')), 404: `${NOT_FOUND} Or no such version.`, 416: UNSATISFIABLE },
    problemHeaders: UNSATISFIABLE_HEADERS,
  },
  {
    method: 'delete',
    path: '/mdocs/documents/{id}/versions/{version}',
    operationId: 'deleteDocumentVersion',
    summary: 'Delete a version',
    description: 'A version kept, never the current one; with includingPrevious=true every earlier version too.',
    access: WRITE,
    parameters: [DOCUMENT_ID, VERSION],
    query: 'documents/version-delete.query.json',
    responses: { 200: { description: 'Deleted.', schema: 'documents/version.response.json' } },
    problems: { 400: `${INVALID} Or the current version, or a version that is not a number from 1 to 32767.`, 403: forbidden(DocumentsRights.write, NO_PERMISSION('Write')), 404: `${NOT_FOUND} Or no such version.` },
  },
];

const SHARE_TERMS = 'A share is never wider than the sharer\'s own permission, in rights or in time.';
const shares: ApiOperation[] = [
  {
    method: 'post',
    path: '/mdocs/documents/{id}/shares',
    operationId: 'shareDocument',
    summary: 'Share a document with principals',
    description: `Read or Write, for a time (from <= to, to later than now), to one or more principals (urn:public: anyone with a reservation's link). ${SHARE_TERMS} The seed's \`{"shares": [...]}\` or the official client's bare array (\`for\` for \`sharedFor\`); an item with a reservedId makes the share under the reservation's id. Each recipient is told, unless suppressNotifications.`,
    access: WRITE,
    parameters: [DOCUMENT_ID],
    query: 'documents/principal.query.json',
    body: { schema: 'documents/shares-create.json', description: 'The shares.' },
    responses: { 201: { description: 'The shares made, in the order of the items.', schema: 'documents/identified-list.response.json' } },
    problems: {
      400: `${JSON_BODY} Or: a permission not Read or Write, from after to, to not later than now, a recipient that is the sharer or the owner, a reservation used for another document, one reservedId twice.`,
      403: forbidden(DocumentsRights.write, `${NO_PERMISSION('Read')} Or a share wider than the sharer's own permission.`),
      404: `${NOT_FOUND} Or no reservation of a reservedId (made by this client).`,
      409: 'A share exists already under the reservedId.',
    },
  },
  {
    method: 'get',
    path: '/mdocs/documents/{id}/shares',
    operationId: 'getDocumentShares',
    summary: 'A document with its shares',
    description: "The document and its shares: all of them for its owner; otherwise those the principal made or was given. Reading a person's document is logged.",
    access: READ,
    parameters: [DOCUMENT_ID],
    query: 'documents/principal.query.json',
    responses: { 200: { description: 'The document and its shares.', schema: 'documents/document-shares.response.json' } },
    problems: { 400: INVALID, 403: forbidden(DocumentsRights.read, NO_PERMISSION('Read')), 404: NOT_FOUND },
  },
  {
    method: 'put',
    path: '/mdocs/documents/{id}/shares/{shareId}',
    operationId: 'changeDocumentShare',
    summary: "Change a share's permission or time",
    description: `By the principal who made the share, or the document's owner. ${SHARE_TERMS}`,
    access: WRITE,
    parameters: [DOCUMENT_ID, SHARE_ID],
    query: 'documents/principal.query.json',
    body: { schema: 'documents/share-update.json', description: 'The new terms.', example: { permission: 'Write', from: null, to: '2027-12-31T00:00:00Z' } },
    responses: { 200: { description: 'The share\'s terms now.', schema: 'documents/share-terms.response.json' } },
    problems: {
      400: `${JSON_BODY} Or: a permission not Read or Write, from after to, to not later than now.`,
      403: forbidden(DocumentsRights.write, 'Or the principal neither made the share nor owns the document, or the share would be wider than its maker\'s permission.'),
      404: `${NOT_FOUND} Or no share of this id in force on the document.`,
    },
  },
  {
    method: 'delete',
    path: '/mdocs/documents/{id}/shares/{shareId}',
    operationId: 'revokeDocumentShare',
    summary: 'Remove a share',
    description: "By the principal who made the share, or the document's owner.",
    access: WRITE,
    parameters: [DOCUMENT_ID, SHARE_ID],
    query: 'documents/principal.query.json',
    responses: { 200: { description: 'Removed.', schema: 'documents/identified.response.json' } },
    problems: { 400: INVALID, 403: forbidden(DocumentsRights.write, "Or the principal neither made the share nor owns the document."), 404: `${NOT_FOUND} Or no share of this id in force on the document.` },
  },
  {
    method: 'get',
    path: '/mdocs/shares/for-me',
    operationId: 'listSharesForMe',
    summary: 'What was shared with the principal',
    description: "A page of the shares made for the principal that have not ended, newest first, each with its document (X-Pagination). Reading a person's documents is logged.",
    access: READ,
    query: 'documents/shares-list.query.json',
    responses: { 200: { description: 'A page of shares.', schema: 'documents/shares-for-me.response.json', headers: PAGINATION } },
    problems: { 400: `${INVALID} Or an orderField it cannot order by.`, 403: forbidden(DocumentsRights.read) },
  },
  {
    method: 'get',
    path: '/mdocs/shares/by-me',
    operationId: 'listSharesByMe',
    summary: 'What the principal shared',
    description: "A page of the documents the principal shared, each with the shares it made (X-Pagination). Reading a person's documents is logged.",
    access: READ,
    query: 'documents/shares-list.query.json',
    responses: { 200: { description: 'A page of shared documents.', schema: 'documents/shares-by-me.response.json', headers: PAGINATION } },
    problems: { 400: `${INVALID} Or an orderField it cannot order by.`, 403: forbidden(DocumentsRights.read) },
  },
  {
    method: 'post',
    path: '/mdocs/shares/reservations',
    operationId: 'reserveShare',
    summary: "Reserve a share's id, with an access code and a link",
    description:
      "A share's id given ahead (to print a link or a QR code on paper), with an 8-digit access code unless generateAccessCode=false, and the link (GET /mdocs/view/{id}) that shows the document once it is shared with the reservedId. The code is given once: only its hash is kept.",
    access: WRITE,
    query: 'documents/reservation.query.json',
    responses: { 201: { description: 'The reservation.', schema: 'documents/reservation.response.json' } },
    problems: { 400: INVALID, 403: forbidden(DocumentsRights.write) },
  },
  {
    method: 'get',
    path: '/mdocs/view/{id}',
    operationId: 'viewSharedDocument',
    summary: "A document by a reservation's link",
    description: "The document shared under the reservation's id, for whoever holds the link and its access code (X-Access-Code, never in the URL), while the share is in force. Any client with the read right serves it to its user (a portal, a verifier). The view is logged for a person's document.",
    access: READ,
    parameters: [pathParameter('id', "The reservation's id (the share's).", UUID), { name: 'X-Access-Code', in: 'header', description: "The reservation's 8-digit access code (when it has one).", schema: { type: 'string', pattern: '^[0-9]{8}$' }, example: '72464453' }],
    responses: { 200: { description: 'The document.', schema: 'documents/document.response.json' } },
    problems: { 403: forbidden(DocumentsRights.read, 'Or the access code is missing or wrong, or the share is not in force.'), 404: 'No document shared under this reservation (or it is in the recycle bin, or not yet published).' },
  },
  {
    method: 'get',
    path: '/mdocs/view/{id}/blob',
    operationId: 'downloadSharedDocument',
    summary: "A document's content by a reservation's link",
    description: 'The content of the document GET /mdocs/view/{id} shows, whole or one byte range (Range).',
    access: READ,
    parameters: [pathParameter('id', "The reservation's id (the share's).", UUID), { name: 'X-Access-Code', in: 'header', description: "The reservation's 8-digit access code (when it has one).", schema: { type: 'string', pattern: '^[0-9]{8}$' }, example: '72464453' }, RANGE],
    responses: DOWNLOADED,
    problems: {
      403: forbidden(DocumentsRights.read, 'Or the access code is missing or wrong, or the share is not in force.'),
      404: 'No document shared under this reservation (or it is in the recycle bin, or not yet published), or it is a folder.',
      416: UNSATISFIABLE,
    },
    problemHeaders: UNSATISFIABLE_HEADERS,
  },
];

const recycleBin: ApiOperation[] = [
  {
    method: 'get',
    path: '/mdocs/recycled-documents',
    operationId: 'listRecycledDocuments',
    summary: "The principal's recycle bin",
    description: "A page of what the principal deleted, latest first, each with when, by whom and from which folder (X-Pagination). Reading a person's documents is logged.",
    access: READ,
    query: 'documents/recycled-list.query.json',
    responses: { 200: { description: 'A page of recycled documents.', schema: 'documents/recycled-list.response.json', headers: PAGINATION } },
    problems: { 400: `${INVALID} Or an orderField it cannot order by.`, 403: forbidden(DocumentsRights.read) },
  },
  {
    method: 'post',
    path: '/mdocs/recycled-documents/{id}/restore',
    operationId: 'restoreRecycledDocument',
    summary: 'Restore a document from the recycle bin',
    description: 'Back to the folder it was deleted from (to the root when that folder is gone), or into folderId; a folder comes back with what it held.',
    access: WRITE,
    parameters: [DOCUMENT_ID],
    query: 'documents/folder-target.query.json',
    responses: { 200: { description: 'Restored.', schema: 'documents/identified.response.json' } },
    problems: { 400: `${INVALID} Or a folderId that is not a folder.`, 403: forbidden(DocumentsRights.write, 'Or the principal does not own the document, or lacks Write on the folder.'), 404: 'No document of this id in the recycle bin, or no folder of the folderId.' },
  },
  {
    method: 'delete',
    path: '/mdocs/recycled-documents',
    operationId: 'emptyRecycleBin',
    summary: 'Empty the recycle bin',
    description: "Deletes for good every document in the principal's recycle bin (a folder with what it holds).",
    access: WRITE,
    query: 'documents/principal.query.json',
    responses: { 200: { description: 'Emptied.', schema: 'documents/recycle-bin-emptied.response.json' } },
    problems: { 400: INVALID, 403: forbidden(DocumentsRights.write) },
  },
];

const TYPE_BODY = { schema: 'documents/document-type.json', description: 'The definition: titles, versioning, expiry, and optionally a JSON Schema of its content and templates (per language) for renditions.' };
const types: ApiOperation[] = [
  {
    method: 'get',
    path: '/mdocs/document-types/{code}',
    operationId: 'getDocumentType',
    summary: 'A document type, in the seed\'s shape',
    description: 'Its titles in Romanian, English and Russian, whether it keeps versions, and its icon. Unknown and Folder are built in.',
    access: READ,
    parameters: [TYPE_CODE],
    responses: { 200: { description: 'The document type.', schema: 'documents/document-type.response.json' } },
    problems: { 403: forbidden(DocumentsRights.read), 404: 'No document type of this code.' },
  },
  {
    method: 'post',
    path: '/api/v1/document-types',
    operationId: 'defineDocumentType',
    summary: 'Define a document type',
    description: 'A new type, with its titles, versioning, default expiry, and optionally the JSON Schema its JSON content must fit and its templates for PDF and HTML renditions. Location: the type.',
    access: TYPES,
    body: TYPE_BODY,
    responses: {
      201: { description: 'Defined: the whole definition, every member left out at its default.', schema: 'documents/document-type-definition.response.json', headers: { Location: { description: 'The type: /api/v1/document-types/{code}.', schema: { type: 'string' } } } },
    },
    problems: { 400: `${JSON_BODY} Or: a built-in type's code (Unknown, Folder), a schema that is not a JSON Schema.`, 403: forbidden(DocumentsRights.types), 409: 'A type of this code exists: change it with PUT.' },
  },
  {
    method: 'get',
    path: '/api/v1/document-types',
    operationId: 'listDocumentTypes',
    summary: 'Every document type',
    description: 'The built-in and the defined types, by code, a page at a time: the next page starts after nextCursor.',
    access: READ,
    query: 'documents/document-types-list.query.json',
    responses: { 200: { description: 'A page of types.', schema: 'documents/document-types-page.response.json' } },
    problems: { 400: INVALID, 403: forbidden(DocumentsRights.read) },
  },
  {
    method: 'get',
    path: '/api/v1/document-types/{code}',
    operationId: 'getDocumentTypeDefinition',
    summary: "A document type's whole definition",
    description: 'As it was defined or last changed, with its schema and templates.',
    access: READ,
    parameters: [TYPE_CODE],
    responses: { 200: { description: 'The definition.', schema: 'documents/document-type-definition.response.json' } },
    problems: { 403: forbidden(DocumentsRights.read), 404: 'No document type of this code.' },
  },
  {
    method: 'put',
    path: '/api/v1/document-types/{code}',
    operationId: 'changeDocumentType',
    summary: 'Replace a document type',
    description: "The whole definition replaces the type's; documents of the type keep their content and expiry.",
    access: TYPES,
    parameters: [TYPE_CODE],
    body: TYPE_BODY,
    responses: { 200: { description: 'The definition now.', schema: 'documents/document-type-definition.response.json' } },
    problems: { 400: `${JSON_BODY} Or: a code other than the path's, a built-in type, a schema that is not a JSON Schema.`, 403: forbidden(DocumentsRights.types), 404: 'No document type of this code: define it with POST.' },
  },
];

const principals: ApiOperation[] = [
  {
    method: 'get',
    path: '/mdocs/principals/{id}/name',
    operationId: 'getPrincipalName',
    summary: "A principal's name",
    description: "A person's or an organization's name as the registries give it (null when they do not know it). The path's principal never reaches the log: a refusal names the path by its template.",
    access: READ,
    parameters: [pathParameter('id', 'The principal: urn:md:idnp:<13 digits>, urn:md:idno:<13 digits>, urn:md:system:<uuid> or urn:public.', { type: 'string', maxLength: 100 })],
    responses: { 200: { description: 'The name.', schema: 'documents/principal-name.response.json' } },
    problems: { 400: 'The id is not a principal.', 403: forbidden(DocumentsRights.read) },
  },
  {
    method: 'get',
    path: '/mdocs/quota',
    operationId: 'getQuota',
    summary: "The principal's storage quota",
    description: 'Its maximum and its usage: the size of the distinct content its documents keep (versions and the recycle bin included), each content counted once.',
    access: READ,
    query: 'documents/principal.query.json',
    responses: { 200: { description: 'The quota.', schema: 'documents/quota.response.json' } },
    problems: { 400: INVALID, 403: forbidden(DocumentsRights.read), 507: 'The usage already passes the maximum (an administrator lowered it).' },
  },
  {
    method: 'post',
    path: '/api/v1/principal-quotas',
    operationId: 'setPrincipalQuota',
    summary: "Set a principal's storage maximum",
    description: 'For an administrator: the maximum replaces the default (DOCUMENTS_DEFAULT_QUOTA_BYTES). A maximum below the usage takes nothing away; it refuses what would add to it.',
    access: QUOTAS,
    body: { schema: 'documents/principal-quota.json', description: 'The principal and its maximum.' },
    responses: { 200: { description: "The principal's quota now.", schema: 'documents/principal-quota.response.json' } },
    problems: { 400: `${JSON_BODY} Or a principal that is not one.`, 403: `The client lacks the registry right \`${DocumentsRights.quotas}\` of \`documents\`.` },
  },
];

export const documentsApi: ServiceApi = {
  tag: 'documents',
  description:
    "The document store (MDocs): content uploaded whole or in parts and downloaded with byte ranges, documents and folders of principals (people, organizations, systems), versions, shares and reservations with links, the recycle bin, renditions as PDF or HTML, each principal's quota; under /api/v1 the administration of document types and quotas. A request acts for the client's own organization unless it names another `principal` (the right `impersonate`). Registry rights: read, write, impersonate, types, quotas (docs/documents.md).",
  operations: [...blobs, ...documents, ...content, ...shares, ...recycleBin, ...types, ...principals],
};

import { badRequest, conflict, emptyFieldErrors, forbidden, notFound, payloadTooLarge, ProblemError } from '../platform/errors';
import { problemMapping, when } from '../platform/http/problem-mapping';
import { bracketPath, RequestValidationError } from '../platform/http/request-validation';
import { InvalidContentRangeError } from './blob/content-range';
import { BlobExistsError, BlobNotFoundError, BlobNotOwnedError, DigestMismatchError, UploadNotOpenError } from './blob/decider';
import { PartRefusedError } from './blob/part-rules';
import { DocumentExistsError, DocumentNotFoundError, InvalidDocumentError, VersionNotFoundError } from './document/errors';
import { DocumentAccessDeniedError } from './document/permission';
import { ContentInvalidError, InvalidContentSchemaError } from './document-type/content-schema';
import { BuiltInTypeError, DocumentTypeExistsError, DocumentTypeNotFoundError } from './document-type/decider';
import { BlobTooLargeError } from './handlers/upload-content';
import { PartLengthError } from './handlers/uploads';
import { InvalidInputError } from './invalid-input';
import { ImpersonationNotAllowedError, InvalidPrincipalError } from './principals/acting-principal';
import { QuotaExceededError } from './quota/decider';
import { ReservationNotFoundError, ReservationUsedError } from './reservation/decider';
import { InvalidShareError, ShareExistsError, ShareNotFoundError, ShareNotYoursError, ShareWiderThanSharerError } from './share/decider';

const field = (name: string, message: string) => Object.assign(emptyFieldErrors(), { [name]: [message] });

/** Seed: 507 Insufficient Storage when an upload or a create would pass the principal's quota. */
export const insufficientStorage = (error: QuotaExceededError) =>
  new ProblemError(507, 'Insufficient Storage', error.message, field('quota', `storageMaximum ${error.storageMaximum}, storageUsage ${error.storageUsage}, needed ${error.needed}`));

/** A part that does not fit the upload: 400, with the range the upload expects next (also in a Range header, as received bytes). */
function partRefused(error: PartRefusedError): ProblemError {
  const errors = field('Content-Range', error.expected ? `expected ${error.expected}` : error.message);
  return error.expected ? new ProblemError(400, 'Bad Request', error.message, errors, { 'x-expected-content-range': error.expected }) : new ProblemError(400, 'Bad Request', error.message, errors);
}

/** The document store's named errors as HTTP problems (seed: 400, 403, 404, 413, 507). */
export const toProblem = problemMapping(
  when(RequestValidationError, (error) => validationProblem(error)),
  when([InvalidInputError, InvalidDocumentError, InvalidShareError], (error) => badRequest(error.message, field(error.field, error.reason))),
  when(InvalidPrincipalError, (error) => badRequest(error.message, field(error.field, 'must be a principal URN'))),
  when(ContentInvalidError, (error) => badRequest(error.message, Object.fromEntries(Object.entries(error.errors).map(([pointer, messages]) => [`content${pointer === '/' ? '' : pointer}`, messages])))),
  when(InvalidContentSchemaError, (error) => badRequest(error.message, field('schema', error.reason))),
  when(InvalidContentRangeError, (error) => badRequest(error.message, field('Content-Range', 'must be bytes <first>-<last>/<total>'))),
  when(PartRefusedError, partRefused),
  when<Error>([PartLengthError, UploadNotOpenError, BuiltInTypeError, ReservationUsedError], (error) => badRequest(error.message)),
  when(DigestMismatchError, (error) => badRequest(error.message, field('Repr-Digest', 'does not match the content'))),
  when<Error>([ImpersonationNotAllowedError, DocumentAccessDeniedError, ShareWiderThanSharerError, ShareNotYoursError, BlobNotOwnedError], (error) => forbidden(error.message)),
  when<Error>([DocumentNotFoundError, VersionNotFoundError, ShareNotFoundError, BlobNotFoundError, ReservationNotFoundError, DocumentTypeNotFoundError], (error) => notFound(error.message)),
  when<Error>([DocumentTypeExistsError, DocumentExistsError, ShareExistsError, BlobExistsError], (error) => conflict(error.message)),
  when(BlobTooLargeError, (error) => payloadTooLarge(error.message)),
  when(QuotaExceededError, insufficientStorage),
);

/** A request that fails its schema: 400 naming each field as the official client's models do ('documents[0].name'). */
export function validationProblem(error: RequestValidationError): ProblemError {
  const errors = emptyFieldErrors();
  for (const failure of error.fieldErrors) {
    const name = bracketPath(failure.path) || 'body';
    (errors[name] ??= []).push(failure.key === 'unknownField' ? 'is not a known member' : failure.message);
  }
  return badRequest(`invalid request: ${Object.entries(errors).map(([name, messages]) => `${name} ${messages.join(', ')}`).join('; ')}`, errors);
}

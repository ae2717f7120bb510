import { validationProblem } from '../eventlog/problems';
import { problemMapping, when } from '../platform/http/problem-mapping';
import { RequestValidationError } from '../platform/http/request-validation';

/** The console's refusals: its request bodies fail their schemas (schemas/console) as the event log's do, naming each field. */
export const toProblem = problemMapping(when(RequestValidationError, (error) => validationProblem(error.fieldErrors)));

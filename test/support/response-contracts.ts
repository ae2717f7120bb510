import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from '../../src/platform/openapi/openapi-document';
import type { RecordedResponse } from './response-log';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const DOCUMENT_ID = 'urn:egov:openapi';
const PROBLEM_POINTER = '/components/schemas/PlatformProblem';
const PROBLEM_MEDIA_TYPE = 'application/problem+json';

type Operation = { template: string; pattern: RegExp; literal: number; responses: Record<string, { content?: Record<string, unknown> }> };

/**
 * Checks responses against an OpenAPI document: a response of a described operation must have a described
 * status, a JSON body where one is described, and that body must fit the schema; a problem
 * (application/problem+json) must fit the problem schema, whatever answered it, and the operation's own
 * problem schema where it describes one (problemSchema). Returns one line per misfit.
 */
export class ResponseContracts {
  private readonly ajv: Ajv2020;
  private readonly operations = new Map<string, Operation[]>();
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    for (const [template, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
        const list = this.operations.get(method) ?? this.operations.set(method, []).get(method)!;
        list.push({ template, pattern, literal: template.replace(/\{[^}]+\}/g, '').length, responses: operation.responses as Operation['responses'] });
      }
    }
  }

  violations(responses: readonly RecordedResponse[]): string[] {
    const found = new Set<string>();
    for (const response of responses) for (const violation of this.check(response)) found.add(violation);
    return [...found];
  }

  private check(response: RecordedResponse): string[] {
    const operation = this.operationOf(response);
    const named = `${response.method.toUpperCase()} ${operation?.template ?? response.path} ${response.status}`;
    const problem = response.contentType.startsWith('application/problem+json');
    if (problem) return [...this.misfits(named, response, PROBLEM_POINTER), ...this.ownProblemMisfits(named, response, operation)];
    if (!operation) return [];
    const described = operation.responses[String(response.status)];
    if (!described) return [`${named}: the status is not described`];
    if (response.text === undefined || response.status < 200 || response.status > 299) return [];
    const mediaType = describedMediaType(Object.keys(described.content ?? {}), response.contentType);
    if (!mediaType) return [`${named}: answered ${response.contentType}, described ${Object.keys(described.content ?? {}).join(', ') || 'no body'}`];
    // a body described as bytes (a download, a byte range of it) is not checked as JSON, whatever its type
    if (!isJson(mediaType)) return [];
    const pointer = `/paths/${token(operation.template)}/${response.method}/responses/${response.status}/content/${token(mediaType)}/schema`;
    return this.misfits(named, response, pointer);
  }

  /** A problem of an operation whose problems are more than the Problem (problemSchema): it must fit that schema too. */
  private ownProblemMisfits(named: string, response: RecordedResponse, operation: Operation | undefined): string[] {
    const described = operation?.responses[String(response.status)]?.content?.[PROBLEM_MEDIA_TYPE] as { schema?: { $ref?: string } } | undefined;
    if (!operation || !described?.schema || described.schema.$ref === `#${PROBLEM_POINTER}`) return [];
    return this.misfits(named, response, `/paths/${token(operation.template)}/${response.method}/responses/${response.status}/content/${token(PROBLEM_MEDIA_TYPE)}/schema`);
  }

  private misfits(named: string, response: RecordedResponse, pointer: string): string[] {
    if (response.text === undefined) return [];
    const validate = this.validatorAt(pointer);
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      return [`${named}: the body is not JSON`];
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 5).map((error) => `${named}: ${error.instancePath || '/'} ${error.message} (${error.schemaPath.replace(`${DOCUMENT_ID}#`, '')})`);
  }

  private validatorAt(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) this.validators.set(pointer, (validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` })));
    return validate;
  }

  /** The described operation the request went to: of the templates that match its path, the most literal. */
  private operationOf(response: RecordedResponse): Operation | undefined {
    const matching = (this.operations.get(response.method) ?? []).filter((operation) => operation.pattern.test(response.path));
    return matching.sort((a, b) => b.literal - a.literal)[0];
  }
}

/**
 * The described media type an answer's Content-Type falls under: the type itself, else its range (`text/*`),
 * else any type (`*\/*`), as OpenAPI reads media type keys (the most specific applies).
 */
function describedMediaType(described: string[], contentType: string): string | undefined {
  const base = (type: string) => type.split(';')[0].trim().toLowerCase();
  const answered = base(contentType);
  const candidates = [answered, `${answered.split('/')[0]}/*`, '*/*'];
  for (const candidate of candidates) {
    const found = described.find((type) => base(type) === candidate);
    if (found) return found;
  }
  return undefined;
}

/** A JSON media type (application/json, application/problem+json): its body is checked against the schema. */
function isJson(mediaType: string): boolean {
  return /^application\/(?:[\w.-]+\+)?json$/i.test(mediaType.split(';')[0].trim());
}

/** A JSON pointer token (RFC 6901). */
function token(text: string): string {
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

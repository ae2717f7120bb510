/**
 * How a service describes its HTTP API (its api.ts), for the OpenAPI document the platform serves. The
 * shapes of bodies, query strings and answers are the JSON Schema files the routes validate with and the
 * `.response.json` files beside them, named by their path under schemas/ ('booking/appointment-request.json');
 * an inline JSON Schema is for what has no file (a path parameter, a header).
 */
export type ApiSchema = string | JsonSchema;

export type JsonSchema = { [keyword: string]: unknown };

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call: a registry right of a service (or any of several), any identified client, or anyone (no certificate needed). */
export type ApiAccess = { service: string; right: string | string[] } | 'identified' | 'anyone';

export type ApiParameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  description: string;
  schema: JsonSchema;
  required?: boolean;
  example?: unknown;
};

export type ApiBody = {
  schema: ApiSchema;
  /** application/json unless said */
  contentType?: string;
  /** further media types taking the same body */
  alsoAccepts?: string[];
  description: string;
  /** when the schema file's own `examples` do not show the case (an example of the whole body) */
  example?: unknown;
};

export type ApiResponse = {
  description: string;
  /** no schema: an empty body */
  schema?: ApiSchema;
  /** application/json unless said */
  contentType?: string;
  headers?: ApiHeaders;
  example?: unknown;
  /**
   * further media types or media ranges the answer may come as, each with its schema: a CSV or a PDF of one
   * export (the request chooses), a download in whatever media type its content was stored with (the range of every type)
   */
  alsoAs?: Record<string, ApiSchema>;
};

export type ApiHeaders = Record<string, { description: string; schema: JsonSchema }>;

export type ApiOperation = {
  method: HttpMethod;
  /** the OpenAPI path template: '/api/v2/appointments/{appointmentId}/confirm' */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  access: ApiAccess;
  parameters?: ApiParameter[];
  /** a schema file whose properties are the query parameters (what the route validates the query string with) */
  query?: string;
  body?: ApiBody;
  /** the answers that are not problems, by status */
  responses: Record<number, ApiResponse>;
  /** the problems (RFC 7807) the operation answers, by status: when each comes */
  problems: Record<number, string>;
  /** headers some of the problems come with, by status (a 416's Content-Range) */
  problemHeaders?: Record<number, ApiHeaders>;
  /**
   * the shape of every problem of this operation, when it is more than the platform's Problem (a service's
   * own members on it, as the seed's envelope on the representation checks); it must still fit the Problem
   */
  problemSchema?: string;
  deprecated?: boolean;
};

/** A service's API: one tag in the document, and its operations. */
export type ServiceApi = {
  tag: string;
  description: string;
  operations: ApiOperation[];
};

/** A query parameter by name and schema: the common case of the inline parameters. */
export function queryParameter(name: string, description: string, schema: JsonSchema, required = false): ApiParameter {
  return { name, in: 'query', description, schema, ...(required ? { required } : {}) };
}

/** A path parameter (always required). */
export function pathParameter(name: string, description: string, schema: JsonSchema = { type: 'string' }): ApiParameter {
  return { name, in: 'path', description, schema, required: true };
}

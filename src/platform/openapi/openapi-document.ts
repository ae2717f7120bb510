import type { ApiAccess, ApiOperation, ApiResponse, ApiSchema, JsonSchema, ServiceApi } from './api-description';
import { platformProblems, PROBLEM_FILE, PROBLEM_MEDIA_TYPE, problemHeaders, rightsText } from './problem-responses';
import { SchemaComponents } from './schema-components';
import { PLATFORM_GUIDE } from './platform-guide';

export const OPENAPI_VERSION = '3.1.0';

export type OpenApiInput = {
  /** the platform's operations, the exchange and every service mounted, in the order the tags are listed */
  apis: readonly ServiceApi[];
  /** where clients reach this bridge */
  publicUrl: string;
  /** the platform's version (package.json) */
  version: string;
};

export type OpenApiDocument = JsonSchema & { paths: Record<string, Record<string, JsonSchema>>; components: JsonSchema & { schemas: Record<string, JsonSchema> } };

/**
 * One OpenAPI 3.1 document from the services' descriptions (their api.ts) and the JSON Schema files the
 * routes validate with: every operation with its right, parameters, body, answers and problems.
 */
export function buildOpenApi(input: OpenApiInput): OpenApiDocument {
  const schemas = new SchemaComponents();
  const operations = input.apis.flatMap((api) => api.operations.map((operation) => ({ api, operation })));
  // every file named is read first, so that the components are complete when the operations are written
  schemas.refTo(PROBLEM_FILE);
  for (const { operation } of operations) for (const file of filesOf(operation)) schemas.refTo(file);
  const components = schemas.complete();

  const paths: OpenApiDocument['paths'] = {};
  for (const { api, operation } of operations) {
    const item = (paths[operation.path] ??= {});
    if (item[operation.method]) throw new Error(`${operation.method.toUpperCase()} ${operation.path} is described twice (${operation.operationId})`);
    item[operation.method] = describeOperation(api.tag, operation, schemas, components);
  }
  return {
    openapi: OPENAPI_VERSION,
    info: { title: 'eGov integration platform', version: input.version, description: PLATFORM_GUIDE },
    servers: [{ url: input.publicUrl, description: 'this bridge' }],
    security: [{ mutualTLS: [] }],
    tags: input.apis.map((api) => ({ name: api.tag, description: api.description })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        mutualTLS: {
          type: 'mutualTLS',
          description:
            'Mutual TLS: the client presents a certificate the platform trusts, whose subject is a client of the registry. The roles of an operation name the registry right it needs, as `<service>:<right>`.',
        },
      },
    },
  };
}

function filesOf(operation: ApiOperation): string[] {
  const schemasOf = [
    operation.body?.schema,
    ...Object.values(operation.responses).flatMap((response) => [response.schema, ...Object.values(response.alsoAs ?? {})]),
    operation.problemSchema,
  ];
  return [...schemasOf.filter((schema): schema is string => typeof schema === 'string'), ...(operation.query ? [operation.query] : [])];
}

function describeOperation(tag: string, operation: ApiOperation, schemas: SchemaComponents, components: Record<string, JsonSchema>): JsonSchema {
  const schemaOf = (schema: ApiSchema) => (typeof schema === 'string' ? schemas.refTo(schema) : schemas.inline(schema));
  const exampleOf = (schema: ApiSchema, given: unknown) => given ?? (typeof schema === 'string' ? firstExample(components, schemas.refTo(schema).$ref) : undefined);
  const parameters = [
    ...(operation.parameters ?? []).map(({ schema, ...parameter }) => ({ ...parameter, schema: schemas.inline(schema) })),
    ...(operation.query ? queryParameters(components, schemas.refTo(operation.query).$ref) : []),
  ];
  const { body } = operation;
  const bodyContent = body && { schema: schemaOf(body.schema), ...withExample(exampleOf(body.schema, body.example)) };
  const problem = schemas.refTo(operation.problemSchema ?? PROBLEM_FILE);
  const responses: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(operation.responses)) responses[status] = describeResponse(response, schemaOf, exampleOf);
  for (const [status, when] of Object.entries(platformProblems(operation))) {
    const headers = { ...problemHeaders(Number(status)), ...operation.problemHeaders?.[Number(status)] };
    responses[status] = { description: when, ...headersOf(Object.keys(headers).length ? headers : undefined), content: { [PROBLEM_MEDIA_TYPE]: { schema: problem } } };
  }
  return {
    tags: [tag],
    operationId: operation.operationId,
    summary: operation.summary,
    description: `${operation.description}\n\n${accessText(operation.access)}`,
    ...(operation.deprecated ? { deprecated: true } : {}),
    security: securityOf(operation.access),
    ...(parameters.length ? { parameters } : {}),
    ...(body && bodyContent
      ? { requestBody: { required: true, description: body.description, content: Object.fromEntries([body.contentType ?? 'application/json', ...(body.alsoAccepts ?? [])].map((type) => [type, bodyContent])) } }
      : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

function describeResponse(response: ApiResponse, schemaOf: (schema: ApiSchema) => JsonSchema, exampleOf: (schema: ApiSchema, given: unknown) => unknown): JsonSchema {
  const media = response.schema === undefined ? [] : [[response.contentType ?? 'application/json', response.schema] as const, ...Object.entries(response.alsoAs ?? {})];
  const content = media.length === 0 ? undefined : Object.fromEntries(media.map(([type, schema], index) => [type, { schema: schemaOf(schema), ...withExample(exampleOf(schema, index === 0 ? response.example : undefined)) }]));
  return { description: response.description, ...headersOf(response.headers), ...(content ? { content } : {}) };
}

function headersOf(headers: ApiResponse['headers']) {
  return headers ? { headers } : {};
}

function withExample(example: unknown) {
  return example === undefined ? {} : { example };
}

/** The query parameters a query schema lists: one per property, described by it. */
function queryParameters(components: Record<string, JsonSchema>, ref: string): JsonSchema[] {
  const schema = componentAt(components, ref);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', ...(required.has(name) ? { required: true } : {}), description: description ?? '', schema: rest };
  });
}

function firstExample(components: Record<string, JsonSchema>, ref: string): unknown {
  return (componentAt(components, ref).examples as unknown[] | undefined)?.[0];
}

function componentAt(components: Record<string, JsonSchema>, ref: string): JsonSchema {
  const name = ref.replace('#/components/schemas/', '');
  const schema = components[name];
  if (!schema) throw new Error(`no component ${name}`);
  return schema;
}

function securityOf(access: ApiAccess): JsonSchema[] {
  if (access === 'anyone') return [];
  // several requirements are alternatives: any one of the rights will do
  return access === 'identified' ? [{ mutualTLS: [] }] : [access.right].flat().map((right) => ({ mutualTLS: [`${access.service}:${right}`] }));
}

function accessText(access: ApiAccess): string {
  if (access === 'anyone') return '**Access:** anyone; no client certificate is needed.';
  if (access === 'identified') return '**Access:** any client of the registry (mutual TLS).';
  return `**Access:** the registry right ${rightsText(access.right)} of \`${access.service}\` (mutual TLS).`;
}

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'chai';
import { EventSchemas } from '../../src/exchange/event-schemas';
import type { ApiResponse, ServiceApi } from '../../src/platform/openapi/api-description';
import { buildAsyncApi } from '../../src/platform/openapi/asyncapi-document';
import { buildOpenApi, type OpenApiDocument } from '../../src/platform/openapi/openapi-document';
import { schemasDir } from '../../src/platform/project-paths';
import { platformApis } from '../../src/platform-apis';
import { createServiceModules } from '../../src/services';
import { ResponseContracts } from '../support/response-contracts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const EVENTS_DIR = join(schemasDir, 'events');

type Operation = { operationId: string; summary?: string; description?: string; parameters?: { name: string; description?: string }[]; responses: Record<string, { description?: string; content?: Record<string, { example?: unknown }> }> };

function operationsOf(document: OpenApiDocument): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation as unknown as Operation] as [string, Operation]));
}

describe('the API descriptions (OpenAPI 3.1, AsyncAPI 3.0)', () => {
  const document = buildOpenApi({ apis: platformApis(createServiceModules()), publicUrl: 'https://localhost:8443', version: '0.1.0' });

  it('the OpenAPI document passes @readme/openapi-parser', async function () {
    this.timeout(120_000);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, JSON.stringify(result)).to.equal(true);
    expect((result as { warnings?: unknown[] }).warnings ?? []).to.deep.equal([]);
  });

  it('describes every operation: a summary, a description, each parameter and each answer', () => {
    for (const [name, operation] of operationsOf(document)) {
      expect(operation.summary, name).to.be.a('string').and.not.be.empty;
      expect(operation.description, name).to.be.a('string').and.not.be.empty;
      for (const parameter of operation.parameters ?? []) expect(parameter.description, `${name} ${parameter.name}`).to.be.a('string').and.not.be.empty;
      for (const [status, response] of Object.entries(operation.responses)) expect(response.description, `${name} ${status}`).to.be.a('string').and.not.be.empty;
    }
  });

  it('describes every property of every schema (the platform\'s API design guide)', () => {
    const undescribed: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (node === null || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, { description?: string }>)) {
        if (typeof property === 'object' && !property.description) undescribed.push(`${where}.${name}`);
        walk(property, `${where}.${name}`);
      }
      for (const keyword of ['items', 'additionalProperties']) walk(schema[keyword], `${where}[]`);
      for (const keyword of ['allOf', 'anyOf', 'oneOf']) for (const branch of (schema[keyword] ?? []) as unknown[]) walk(branch, where);
    };
    for (const [name, schema] of Object.entries(document.components.schemas)) walk(schema, name);
    expect(undescribed).to.deep.equal([]);
  });

  it('gives every operation its own id', () => {
    const ids = operationsOf(document).map(([, operation]) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).to.deep.equal([]);
  });

  it('shows examples that fit their schemas', () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema({ ...document, $id: 'urn:egov:openapi' });
    const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    let examples = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item) as [string, Operation & { requestBody?: { content: Record<string, { example?: unknown }> } }][]) {
        const media = [
          ...Object.entries(operation.requestBody?.content ?? {}).map(([type, content]) => ({ at: pointer('paths', path, method, 'requestBody', 'content', type), content })),
          ...Object.entries(operation.responses).flatMap(([status, response]) => Object.entries(response.content ?? {}).map(([type, content]) => ({ at: pointer('paths', path, method, 'responses', status, 'content', type), content }))),
        ];
        for (const { at, content } of media.filter(({ content }) => content.example !== undefined)) {
          const check = ajv.compile({ $ref: `urn:egov:openapi#/${at}/schema` });
          expect(check(content.example), `${at}: ${ajv.errorsText(check.errors)}`).to.equal(true);
          examples += 1;
        }
      }
    }
    expect(examples).to.be.greaterThan(10);
  });

  it('the AsyncAPI document passes @asyncapi/parser and lists every event type of schemas/events', async function () {
    // the parser runs Spectral's rule set over the whole document: seconds on a loaded machine
    this.timeout(120_000);
    const asyncapi = buildAsyncApi({ catalogue: EventSchemas.fromDirectory(EVENTS_DIR), publicUrl: 'https://localhost:8443', version: '0.1.0' }) as { components: { messages: Record<string, { name: string }> } };
    const { document: parsed, diagnostics } = await new Parser().parse(JSON.stringify(asyncapi));
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 0).map((diagnostic) => `${diagnostic.path.join('.')}: ${diagnostic.message}`);
    expect(errors).to.deep.equal([]);
    expect(parsed).to.not.equal(undefined);
    const types = readdirSync(EVENTS_DIR).map((file) => file.replace(/\.json$/, ''));
    expect(Object.values(asyncapi.components.messages).map((message) => message.name)).to.include.members(types);
  });

  it('adds the operator catalogue\'s own types to the services\' ones', () => {
    const catalogue = EventSchemas.fromDirectory(EVENTS_DIR);
    catalogue.add('acme.parcel.shipped.v1', { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', $defs: { id: { type: 'string' } }, properties: { parcel: { $ref: '#/$defs/id' } } });
    const asyncapi = buildAsyncApi({ catalogue, publicUrl: 'https://localhost:8443', version: '0.1.0' }) as { components: { schemas: Record<string, unknown>; messages: Record<string, unknown> } };
    expect(asyncapi.components.messages).to.have.property('acme.parcel.shipped.v1');
    expect(asyncapi.components.schemas['acme.parcel.shipped.v1']).to.deep.equal({ type: 'object', properties: { parcel: { $ref: '#/components/schemas/acme.parcel.shipped.v1.id' } } });
    expect(asyncapi.components.schemas['acme.parcel.shipped.v1.id']).to.deep.equal({ type: 'string' });
  });

  describe('the check of recorded responses', () => {
    const contracts = new ResponseContracts(document);
    const problem = { type: 'https://httpstatuses.io/404', title: 'Not Found', status: 404, traceId: '0b6f9a52-3f1e-4c55-9d2a-7f3c1e8b2d41' };

    it('passes answers that fit, and names those that do not', () => {
      const health = { status: 'pass', bridge: 'b', checks: { eventLog: 'pass', readModels: 'pass', projections: 'pass' } };
      expect(contracts.violations([{ method: 'get', path: '/api/v1/health', status: 200, contentType: 'application/json', text: JSON.stringify(health) }])).to.deep.equal([]);
      const [misfit] = contracts.violations([{ method: 'get', path: '/api/v1/health', status: 200, contentType: 'application/json', text: JSON.stringify({ ...health, status: 'fine' }) }]);
      expect(misfit).to.match(/^GET \/api\/v1\/health 200: \/status must be equal to one of the allowed values/);
    });

    it('names a status the operation does not describe, and a problem that is not one', () => {
      expect(contracts.violations([{ method: 'get', path: '/api/v1/health', status: 202, contentType: 'application/json', text: '{}' }])).to.deep.equal(['GET /api/v1/health 202: the status is not described']);
      expect(contracts.violations([{ method: 'get', path: '/nowhere', status: 404, contentType: 'application/problem+json', text: JSON.stringify(problem) }])).to.deep.equal([]);
      const [misfit] = contracts.violations([{ method: 'get', path: '/nowhere', status: 404, contentType: 'application/problem+json', text: JSON.stringify({ ...problem, traceId: undefined }) }]);
      expect(misfit).to.include("must have required property 'traceId'");
    });

    it('checks as JSON only a body described as JSON: a download described as bytes, of any media type, whole or a range of it', () => {
      const bytes: ApiResponse = { description: 'The content.', schema: { type: 'string', format: 'binary' }, contentType: 'application/octet-stream', alsoAs: { '*/*': { type: 'string', format: 'binary' } } };
      const api: ServiceApi = {
        tag: 'files',
        description: 'Files.',
        operations: [
          { method: 'get', path: '/files/{id}', operationId: 'getFile', summary: 'A file', description: 'Its content.', access: 'identified', responses: { 200: bytes, 206: bytes }, problems: {} },
          { method: 'get', path: '/pages/{id}', operationId: 'getPage', summary: 'A page', description: 'HTML or JSON.', access: 'identified', responses: { 200: { description: 'The page.', schema: { type: 'object', required: ['title'] }, alsoAs: { 'text/*': { type: 'string' } } } }, problems: {} },
        ],
      };
      const files = new ResponseContracts(buildOpenApi({ apis: [api], publicUrl: 'https://localhost:8443', version: '0.1.0' }));
      const got = (path: string, status: number, contentType: string, text?: string) => files.violations([{ method: 'get', path, status, contentType, text }]);
      expect(got('/files/a', 200, 'application/json', '{"stored": "as it was uploaded"}')).to.deep.equal([]);
      expect(got('/files/a', 206, 'application/json; charset=utf-8', '{"sto')).to.deep.equal([]);
      expect(got('/files/a', 200, 'application/pdf')).to.deep.equal([]);
      expect(got('/pages/a', 200, 'text/html', '<p>')).to.deep.equal([]);
      expect(got('/pages/a', 200, 'application/json', '{}')[0]).to.match(/^GET \/pages\/\{id\} 200: \/ must have required property 'title'/);
      expect(got('/pages/a', 200, 'application/cbor', '{}')).to.deep.equal(['GET /pages/{id} 200: answered application/cbor, described application/json, text/*']);
    });

    it('finds the operation of a path with parameters, the most literal template first', () => {
      const found = contracts.violations([{ method: 'get', path: '/api/Template/abc/check', status: 418, contentType: 'text/plain' }]);
      expect(found).to.deep.equal(['GET /api/Template/{id}/check 418: the status is not described']);
    });
  });
});

/**
 * Builds the OpenAPI 3.1 document from the endpoint table. Component schemas come from zod's JSON Schema
 * output (draft 2020-12, which OpenAPI 3.1 uses as is): every exported `…Schema` of resources and requests
 * becomes a named component, and operations refer to them.
 */
import { z } from 'zod';
import { ENDPOINT_LIST, fullPath, type EndpointEntry } from './endpoints';
import * as requests from './requests';
import * as resources from './resources';

type JsonSchema = Record<string, unknown>;
type Registry = ReturnType<typeof z.registry<{ id: string }>>;

const COMPONENT_REF = (id: string) => `#/components/schemas/${id}`;

function isSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** `PurchaseOrderSchema` → `PurchaseOrder`; a request whose name a resource already uses gets `Request`. */
function registerExports(
  registry: Registry,
  module: Record<string, unknown>,
  taken: Set<string>,
  suffix = '',
) {
  for (const [name, value] of Object.entries(module)) {
    if (!name.endsWith('Schema') || !isSchema(value) || registry.has(value)) continue;
    let id = name.slice(0, -'Schema'.length);
    if (taken.has(id)) id += suffix;
    taken.add(id);
    registry.add(value, { id });
  }
}

function toComponents(registry: Registry, io: 'input' | 'output'): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, { io, uri: COMPONENT_REF, unrepresentable: 'any' }) as {
    schemas: Record<string, JsonSchema>;
  };
  for (const schema of Object.values(schemas)) {
    delete schema['$schema'];
    delete schema['$id'];
    delete schema['id'];
  }
  return schemas;
}

/** A parameter's schema, inlined (query and path values are scalars). */
function inlineSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json['$schema'];
  return json;
}

function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

const PROBLEM = { content: { 'application/problem+json': { schema: { $ref: COMPONENT_REF('Problem') } } } };
const ERROR_RESPONSES = {
  '400': { description: 'Bad request: the problem body names each invalid field', ...PROBLEM },
  '401': { description: 'Missing or invalid API key or bearer token', ...PROBLEM },
  '403': { description: 'The key is valid but not allowed this operation', ...PROBLEM },
  '404': { description: 'No such record or route', ...PROBLEM },
  '429': {
    description: 'Rate limit exceeded; retry after the number of seconds in Retry-After',
    headers: { 'Retry-After': { schema: { type: 'integer', minimum: 0 } } },
    ...PROBLEM,
  },
};

export function buildOpenApiDocument(): Record<string, unknown> {
  const responseRegistry: Registry = z.registry<{ id: string }>();
  const requestRegistry: Registry = z.registry<{ id: string }>();
  const taken = new Set<string>();
  registerExports(responseRegistry, resources, taken);
  registerExports(requestRegistry, requests, taken, 'Request');

  // Operation-level wrappers (pages, arrays) get their own components, named after the operation.
  const refFor = new Map<z.ZodType, string>();
  for (const entry of ENDPOINT_LIST) {
    for (const [schema, registry, suffix] of [
      [entry.response, responseRegistry, 'Response'],
      [entry.body, requestRegistry, 'Body'],
    ] as const) {
      if (!schema) continue;
      const known = responseRegistry.get(schema)?.id ?? requestRegistry.get(schema)?.id;
      if (known) refFor.set(schema, known);
      else {
        const id = `${entry.id[0]!.toUpperCase()}${entry.id.slice(1)}${suffix}`;
        registry.add(schema, { id });
        refFor.set(schema, id);
      }
    }
  }

  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of ENDPOINT_LIST) {
    (paths[fullPath(entry)] ??= {})[entry.method.toLowerCase()] = operationObject(entry, refFor);
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Back-Office Retail API',
      version: '2.1',
      description:
        'Purchasing, customers and reference data. Generated from the Dockhand contract (src/api); ' +
        'shipping ports and shipment types are served under /v2, everything else under /v2.1.',
    },
    servers: [{ url: 'http://127.0.0.1:8787', description: 'The Dockhand simulator (npm run api)' }],
    tags: [...new Set(ENDPOINT_LIST.map((entry) => entry.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...toComponents(responseRegistry, 'output'), ...toComponents(requestRegistry, 'input') },
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        Bearer: { type: 'http', scheme: 'bearer', description: 'Token from GET /v2.1/auth/token' },
      },
    },
  };
}

function operationObject(entry: EndpointEntry, refFor: Map<z.ZodType, string>): Record<string, unknown> {
  const parameters: Record<string, unknown>[] = [];
  for (const [name, schema] of Object.entries(entry.params.shape as Record<string, z.ZodType>)) {
    parameters.push({ name, in: 'path', required: true, schema: inlineSchema(schema) });
  }
  for (const [name, schema] of Object.entries((entry.query?.shape ?? {}) as Record<string, z.ZodType>)) {
    const grammar = name === 'filter_by' || name === 'order_by' || name === 'select';
    parameters.push({
      name,
      in: 'query',
      required: !isOptional(schema),
      schema: inlineSchema(schema),
      ...(grammar
        ? {
            description: `Grammar in src/api/query/index.ts; fields per operation in src/api/query/searchFields.ts`,
          }
        : {}),
    });
  }
  if (entry.auth === 'bearer') {
    parameters.push({
      name: 'Cache-Control',
      in: 'header',
      required: false,
      schema: { type: 'string', default: 'no-cache' },
    });
  }
  const success =
    entry.response === null
      ? { description: 'Done; no body' }
      : {
          description: entry.status === 201 ? 'Created' : 'OK',
          content: { 'application/json': { schema: { $ref: COMPONENT_REF(refFor.get(entry.response)!) } } },
        };
  return {
    operationId: entry.id,
    summary: entry.summary,
    tags: [entry.tag],
    security: entry.auth === 'apiKey' ? [{ ApiKey: [] }] : [{ ApiKey: [], Bearer: [] }],
    parameters,
    ...(entry.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: COMPONENT_REF(refFor.get(entry.body)!) } } },
          },
        }
      : {}),
    responses: { [String(entry.status)]: success, ...ERROR_RESPONSES },
  };
}

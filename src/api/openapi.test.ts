import { Validator } from '@seriousme/openapi-schema-validator';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_LIST } from './endpoints';
import { buildOpenApiDocument } from './openapi';

type Operation = {
  operationId: string;
  parameters: { name: string; in: string; required: boolean }[];
  security: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};

function operations(document: Record<string, unknown>): Operation[] {
  const paths = document['paths'] as Record<string, Record<string, Operation>>;
  return Object.values(paths).flatMap((item) => Object.values(item));
}

describe('the generated OpenAPI 3.1 document', () => {
  const document = buildOpenApiDocument();

  it('is valid according to the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('declares both security schemes and applies them per operation', () => {
    const schemes = (document['components'] as { securitySchemes: Record<string, { type: string }> })
      .securitySchemes;
    expect(schemes['ApiKey']).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(schemes['Bearer']).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const operation of operations(document)) {
      const expected =
        operation.operationId === 'getAuthToken' ? [{ ApiKey: [] }] : [{ ApiKey: [], Bearer: [] }];
      expect(operation.security).toEqual(expected);
    }
  });

  it('has every path and query parameter of the table, bodies and success responses', () => {
    const byId = new Map(operations(document).map((operation) => [operation.operationId, operation]));
    for (const entry of ENDPOINT_LIST) {
      const operation = byId.get(entry.id);
      expect(operation, entry.id).toBeDefined();
      const names = operation!.parameters.filter((p) => p.in !== 'header').map((p) => p.name);
      expect(names.sort()).toEqual(
        [...Object.keys(entry.params.shape), ...Object.keys(entry.query?.shape ?? {})].sort(),
      );
      expect(operation!.requestBody !== undefined).toBe(entry.body !== null);
      expect(Object.keys(operation!.responses)).toContain(String(entry.status));
    }
  });

  it('resolves every $ref to a component schema', () => {
    const schemas = (document['components'] as { schemas: Record<string, unknown> }).schemas;
    const refs = JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g);
    for (const [, id] of refs) expect(schemas[id!], id).toBeDefined();
  });

  it('keeps the bounds and strictness of the resources in the component schemas', () => {
    const schemas = (
      document['components'] as { schemas: Record<string, { properties?: Record<string, unknown> }> }
    ).schemas;
    expect(JSON.stringify(schemas['Supplier']?.properties?.['supplier_code'])).toContain('"maxLength":20');
    expect(JSON.stringify(schemas['Supplier'])).toContain('"additionalProperties":false');
    expect(JSON.stringify(schemas['Problem'])).not.toContain('"additionalProperties":false');
  });

  it('is what docs/openapi.json holds (run `npm run openapi` after changing the contract)', () => {
    const committed = readFileSync(resolve(import.meta.dirname, '../../docs/openapi.json'), 'utf8');
    expect(JSON.parse(committed)).toEqual(JSON.parse(JSON.stringify(document)));
  });
});

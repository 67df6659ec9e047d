import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../openapi';
import { ENDPOINT_LIST, fullPath } from './index';
import { SEED_OPERATIONS, SEED_V2_PREFIXES, operationKey } from './seedOperations';

const sorted = (keys: string[]) => [...keys].sort();
const listedKeys = sorted(SEED_OPERATIONS.map(operationKey));

describe('coverage of the API operations (./seedOperations.ts)', () => {
  it('the list names the 52 operations of the API, each once', () => {
    expect(SEED_OPERATIONS.length).toBe(52);
    expect(new Set(listedKeys).size).toBe(listedKeys.length);
  });

  it('the endpoint table has every API operation and nothing else', () => {
    const tableKeys = sorted(ENDPOINT_LIST.map((entry) => operationKey(entry)));
    expect(tableKeys).toEqual(listedKeys);
    expect(new Set(tableKeys).size).toBe(tableKeys.length);
  });

  it('shipping ports and shipment types live under /v2, everything else under /v2.1', () => {
    for (const entry of ENDPOINT_LIST) {
      const v2 = SEED_V2_PREFIXES.some((prefix) => entry.path.startsWith(prefix));
      expect(`${entry.id}: ${entry.base}`).toBe(`${entry.id}: ${v2 ? 'v2' : 'v2.1'}`);
    }
  });

  it('success statuses follow the method: 201 create, 204 delete, 200 otherwise', () => {
    for (const entry of ENDPOINT_LIST) {
      const expected = entry.method === 'POST' ? 201 : entry.method === 'DELETE' ? 204 : 200;
      expect(`${entry.id}: ${entry.status}`).toBe(`${entry.id}: ${expected}`);
      expect(entry.response === null).toBe(entry.status === 204);
    }
  });

  it('every path placeholder has a path parameter schema and no other parameter exists', () => {
    for (const entry of ENDPOINT_LIST) {
      const placeholders = [...entry.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(Object.keys(entry.params.shape).sort()).toEqual(placeholders);
    }
  });

  it('only the token operation skips the bearer token', () => {
    const apiKeyOnly = ENDPOINT_LIST.filter((entry) => entry.auth === 'apiKey').map((entry) => entry.id);
    expect(apiKeyOnly).toEqual(['getAuthToken']);
  });

  it('the OpenAPI document lists exactly the API operations', () => {
    const document = buildOpenApiDocument();
    const paths = document['paths'] as Record<string, Record<string, unknown>>;
    const keys: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      for (const method of Object.keys(item)) {
        // Strip the version segment: the list writes paths relative to their base.
        keys.push(operationKey({ method: method.toUpperCase(), path: path.replace(/^\/v2(\.1)?/, '') }));
      }
    }
    expect(sorted(keys)).toEqual(listedKeys);
    for (const entry of ENDPOINT_LIST) expect(paths[fullPath(entry)]).toBeDefined();
  });
});

/** `npm run openapi`: writes docs/openapi.json from the endpoint table. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApiDocument } from '../src/api/openapi';

const target = resolve(import.meta.dirname, '../docs/openapi.json');
const document = buildOpenApiDocument();
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
const operations = Object.values(document['paths'] as Record<string, object>).reduce(
  (count, item) => count + Object.keys(item).length,
  0,
);
console.log(`wrote ${target}: ${operations} operations`);

/**
 * Read-only fields of a response sent back in a request. The API's requests use the responses' field names,
 * so a client may read a record, change a field and PUT the record back. The response then carries fields the
 * request does not take: the record's `id` and `modified_on`, the `name` inside an `{id, name}` reference,
 * a product link's `supplier_name`. Those are the server's and are ignored; every other unknown field is still
 * refused by the strict request schema, so a misspelt field name is never silently dropped.
 *
 * A field is read-only where the endpoint's response schema has it and its body schema, at the same place,
 * does not. Only objects and arrays are walked (a union or a scalar is left to the body schema).
 */
import type { z } from 'zod';

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType };

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Optional, nullable, default and pipe wrappers removed: the object or array underneath, or the schema itself. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 16; depth += 1) {
    const def = defOf(current);
    const next =
      def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'readonly'
        ? def.innerType
        : def.type === 'pipe'
          ? def.in
          : undefined;
    if (!next) return current;
    current = next;
  }
  return current;
}

const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> | undefined =>
  defOf(schema).type === 'object' ? (schema as z.ZodObject).shape : undefined;

const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `value` without the response's read-only fields (a copy where anything was removed; the input is not
 * changed). `request` is the endpoint's body schema, `response` its response schema.
 */
export function withoutReadOnlyFields(request: z.ZodType, response: z.ZodType, value: unknown): unknown {
  const req = unwrap(request);
  const res = unwrap(response);
  const reqDef = defOf(req);
  const resDef = defOf(res);
  if (Array.isArray(value) && reqDef.type === 'array' && resDef.type === 'array') {
    return value.map((item) => withoutReadOnlyFields(reqDef.element!, resDef.element!, item));
  }
  const reqShape = shapeOf(req);
  const resShape = shapeOf(res);
  if (!isPlain(value) || !reqShape || !resShape) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const taken = Object.hasOwn(reqShape, key);
    if (!taken && Object.hasOwn(resShape, key)) continue;
    kept[key] =
      taken && Object.hasOwn(resShape, key)
        ? withoutReadOnlyFields(reqShape[key]!, resShape[key]!, field)
        : field;
  }
  return kept;
}

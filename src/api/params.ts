/**
 * Path and query parameters travel as strings; the contract describes them with typed schemas
 * (int32, boolean, date-time). These two functions convert between the two worlds using the schema's
 * own shape, so the typed schema stays the single source of truth (and the OpenAPI document stays exact).
 */
import type { z } from 'zod';

type Kind = 'number' | 'boolean' | 'string';

interface Unwrapped {
  kind: Kind;
  nullable: boolean;
}

/** Looks through optional/nullable/default wrappers to the value's own type. */
function unwrap(schema: z.ZodType): Unwrapped {
  let current = schema as unknown as { def: { type: string; innerType?: unknown } };
  let nullable = false;
  for (;;) {
    const { type, innerType } = current.def;
    if (type === 'nullable') nullable = true;
    if ((type === 'optional' || type === 'nullable' || type === 'default') && innerType) {
      current = innerType as typeof current;
      continue;
    }
    if (type === 'number' || type === 'int') return { kind: 'number', nullable };
    if (type === 'boolean') return { kind: 'boolean', nullable };
    return { kind: 'string', nullable };
  }
}

const NUMERIC = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * Raw strings → typed values, ready for `schema.safeParse`. A value that does not look like its type is
 * passed through unchanged so that the schema reports it with the parameter's name.
 */
export function decodeParams(
  shape: z.ZodRawShape,
  raw: Record<string, string | undefined>,
): Record<string, unknown> {
  // No prototype: parameter names come from the client (`__proto__`, `constructor`).
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const field = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (!field) {
      out[name] = value; // unknown parameter: the strict schema names it
      continue;
    }
    const { kind, nullable } = unwrap(field as z.ZodType);
    if (value === '' && nullable) out[name] = null;
    else if (kind === 'number' && NUMERIC.test(value)) out[name] = Number(value);
    else if (kind === 'boolean' && (value === 'true' || value === 'false')) out[name] = value === 'true';
    else out[name] = value;
  }
  return out;
}

/** Typed values → query-string pairs; undefined values are left out, null becomes the empty string. */
export function encodeParams(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    out[name] = value === null ? '' : String(value);
  }
  return out;
}

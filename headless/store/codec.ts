/**
 * A JSON encoding of what Dexie stores (structured-clone data), for the journal and the snapshot. Plain JSON
 * would lose Dates, `undefined` (a key holding undefined is not a missing key to `'k' in row`), NaN, ±Infinity
 * and -0, and would turn Maps and Sets into `{}`; each of those becomes a one-key tagged object here.
 *
 * Tags are keys with a single leading `$` (`{"$d": "2026-01-01T00:00:00.000Z"}`). A stored object's own keys
 * that begin with `$` are escaped with one more `$`, so stored data can never be read back as a tag.
 * Anything else structured clone accepts but Dexie rows here never hold (binary, RegExp, class instances) is
 * refused loudly at write time rather than silently changed.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** A stored key as it appears in the encoding. */
export const escapeKey = (key: string) => (key.startsWith('$') ? `$${key}` : key);
const unescapeKey = (key: string) => (key.startsWith('$$') ? key.slice(1) : key);

/** An own property even for `__proto__`, which plain assignment would turn into a prototype change. */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function encodeNumber(value: number): Json {
  if (Number.isNaN(value)) return { $n: 'NaN' };
  if (value === Infinity) return { $n: 'Infinity' };
  if (value === -Infinity) return { $n: '-Infinity' };
  if (Object.is(value, -0)) return { $n: '-0' };
  return value;
}

export function encode(value: unknown): Json {
  switch (typeof value) {
    case 'undefined':
      return { $u: 1 };
    case 'boolean':
    case 'string':
      return value;
    case 'number':
      return encodeNumber(value);
    case 'bigint':
      return { $i: value.toString() };
    case 'object':
      break;
    default:
      throw new TypeError(`Cannot store a ${typeof value} in the file store`);
  }
  if (value === null) return null;
  if (Array.isArray(value)) {
    // Array.from visits holes as undefined, which is how they read back from IndexedDB too.
    return Array.from(value as unknown[], (item) => encode(item));
  }
  if (value instanceof Date) return { $d: Number.isNaN(value.getTime()) ? null : value.toISOString() };
  if (value instanceof Map) return { $m: [...value].map(([k, v]) => [encode(k), encode(v)]) };
  if (value instanceof Set) return { $s: [...value].map((item) => encode(item)) };
  if (!isPlainObject(value)) {
    const name = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
    throw new TypeError(`Cannot store a ${name} in the file store`);
  }
  const out: Record<string, Json> = {};
  for (const [key, inner] of Object.entries(value)) setOwn(out, escapeKey(key), encode(inner));
  return out;
}

const NUMBERS: Record<string, number> = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity, '-0': -0 };

function decodeTag(tag: string, body: Json): unknown {
  switch (tag) {
    case '$u':
      return undefined;
    case '$d':
      return new Date(body === null ? NaN : (body as string));
    case '$n':
      return NUMBERS[body as string];
    case '$i':
      return BigInt(body as string);
    case '$m':
      return new Map((body as [Json, Json][]).map(([k, v]) => [decode(k), decode(v)]));
    case '$s':
      return new Set((body as Json[]).map((item) => decode(item)));
    default:
      throw new Error(`Unknown tag ${tag} in the file store`);
  }
}

export function decode(json: Json): unknown {
  if (json === null || typeof json !== 'object') return json;
  if (Array.isArray(json)) return json.map((item) => decode(item));
  const keys = Object.keys(json);
  // Escaped stored keys start with `$$`; a single `$` can only be a tag written by encode.
  if (keys.length === 1 && keys[0]!.startsWith('$') && !keys[0]!.startsWith('$$')) {
    return decodeTag(keys[0]!, json[keys[0]!]!);
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) setOwn(out, unescapeKey(key), decode(json[key]!));
  return out;
}

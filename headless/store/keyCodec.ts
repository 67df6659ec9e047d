/**
 * IndexedDB keys as bytes whose plain byte order (SQLite's BLOB comparison, memcmp) is IndexedDB's key order
 * (`indexedDB.cmp`): Number < Date < String < Binary < Array, arrays element by element with a shorter prefix
 * first. The SQLite store (./sqliteRecords.ts) keeps every primary and index key in this form, so a range
 * read is an indexed `BETWEEN` and never compares keys in JavaScript.
 *
 * Each key is a type tag then its body; an array's elements follow its tag and a 0 byte ends it, so no
 * encoding is a prefix of a greater one. Strings are UTF-16 code units (what IndexedDB compares) in a
 * variable-length form that keeps their order and never writes the 0 terminator.
 */
const NUMBER = 0x10;
const DATE = 0x20;
const STRING = 0x30;
const BINARY = 0x40;
const ARRAY = 0x50;
const END = 0x00;

/** Doubles in sign-flipped big-endian form: byte order is numeric order (keys are never NaN). */
function writeDouble(out: number[], value: number): void {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value === 0 ? 0 : value); // -0 is the same key as 0
  const negative = (view.getUint8(0) & 0x80) !== 0;
  for (let i = 0; i < 8; i++) {
    const byte = view.getUint8(i);
    out.push(negative ? ~byte & 0xff : i === 0 ? byte | 0x80 : byte);
  }
}

function readDouble(bytes: Uint8Array, at: number): number {
  const view = new DataView(new ArrayBuffer(8));
  const negative = (bytes[at]! & 0x80) === 0;
  for (let i = 0; i < 8; i++) {
    const byte = bytes[at + i]!;
    view.setUint8(i, negative ? ~byte & 0xff : i === 0 ? byte & 0x7f : byte);
  }
  return view.getFloat64(0);
}

/**
 * One code unit: 0x0000–0x007E in one byte (0x01–0x7F), up to 0x407E in two (0x80–0xBF first), the rest in
 * three (0xC0 first). Each form's first bytes sit above the shorter form's, so order is kept across forms.
 */
function writeString(out: number[], text: string): void {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x7f) out.push(unit + 1);
    else if (unit < 0x407f) {
      const v = unit - 0x7f;
      out.push(0x80 | (v >> 8), v & 0xff);
    } else {
      const v = unit - 0x407f;
      out.push(0xc0, v >> 8, v & 0xff);
    }
  }
  out.push(END);
}

function write(out: number[], key: unknown): void {
  if (typeof key === 'number') {
    out.push(NUMBER);
    writeDouble(out, key);
  } else if (typeof key === 'string') {
    out.push(STRING);
    writeString(out, key);
  } else if (key instanceof Date) {
    out.push(DATE);
    writeDouble(out, key.getTime());
  } else if (Array.isArray(key)) {
    out.push(ARRAY);
    for (const part of key) write(out, part);
    out.push(END);
  } else if (ArrayBuffer.isView(key) || key instanceof ArrayBuffer) {
    const bytes = ArrayBuffer.isView(key)
      ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength)
      : new Uint8Array(key);
    out.push(BINARY);
    // Two bytes per byte, each 1–16, so the 0 terminator sorts a shorter binary first.
    for (const byte of bytes) out.push(1 + (byte >> 4), 1 + (byte & 0x0f));
    out.push(END);
  } else {
    throw new TypeError(`Not an IndexedDB key: ${String(key)}`);
  }
}

/** A key (already valid for IndexedDB) as sortable bytes. */
export function encodeKey(key: unknown): Buffer {
  const out: number[] = [];
  write(out, key);
  return Buffer.from(out);
}

function read(bytes: Uint8Array, at: number): [unknown, number] {
  const tag = bytes[at];
  let i = at + 1;
  switch (tag) {
    case NUMBER:
      return [readDouble(bytes, i), i + 8];
    case DATE:
      return [new Date(readDouble(bytes, i)), i + 8];
    case STRING: {
      const units: number[] = [];
      for (;;) {
        const b = bytes[i]!;
        if (b === END) break;
        if (b < 0x80) {
          units.push(b - 1);
          i += 1;
        } else if (b < 0xc0) {
          units.push((((b & 0x3f) << 8) | bytes[i + 1]!) + 0x7f);
          i += 2;
        } else {
          units.push(((bytes[i + 1]! << 8) | bytes[i + 2]!) + 0x407f);
          i += 3;
        }
      }
      let text = '';
      for (let from = 0; from < units.length; from += 8192)
        text += String.fromCharCode(...units.slice(from, from + 8192));
      return [text, i + 1];
    }
    case BINARY: {
      const out: number[] = [];
      while (bytes[i] !== END) {
        out.push(((bytes[i]! - 1) << 4) | (bytes[i + 1]! - 1));
        i += 2;
      }
      return [new Uint8Array(out).buffer, i + 1];
    }
    case ARRAY: {
      const parts: unknown[] = [];
      while (bytes[i] !== END) {
        const [part, next] = read(bytes, i);
        parts.push(part);
        i = next;
      }
      return [parts, i + 1];
    }
    default:
      throw new Error(`A stored key is damaged (tag ${String(tag)} at byte ${at})`);
  }
}

/** The key that `encodeKey` wrote. Binary keys come back as an ArrayBuffer, as IndexedDB returns them. */
export function decodeKey(bytes: Uint8Array): unknown {
  return read(bytes, 0)[0];
}

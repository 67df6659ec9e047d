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

/**
 * Keys are encoded into one growing scratch buffer and copied out at the end: a pulled page encodes a few
 * keys per row, and building each in a number[] (then Buffer.from) was 2–3 % of the large sync's CPU.
 */
let scratch = Buffer.allocUnsafe(256);
let at = 0;

function room(bytes: number): void {
  if (at + bytes <= scratch.length) return;
  const grown = Buffer.allocUnsafe(Math.max(scratch.length * 2, at + bytes));
  scratch.copy(grown, 0, 0, at);
  scratch = grown;
}

/** One shared double and its bytes, so a number is written without allocating (a DataView each was). */
const double = new Float64Array(1);
const doubleBytes = new Uint8Array(double.buffer);
/** Byte i of the big-endian form is doubleBytes[order[i]], whatever the machine's byte order. */
const order =
  new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? [7, 6, 5, 4, 3, 2, 1, 0] : [0, 1, 2, 3, 4, 5, 6, 7];

/** Doubles in sign-flipped big-endian form: byte order is numeric order (keys are never NaN). */
function writeDouble(value: number): void {
  room(8);
  double[0] = value === 0 ? 0 : value; // -0 is the same key as 0
  const negative = (doubleBytes[order[0]!]! & 0x80) !== 0;
  for (let i = 0; i < 8; i++) {
    const byte = doubleBytes[order[i]!]!;
    scratch[at++] = negative ? ~byte & 0xff : i === 0 ? byte | 0x80 : byte;
  }
}

function readDouble(bytes: Uint8Array, from: number): number {
  const negative = (bytes[from]! & 0x80) === 0;
  for (let i = 0; i < 8; i++) {
    const byte = bytes[from + i]!;
    doubleBytes[order[i]!] = negative ? ~byte & 0xff : i === 0 ? byte & 0x7f : byte;
  }
  return double[0]!;
}

/**
 * One code unit: 0x0000–0x007E in one byte (0x01–0x7F), up to 0x407E in two (0x80–0xBF first), the rest in
 * three (0xC0 first). Each form's first bytes sit above the shorter form's, so order is kept across forms.
 */
function writeString(text: string): void {
  room(text.length * 3 + 1);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x7f) scratch[at++] = unit + 1;
    else if (unit < 0x407f) {
      const v = unit - 0x7f;
      scratch[at++] = 0x80 | (v >> 8);
      scratch[at++] = v & 0xff;
    } else {
      const v = unit - 0x407f;
      scratch[at++] = 0xc0;
      scratch[at++] = v >> 8;
      scratch[at++] = v & 0xff;
    }
  }
  scratch[at++] = END;
}

function writeByte(byte: number): void {
  room(1);
  scratch[at++] = byte;
}

function write(key: unknown): void {
  if (typeof key === 'number') {
    writeByte(NUMBER);
    writeDouble(key);
  } else if (typeof key === 'string') {
    writeByte(STRING);
    writeString(key);
  } else if (key instanceof Date) {
    writeByte(DATE);
    writeDouble(key.getTime());
  } else if (Array.isArray(key)) {
    writeByte(ARRAY);
    for (const part of key) write(part);
    writeByte(END);
  } else if (ArrayBuffer.isView(key) || key instanceof ArrayBuffer) {
    const bytes = ArrayBuffer.isView(key)
      ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength)
      : new Uint8Array(key);
    writeByte(BINARY);
    room(bytes.length * 2 + 1);
    // Two bytes per byte, each 1–16, so the 0 terminator sorts a shorter binary first.
    for (const byte of bytes) {
      scratch[at++] = 1 + (byte >> 4);
      scratch[at++] = 1 + (byte & 0x0f);
    }
    scratch[at++] = END;
  } else {
    throw new TypeError(`Not an IndexedDB key: ${String(key)}`);
  }
}

/** A key (already valid for IndexedDB) as sortable bytes. */
export function encodeKey(key: unknown): Buffer {
  at = 0;
  write(key);
  // A copy of its own (small ones come from Node's buffer pool): the scratch is reused by the next key.
  const out = Buffer.allocUnsafe(at);
  scratch.copy(out, 0, 0, at);
  return out;
}

function read(bytes: Uint8Array, start: number): [unknown, number] {
  const tag = bytes[start];
  let i = start + 1;
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
      throw new Error(`A stored key is damaged (tag ${String(tag)} at byte ${start})`);
  }
}

/** The key that `encodeKey` wrote. Binary keys come back as an ArrayBuffer, as IndexedDB returns them. */
export function decodeKey(bytes: Uint8Array): unknown {
  return read(bytes, 0)[0];
}

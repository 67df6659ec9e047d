/**
 * A byte sink for response bodies that are too large to build as one string: a 500-order page with items is
 * ~40 MB. Writers append JSON text (and already-encoded bytes) into fixed-size chunks
 * that the HTTP layer hands to the socket as they are, so the body is never flattened into one string and
 * never copied again on its way out.
 *
 * The chunks come from a small pool and go back to it once the socket has taken them. Allocating 40 MB of
 * fresh Buffers per page counts as external memory in V8, and on the large dataset each full collection that
 * this provokes marks the whole ~260 MB state (a quarter of a second on the bench machine): reusing the same
 * chunks keeps a page from paying for that.
 */

/** 512 KB: few enough chunks for one writev per page, small enough that a single order wastes little. */
export const CHUNK_BYTES = 512 * 1024;
/** The pool keeps at most this many idle chunks (64 MB), enough for the largest page the API can ask for. */
const POOL_LIMIT = 128;

const idle: Buffer[] = [];

function takeChunk(): Buffer {
  return idle.pop() ?? Buffer.allocUnsafe(CHUNK_BYTES);
}

/** Returns chunks the socket no longer needs. Only whole pool chunks are accepted back. */
function giveBack(chunks: readonly Buffer[]): void {
  for (const chunk of chunks) {
    if (idle.length >= POOL_LIMIT) return;
    if (chunk.length === CHUNK_BYTES) idle.push(chunk);
  }
}

/** The encoded body: `parts` are views into `chunks`; call `release` once the socket has written them. */
export interface JsonBytes {
  parts: Buffer[];
  length: number;
  /** Gives the chunks back to the pool. Call it only when nothing refers to `parts` any more. */
  release(): void;
}

export class JsonOut {
  private readonly chunks: Buffer[] = [];
  private readonly parts: Buffer[] = [];
  private current: Buffer = takeChunk();
  private offset = 0;
  private done = false;

  /** Appends JSON text (already escaped: the output of JSON.stringify or a writer's template). */
  text(value: string): void {
    // A UTF-16 unit never takes more than 3 UTF-8 bytes, so mostly the bound needs no scan of the string; a
    // string that does not fit is encoded on its own and copied across the chunk boundary like any fragment.
    const room = this.current.length - this.offset;
    if (value.length * 3 <= room || Buffer.byteLength(value) <= room) {
      this.offset += this.current.write(value, this.offset);
    } else {
      this.bytes(Buffer.from(value));
    }
  }

  /** Appends `value[start, end)` (a cached fragment), split across chunks where needed. */
  bytes(value: Buffer, start = 0, end = value.length): void {
    let from = start;
    while (from < end) {
      if (this.offset === this.current.length) this.nextChunk();
      // copy() takes what fits and allocates nothing, unlike a subarray per fragment.
      const copied = value.copy(this.current, this.offset, from, end);
      this.offset += copied;
      from += copied;
    }
  }

  /** Closes the body; the writer may not be used afterwards. */
  finish(): JsonBytes {
    if (this.done) throw new Error('JsonOut.finish called twice');
    this.done = true;
    this.seal();
    const chunks = this.chunks;
    let released = false;
    return {
      parts: this.parts,
      length: this.parts.reduce((sum, part) => sum + part.length, 0),
      release: () => {
        if (released) return;
        released = true;
        giveBack(chunks);
      },
    };
  }

  private seal(): void {
    this.chunks.push(this.current);
    if (this.offset > 0) this.parts.push(this.current.subarray(0, this.offset));
  }

  private nextChunk(): void {
    this.seal();
    this.current = takeChunk();
    this.offset = 0;
  }
}

/** The whole body as one string: for response validation and tests, never for the hot path. */
export function bytesToText(bytes: JsonBytes): string {
  return Buffer.concat(bytes.parts, bytes.length).toString('utf8');
}

/** Idle chunks in the pool (for tests). */
export const idleChunks = (): number => idle.length;

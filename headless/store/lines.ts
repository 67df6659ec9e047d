/**
 * Reads a file line by line in fixed chunks, so a journal or snapshot of any size is read with bounded
 * memory (a whole-file read of a large store fails: V8 strings stop at ~512 MiB).
 */
import { closeSync, openSync, readSync } from 'node:fs';

export interface Line {
  text: string;
  /** Bytes of this line including its newline (when it has one). */
  bytes: number;
  /** False for a last line without a newline: a write that was cut off. */
  terminated: boolean;
}

const CHUNK = 1 << 20;

/** Every line of the file in order; a final line without `\n` is yielded with `terminated: false`. */
export function* readLines(path: string, chunkBytes = CHUNK): Generator<Line> {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(chunkBytes);
    // Pieces of the line being read that were in earlier chunks (a line may span many chunks).
    let pending: Buffer[] = [];
    for (;;) {
      const read = readSync(fd, buffer, 0, chunkBytes, null);
      if (read === 0) break;
      let start = 0;
      for (;;) {
        // UTF-8 never has 0x0a inside a multi-byte character, so splitting bytes on it is safe.
        const newline = buffer.indexOf(0x0a, start);
        if (newline < 0 || newline >= read) break;
        const piece = buffer.subarray(start, newline);
        const whole = pending.length ? Buffer.concat([...pending, piece]) : piece;
        pending = [];
        yield { text: whole.toString('utf8'), bytes: whole.length + 1, terminated: true };
        start = newline + 1;
      }
      if (start < read) pending.push(Buffer.from(buffer.subarray(start, read)));
    }
    if (pending.length) {
      const rest = Buffer.concat(pending);
      yield { text: rest.toString('utf8'), bytes: rest.length, terminated: false };
    }
  } finally {
    closeSync(fd);
  }
}

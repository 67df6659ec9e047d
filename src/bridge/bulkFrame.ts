/**
 * Large messages on the browser host's WebSocket, as binary frames: the first carries a small JSON header
 * and the start of the body, the ones after it only body bytes.
 *
 *   first: `[header length > 0: 4 bytes, big-endian][header: UTF-8 JSON {following, message}][body bytes]`
 *   next:  `[0: 4 bytes][body bytes]`                         (`following` of them, straight after the first)
 *
 * Pulled pages travel this way (their rows' JSON, src/bridge/storeLink.ts `packPulledPage`), so the window's
 * main thread neither decodes nor parses megabytes of rows: it reads the header and moves the body's bytes,
 * untouched, to the pull worker. The body is cut in frames of 256 KB because Chromium assembles one
 * WebSocket message on the main thread at a cost that grows faster than its size: one 13 MB message (a page
 * of 100 orders of the large demo) made tasks of 230–480 ms, 1 MB messages ~60 ms, 256 KB none over 50 ms.
 * Pure.
 */
import { z } from 'zod';

export const BULK_FRAME_BYTES = 256 * 1024;
const LENGTH_BYTES = 4;

const FirstHeaderSchema = z.strictObject({ following: z.number().int().nonnegative(), message: z.unknown() });

/** Every frame of one message, in the order they must be sent (none may come between them). */
export function encodeBulkFrames(
  message: unknown,
  body: string,
  frameBytes = BULK_FRAME_BYTES,
): Uint8Array[] {
  const bytes = new TextEncoder().encode(body);
  const parts = Math.max(1, Math.ceil(bytes.length / frameBytes));
  const head = new TextEncoder().encode(JSON.stringify({ following: parts - 1, message }));
  const frames: Uint8Array[] = [];
  for (let i = 0; i < parts; i++) {
    const chunk = bytes.subarray(i * frameBytes, (i + 1) * frameBytes);
    const headBytes = i === 0 ? head : new Uint8Array(0);
    const frame = new Uint8Array(LENGTH_BYTES + headBytes.length + chunk.length);
    new DataView(frame.buffer).setUint32(0, headBytes.length);
    frame.set(headBytes, LENGTH_BYTES);
    frame.set(chunk, LENGTH_BYTES + headBytes.length);
    frames.push(frame);
  }
  return frames;
}

export type BulkFrame =
  | { kind: 'first'; message: unknown; following: number; body: Uint8Array<ArrayBuffer> }
  | { kind: 'next'; body: Uint8Array<ArrayBuffer> };

/** One frame read (its header parsed, not validated beyond the frame's own fields); null when malformed. */
export function decodeBulkFrame(buffer: ArrayBuffer): BulkFrame | null {
  if (buffer.byteLength < LENGTH_BYTES) return null;
  const headLength = new DataView(buffer).getUint32(0);
  const bodyStart = LENGTH_BYTES + headLength;
  if (bodyStart > buffer.byteLength) return null;
  const body = new Uint8Array(buffer, bodyStart);
  if (headLength === 0) return { kind: 'next', body };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      new Uint8Array(buffer, LENGTH_BYTES, headLength),
    );
    const head = FirstHeaderSchema.safeParse(JSON.parse(text));
    return head.success
      ? { kind: 'first', message: head.data.message, following: head.data.following, body }
      : null;
  } catch {
    return null;
  }
}

/**
 * Puts messages back together from their frames, fed in the order they came. `push` answers the whole
 * message once its last frame is in, `null` while more are due, and `'unexpected'` for a continuation that
 * belongs to no message. A first frame while another message is incomplete drops that one: its request then
 * goes unanswered, and the host fails it after its wait, as for any lost frame.
 */
export function bulkAssembler() {
  let open: { message: unknown; parts: Uint8Array<ArrayBuffer>[]; due: number } | null = null;
  return {
    push(frame: BulkFrame): { message: unknown; parts: Uint8Array<ArrayBuffer>[] } | null | 'unexpected' {
      if (frame.kind === 'first')
        open = { message: frame.message, parts: [frame.body], due: frame.following };
      else {
        if (!open) return 'unexpected';
        open.parts.push(frame.body);
        open.due--;
      }
      if (open.due > 0) return null;
      const done = open;
      open = null;
      return { message: done.message, parts: done.parts };
    },
  };
}

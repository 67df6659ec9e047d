/**
 * A binary frame of the browser host's WebSocket that carries a large text after a small JSON header:
 * `[header length: 4 bytes, big-endian][header: UTF-8 JSON][body: UTF-8 text]`. Pulled pages travel this way
 * (their rows, src/bridge/storeLink.ts `packPulledPage`), so the window's main thread neither decodes nor parses
 * megabytes of rows: it reads the header and hands the body's bytes, untouched, to the pull worker. Pure.
 */
const HEADER_LENGTH_BYTES = 4;

export function encodeBulkFrame(header: unknown, body: string): Uint8Array {
  const encoder = new TextEncoder();
  const head = encoder.encode(JSON.stringify(header));
  const text = encoder.encode(body);
  const frame = new Uint8Array(HEADER_LENGTH_BYTES + head.length + text.length);
  new DataView(frame.buffer).setUint32(0, head.length);
  frame.set(head, HEADER_LENGTH_BYTES);
  frame.set(text, HEADER_LENGTH_BYTES + head.length);
  return frame;
}

/** The header (parsed, not yet validated) and a view of the body's bytes; null for a malformed frame. */
export function decodeBulkFrame(
  buffer: ArrayBuffer,
): { header: unknown; body: Uint8Array<ArrayBuffer> } | null {
  if (buffer.byteLength < HEADER_LENGTH_BYTES) return null;
  const headLength = new DataView(buffer).getUint32(0);
  const bodyStart = HEADER_LENGTH_BYTES + headLength;
  if (bodyStart > buffer.byteLength) return null;
  try {
    const head = new TextDecoder('utf-8', { fatal: true }).decode(
      new Uint8Array(buffer, HEADER_LENGTH_BYTES, headLength),
    );
    return { header: JSON.parse(head), body: new Uint8Array(buffer, bodyStart) };
  } catch {
    return null;
  }
}

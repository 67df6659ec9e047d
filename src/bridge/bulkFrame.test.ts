import { describe, expect, it } from 'vitest';
import { bulkAssembler, decodeBulkFrame, encodeBulkFrames } from './bulkFrame';
import { unpackPulledPage } from './storeLink';

const copy = (bytes: Uint8Array) => bytes.slice().buffer;
const AT = '2026-01-01T00:00:00.000Z';

describe('bulk frames', () => {
  it('cut a body in frames that assemble back into the same page, characters split between frames included', () => {
    // 'é' and '—' are two and three bytes: with 7-byte frames some of them fall across a frame boundary.
    const writes = [{ table: 'products', put: [{ id: 1, description: 'Café crème — 12 × 1 L' }] }];
    const head = { type: 'store.request', request: { id: 4, method: 'applyPulledPage' } };
    const frames = encodeBulkFrames(head, JSON.stringify(writes), 7);
    expect(frames.length).toBeGreaterThan(5);
    const assembler = bulkAssembler();
    const results = frames.map((frame) => assembler.push(decodeBulkFrame(copy(frame))!));
    expect(results.slice(0, -1).every((result) => result === null)).toBe(true);
    const whole = results.at(-1) as { message: unknown; parts: Uint8Array<ArrayBuffer>[] };
    expect(whole.message).toEqual(head);
    expect(unpackPulledPage({ cursor: null, at: AT, writesBytes: whole.parts })).toEqual({
      ok: true,
      value: { cursor: null, at: AT, writes },
    });
  });

  it('are refused when cut short, when the header overruns the frame or is not JSON, and out of order', () => {
    const [frame] = encodeBulkFrames({ a: 1 }, 'body');
    expect(decodeBulkFrame(new ArrayBuffer(3))).toBeNull();
    const overrun = frame!.slice();
    new DataView(overrun.buffer).setUint32(0, 10_000);
    expect(decodeBulkFrame(copy(overrun))).toBeNull();
    const notJson = frame!.slice();
    notJson[5] = 0x7b; // the header now starts `{{`: not JSON
    expect(decodeBulkFrame(copy(notJson))).toBeNull();

    const [first, second] = encodeBulkFrames({ a: 2 }, 'x'.repeat(20), 10);
    const assembler = bulkAssembler();
    expect(assembler.push(decodeBulkFrame(copy(second!))!)).toBe('unexpected');
    expect(assembler.push(decodeBulkFrame(copy(first!))!)).toBeNull();
    // A new message before the last one's end drops the unfinished one.
    expect(assembler.push(decodeBulkFrame(copy(frame!))!)).toMatchObject({ message: { a: 1 } });
    expect(assembler.push(decodeBulkFrame(copy(second!))!)).toBe('unexpected');
  });
});

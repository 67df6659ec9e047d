import { describe, expect, it } from 'vitest';
import { decodeBulkFrame, encodeBulkFrame } from './bulkFrame';
import { unpackPulledPage } from './storeLink';

const copy = (bytes: Uint8Array) => bytes.slice().buffer;

describe('bulk frames', () => {
  it('carry a JSON header and a text body that decode back to the same page, non-ASCII included', () => {
    const writes = [{ table: 'products', put: [{ id: 1, description: 'Café crème — 12 × 1 L' }] }];
    const head = { type: 'store.request', request: { id: 4, method: 'applyPulledPage' } };
    const decoded = decodeBulkFrame(copy(encodeBulkFrame(head, JSON.stringify(writes))));
    expect(decoded?.header).toEqual(head);
    const page = unpackPulledPage({
      cursor: null,
      at: '2026-01-01T00:00:00.000Z',
      writesBytes: decoded!.body,
    });
    expect(page).toEqual({ ok: true, value: { cursor: null, at: '2026-01-01T00:00:00.000Z', writes } });
  });

  it('are refused when cut short, when the header overruns the frame or is not JSON', () => {
    const frame = encodeBulkFrame({ a: 1 }, 'body');
    expect(decodeBulkFrame(new ArrayBuffer(3))).toBeNull();
    const overrun = frame.slice();
    new DataView(overrun.buffer).setUint32(0, 10_000);
    expect(decodeBulkFrame(copy(overrun))).toBeNull();
    const notJson = frame.slice();
    notJson[5] = 0x7b; // the header now starts `{{`: not JSON

    expect(decodeBulkFrame(copy(notJson))).toBeNull();
  });
});

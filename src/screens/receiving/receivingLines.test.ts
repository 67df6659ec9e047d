/** The receiving lines builder: right figures, and only the line a scan changed is made again. */
import { describe, expect, it } from 'vitest';
import { samplePurchaseOrderItem, sampleProduct } from '../../api/resources/fixtures';
import { withAdded } from '../../db/receiving/drafts';
import type { CachedPurchaseOrderItem } from '../../db/schema';
import { receivingLinesBuilder, spokenLine } from './receivingLines';

const PO = 42;
const items = [1, 2, 3].map(
  (n) =>
    samplePurchaseOrderItem({
      po_item_id: n,
      product: sampleProduct({
        id: n * 10,
        short_description: `Widget ${n}`,
        supplier_sku2: `930000000000${n}`,
        supplier_sku: `SKU-${n}`,
        // The same code twice on a label is said once.
        manufacturer_sku: `SKU-${n}`,
      }),
      quantity_ordered: 10,
      quantity_received: n,
      quantity_cancelled: 0,
    }) as CachedPurchaseOrderItem,
);
const at = new Date('2026-11-23T09:00:00Z');

describe('receivingLinesBuilder', () => {
  it('gives each line its figures from the order and the draft', () => {
    const build = receivingLinesBuilder();
    const draft = withAdded(null, PO, 2, 4, { code: 'X' }, at);
    const lines = build(items, draft);
    expect(lines.map((line) => [line.poItemId, line.name, line.figures.receivedNow])).toEqual([
      [1, 'Widget 1', 0],
      [2, 'Widget 2', 4],
      [3, 'Widget 3', 0],
    ]);
    expect(lines[1]!.figures).toMatchObject({ receivedBefore: 2, remainingBefore: 8, remainingAfter: 4 });
  });

  it('makes again only the line whose draft line changed, and keeps the array when nothing did', () => {
    const build = receivingLinesBuilder();
    const first = build(items, null);
    const draft = withAdded(null, PO, 3, 1, { code: 'X' }, at);
    const second = build(items, draft);
    expect(second).not.toBe(first);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).not.toBe(first[2]);
    expect(second[2]!.figures.receivedNow).toBe(1);

    // Another scan on line 3: line 3 is a new object again, the others are kept.
    const third = build(items, withAdded(draft, PO, 3, 2, { code: 'X' }, at));
    expect(third[2]!.figures.receivedNow).toBe(3);
    expect(third[0]).toBe(first[0]);

    // Back to the earlier draft's line 3 (a failed write re-read): that line follows; then a draft that
    // differs only in its time changes nothing.
    const same = build(items, { ...draft, lines: { ...draft.lines }, updatedAt: 'later' });
    expect(same).not.toBe(third);
    expect(same[2]!.figures.receivedNow).toBe(1);
    expect(build(items, { ...draft, updatedAt: 'later still' })).toBe(same);
  });

  it('rebuilds every line when the order’s items change (a sync landed)', () => {
    const build = receivingLinesBuilder();
    const first = build(items, null);
    const synced = items.map((item) => ({ ...item, quantity_received: item.quantity_received + 1 }));
    const next = build(synced, null);
    expect(next.every((line, at) => line !== first[at])).toBe(true);
    expect(next[0]!.figures.receivedBefore).toBe(2);
  });

  it('clears a line the draft no longer has (a discarded delivery)', () => {
    const build = receivingLinesBuilder();
    build(items, withAdded(null, PO, 1, 5, null, at));
    expect(build(items, null)[0]!.figures.receivedNow).toBe(0);
  });
});

describe('spokenLine', () => {
  it('says the line as one sentence: name, codes, every figure, bin and note', () => {
    const [line] = receivingLinesBuilder()(
      items,
      withAdded(null, PO, 1, 12, null, at), // 9 remained: 3 over, complete
    );
    const withBin = { ...line!, bin: 'B-07', notes: 'dented' };
    expect(spokenLine(withBin)).toBe(
      'Widget 1, complete; 9300000000001 · SKU-1; ordered 10; received before 1; remaining 0; received now 12, 3 over; faulty 0; bin B-07; has a note',
    );
  });

  it('leaves out an empty bin and note', () => {
    const [line] = receivingLinesBuilder()(items, null);
    expect(spokenLine(line!)).toMatch(/; received now 0; faulty 0$/);
  });
});

/** A carton label's lot and expiry kept with the receipt: in the line's notes (./cartons.ts, ./drafts.ts). */
import { describe, expect, it } from 'vitest';
import { notesWith, notesWithout, receiptNote } from './cartons';
import { withAdded, withoutLastScan } from './drafts';

const LABEL = '(01)19312345678904(30)24(10)L7(17)270531';
const at = new Date('2026-11-27T10:00:00Z');

describe('receiptNote', () => {
  it('reads the lot and expiry of a GS1 label, and nothing from other codes', () => {
    expect(receiptNote(LABEL)).toBe('Lot L7, expiry 2027-05-31');
    expect(receiptNote('(01)19312345678904(17)270500')).toBe('Expiry 2027-05-31');
    expect(receiptNote('(01)19312345678904(30)24')).toBeNull();
    expect(receiptNote('19312345678904')).toBeNull();
    expect(receiptNote('TENT-2P')).toBeNull();
  });
});

describe('notes with a lot', () => {
  it('adds a lot once, after what the clerk wrote, and never past the note’s 1,000 characters', () => {
    expect(notesWith('', 'Lot L7')).toBe('Lot L7');
    expect(notesWith('Box torn', 'Lot L7')).toBe('Box torn; Lot L7');
    expect(notesWith('Box torn; Lot L7', 'Lot L7')).toBe('Box torn; Lot L7');
    expect(notesWith('x'.repeat(995), 'Lot L7')).toBe('x'.repeat(995));
    expect(notesWith('Box torn', null)).toBe('Box torn');
  });

  it('takes a lot back out only while it is still the last part', () => {
    expect(notesWithout('Box torn; Lot L7', 'Lot L7')).toBe('Box torn');
    expect(notesWithout('Lot L7', 'Lot L7')).toBe('');
    expect(notesWithout('Lot L7; checked', 'Lot L7')).toBe('Lot L7; checked');
  });
});

describe('the draft keeps a scanned label’s lot and expiry', () => {
  it('notes each lot once on the scan’s line; undoing the scan that noted it takes it out', () => {
    const first = withAdded(null, 5, 51, 24, { code: LABEL }, at);
    expect(first.lines[51]).toMatchObject({ received: 24, notes: 'Lot L7, expiry 2027-05-31' });
    expect(first.lastScan).toMatchObject({ quantity: 24, noted: 'Lot L7, expiry 2027-05-31' });
    // The same lot again: one more carton, the note once.
    const second = withAdded(first, 5, 51, 24, { code: LABEL }, at);
    expect(second.lines[51]).toMatchObject({ received: 48, notes: 'Lot L7, expiry 2027-05-31' });
    expect(second.lastScan).not.toHaveProperty('noted');
    // Another lot follows the first; undoing that scan leaves the first lot's note.
    const third = withAdded(second, 5, 51, 24, { code: '(01)19312345678904(10)L8' }, at);
    expect(third.lines[51]!.notes).toBe('Lot L7, expiry 2027-05-31; Lot L8');
    const undone = withoutLastScan(third, at)!;
    expect(undone.draft.lines[51]).toMatchObject({ received: 48, notes: 'Lot L7, expiry 2027-05-31' });
  });

  it('leaves the notes alone for scans without a lot', () => {
    const draft = withAdded(null, 5, 51, 1, { code: '9312345678907' }, at);
    expect(draft.lines[51]!.notes).toBe('');
    expect(draft.lastScan).not.toHaveProperty('noted');
  });
});

/**
 * What a scanned code says about cartons, for the receiving decision (./scan.ts) and the draft (./drafts.ts).
 *
 * A code names a carton three ways: a GTIN-14 whose packaging indicator is 1–8, stored as one of the
 * product's codes (its own carton barcode) or wrapping one of them (the case of that GTIN-13 or GTIN-12,
 * ./gtin.ts gtinRole); or a GS1 carton label (./gs1.ts) whose (01) GTIN is the
 * carton's or the unit's, with the number of units in (30) or (37). The label's count wins over the
 * product's `carton_quantity` (the label is what is in that carton); without a count the product's is used.
 *
 * The receipt line has no lot or expiry field (src/api/resources/supplierInvoice.ts: bin and notes), so a
 * label's (10) lot and (17) expiry go into the line's notes, which the completed receipt sends as the
 * invoice line's notes (./complete.ts).
 */
import { readScannedCode, type ElementString } from './gs1';
import { gtinRole } from './gtin';

/** How a scan counts: one unit, or one carton of `units` (null: the product's carton quantity). */
export type Pack = { kind: 'unit' } | { kind: 'carton'; units: number | null };

/** Where to look a scanned code up, and how it counts once found. */
export interface ScanRead {
  /** The code as a line's product holds it: the scan itself, or the GTIN a GS1 label names. */
  code: string;
  /** The GTIN-14 when the code is one (a GS1 label's, or a scanned ITF-14): matched by what it wraps too. */
  gtin: string | null;
  /** The label's count of units, when it has one. */
  count: number | null;
  elements: ElementString | null;
}

export function readScan(code: string): ScanRead {
  const read = readScannedCode(code.trim());
  if (read.kind === 'gs1') {
    const { elements } = read;
    return { code: elements.gtin, gtin: elements.gtin, count: elements.count, elements };
  }
  const plain = read.code;
  return {
    code: plain,
    gtin: plain.length === 14 && gtinRole(plain) ? plain : null,
    count: null,
    elements: null,
  };
}

/**
 * What one scan of this code brings once matched on a line: a label's count makes a carton of that many,
 * whatever its GTIN; a GTIN-14 with indicator 1–8 is a carton of the product's carton quantity.
 */
export function packOf(read: ScanRead): Pack {
  if (read.count !== null) return { kind: 'carton', units: read.count };
  const role = read.gtin === null ? null : gtinRole(read.gtin);
  return role?.pack === 'carton' ? { kind: 'carton', units: null } : { kind: 'unit' };
}

/** "Lot L7, expiry 2027-05-31" from a scanned label, for the line's notes; null when it carries neither. */
export function receiptNote(code: string): string | null {
  const read = readScannedCode(code.trim());
  if (read.kind !== 'gs1') return null;
  const { lot, expiry } = read.elements;
  const parts = [lot === null ? '' : `Lot ${lot}`, expiry === null ? '' : `expiry ${expiry}`].filter(Boolean);
  if (parts.length === 0) return null;
  const note = parts.join(', ');
  return note[0]!.toUpperCase() + note.slice(1);
}

/** Most a line's note may hold (the draft's rule, ./drafts.ts). */
const NOTES_MAX = 1000;

/** The line's notes without a lot note a scan added, when it is still their last part (none typed since). */
export function notesWithout(notes: string, note: string): string {
  if (notes === note) return '';
  return notes.endsWith(`; ${note}`) ? notes.slice(0, -note.length - 2) : notes;
}

/** The line's notes with a label's lot and expiry added once; unchanged when already there or no room. */
export function notesWith(notes: string, note: string | null): string {
  if (note === null || notes.split('; ').includes(note)) return notes;
  const next = notes.trim() === '' ? note : `${notes}; ${note}`;
  return next.length <= NOTES_MAX ? next : notes;
}

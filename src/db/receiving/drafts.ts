/**
 * The delivery being received, kept durable: every scan and every line edit is its own small Dexie
 * transaction on `receiptDrafts`, committed before the screen moves on, so a crash, a reload or a power cut
 * loses at most the key press in flight. One draft per purchase order; a second delivery starts a new draft
 * after the first is completed (../receiving/complete.ts deletes it with the queued invoice).
 */
import { z } from 'zod';
import { QUANTITY_MAX } from '../edits/formBounds';
import type { DockhandDb, ReceiptDraft, ReceiptDraftLine } from '../schema';
import { notesWith, notesWithout, receiptNote } from './cartons';
import { EMPTY_LINE } from './figures';
import { beginWatch } from './otherPcsStore';

export type DraftLineErrors = Partial<Record<keyof ReceiptDraftLine, string>>;

/** What a clerk may type into a line; messages in the clerk's words. */
const LineEditSchema = z
  .object({
    received: z
      .number({ error: 'Type the number of units received' })
      .int('Units are whole numbers')
      .min(0, 'Received cannot be below zero')
      // The bound every form's quantity has (../edits/formBounds.ts).
      .max(QUANTITY_MAX, 'That is more units than one delivery can hold'),
    faulty: z
      .number({ error: 'Type the number of faulty units' })
      .int('Units are whole numbers')
      .min(0, 'Faulty cannot be below zero'),
    bin: z.string().max(50, 'A bin is at most 50 characters'),
    notes: z.string().max(1000, 'A note is at most 1,000 characters'),
  })
  .refine((line) => line.faulty <= line.received, {
    message: 'Faulty units are among the received ones, so no more than received',
    path: ['faulty'],
  });

export function validateLine(line: ReceiptDraftLine): { ok: true } | { ok: false; errors: DraftLineErrors } {
  const result = LineEditSchema.safeParse(line);
  if (result.success) return { ok: true };
  const errors: DraftLineErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ReceiptDraftLine;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export function readDraft(db: DockhandDb, poId: number): Promise<ReceiptDraft | undefined> {
  return db.receiptDrafts.get(poId);
}

/** Every open draft, most recently touched first (the start screen offers to resume them). */
export function listDrafts(db: DockhandDb): Promise<ReceiptDraft[]> {
  return db.receiptDrafts.orderBy('updatedAt').reverse().toArray();
}

function fresh(poId: number, at: string): ReceiptDraft {
  return { poId, startedAt: at, updatedAt: at, lines: {} };
}

/**
 * A delivery's first write also begins the order's watch for receipts made on other PCs
 * (./otherPcsStore.ts), once the draft is committed. The draft is what the clerk cannot lose; a watch that
 * could not be written costs only the notice, so its failure is logged, never reported as a lost scan.
 */
async function firstWrite(db: DockhandDb, poId: number, now: Date, created: boolean): Promise<void> {
  if (!created) return;
  try {
    await beginWatch(db, poId, now);
  } catch (error) {
    console.warn('Could not begin watching for receipts of other PCs', error);
  }
}

/** Every write of a draft: `next` of the stored one (none yet: undefined) put in one small transaction. */
async function writeDraft(
  db: DockhandDb,
  poId: number,
  now: Date,
  next: (stored: ReceiptDraft | undefined) => ReceiptDraft,
): Promise<ReceiptDraft> {
  let created = false;
  const written = await db.transaction('rw', db.receiptDrafts, async () => {
    const stored = await db.receiptDrafts.get(poId);
    created = !stored;
    const draft = next(stored);
    await db.receiptDrafts.put(draft);
    return draft;
  });
  await firstWrite(db, poId, now, created);
  return written;
}

function change(db: DockhandDb, poId: number, now: Date, edit: (draft: ReceiptDraft) => void) {
  const at = now.toISOString();
  return writeDraft(db, poId, now, (stored) => {
    const draft = stored ?? fresh(poId, at);
    edit(draft);
    draft.updatedAt = at;
    return draft;
  });
}

/**
 * The draft with `quantity` more units on a line, remembered as the last scan when it was one. Pure: the
 * screen paints this at once while `addToLine` commits the same change.
 */
export function withAdded(
  draft: ReceiptDraft | null | undefined,
  poId: number,
  poItemId: number,
  quantity: number,
  scan: { code: string } | null,
  now: Date,
): ReceiptDraft {
  const at = now.toISOString();
  const base = draft ?? fresh(poId, at);
  const line = { ...EMPTY_LINE, ...base.lines[poItemId] };
  line.received += quantity;
  // A carton label's lot and expiry stay with the receipt, in the line's notes (./cartons.ts).
  const notes = notesWith(line.notes, scan && receiptNote(scan.code));
  const noted = notes === line.notes ? null : notes.slice(line.notes.length).replace(/^; /, '');
  line.notes = notes;
  const next: ReceiptDraft = { ...base, updatedAt: at, lines: { ...base.lines, [poItemId]: line } };
  if (scan) next.lastScan = { code: scan.code, at, poItemId, quantity, ...(noted ? { noted } : {}) };
  return next;
}

/** A scan (or a confirmed one) made durable: one small transaction, read-modify-write. */
export async function addToLine(
  db: DockhandDb,
  poId: number,
  poItemId: number,
  quantity: number,
  scan: { code: string } | null,
  now = new Date(),
): Promise<ReceiptDraft> {
  return writeDraft(db, poId, now, (stored) => withAdded(stored, poId, poItemId, quantity, scan, now));
}

/**
 * The draft without its last scan (a carton scanned twice by mistake): that scan's units come off its line
 * and it is forgotten, so a second undo does nothing. Pure, like `withAdded`; null when there is none.
 */
export function withoutLastScan(
  draft: ReceiptDraft | null | undefined,
  now: Date,
): { draft: ReceiptDraft; undone: NonNullable<ReceiptDraft['lastScan']> } | null {
  const undone = draft?.lastScan;
  if (!draft || !undone) return null;
  const line = { ...EMPTY_LINE, ...draft.lines[undone.poItemId] };
  line.received = Math.max(0, line.received - undone.quantity);
  line.faulty = Math.min(line.faulty, line.received);
  if (undone.noted) line.notes = notesWithout(line.notes, undone.noted);
  const next: ReceiptDraft = {
    ...draft,
    updatedAt: now.toISOString(),
    lines: { ...draft.lines, [undone.poItemId]: line },
  };
  delete next.lastScan;
  return { draft: next, undone };
}

/** `withoutLastScan` made durable: one small transaction; null when there was no scan to undo. */
export function undoLastScan(
  db: DockhandDb,
  poId: number,
  now = new Date(),
): Promise<ReceiptDraft['lastScan'] | null> {
  return db.transaction('rw', db.receiptDrafts, async () => {
    const result = withoutLastScan(await db.receiptDrafts.get(poId), now);
    if (!result) return null;
    await db.receiptDrafts.put(result.draft);
    return result.undone;
  });
}

/** A line edited by hand (received, faulty, bin, note); refused with field errors when not valid. */
export async function setLine(
  db: DockhandDb,
  poId: number,
  poItemId: number,
  line: ReceiptDraftLine,
  now = new Date(),
): Promise<{ ok: true; draft: ReceiptDraft } | { ok: false; errors: DraftLineErrors }> {
  const valid = validateLine(line);
  if (!valid.ok) return valid;
  const draft = await change(db, poId, now, (current) => {
    current.lines[poItemId] = { ...line, bin: line.bin.trim() };
    // A hand edit is not a scan: "undo last scan" must not take units off a line the clerk just set.
    if (current.lastScan?.poItemId === poItemId) delete current.lastScan;
  });
  return { ok: true, draft };
}

/**
 * The completion form as typed so far, so a reload keeps the docket number too. Only kept on a draft that
 * exists: a save landing after the receipt was completed (and its draft deleted) must not bring it back.
 */
export async function saveCompletion(
  db: DockhandDb,
  poId: number,
  completion: Record<string, string | boolean>,
  now = new Date(),
): Promise<void> {
  await db.receiptDrafts.update(poId, { completion, updatedAt: now.toISOString() });
}

export async function discardDraft(db: DockhandDb, poId: number): Promise<void> {
  await db.receiptDrafts.delete(poId);
}

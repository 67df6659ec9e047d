/**
 * The delivery being received: its draft as the screen's own state, written through to Dexie on every
 * change. A sync landing in the order's lines re-reads them (live), never the draft, so a scan is never
 * overwritten by a read.
 *
 * Writes run one after another, in scan order; each is its own transaction (src/db/receiving/drafts.ts),
 * started once the frame showing the scan is painted: the clerk sees the line move first, and the write
 * (a few milliseconds of Dexie on a slow PC) lands a frame later instead of delaying that frame. A write
 * that fails is said, and the draft is read back so the screen shows what is really kept.
 */
import {
  addToLine,
  discardDraft,
  readDraft,
  undoLastScan,
  withAdded,
  withoutLastScan,
} from '../../db/receiving/drafts';
import type { DockhandDb, ReceiptDraft } from '../../db/schema';
import { afterPaint } from '../../lib/afterPaint';

/** When a change to the draft was made: a value stored with it, never a reactive date. */
const stamp = () => new Date();

export type UndoneScan = NonNullable<ReceiptDraft['lastScan']>;

export class DeliveryDraft {
  current = $state.raw<ReceiptDraft | null>(null);
  /** false until the stored draft is read: scans wait for it, or they would start a second draft. */
  loaded = $state(false);
  /** The last write that could not be kept, in the clerk's words. */
  writeFailed = $state<string | null>(null);
  readonly #db: DockhandDb;
  readonly #poId: number;
  readonly #onFailed: (message: string) => void;
  #writes: Promise<unknown> = Promise.resolve();

  constructor(db: DockhandDb, poId: number, onFailed: (message: string) => void) {
    this.#db = db;
    this.#poId = poId;
    this.#onFailed = onFailed;
  }

  async load(): Promise<void> {
    this.current = (await readDraft(this.#db, this.#poId)) ?? null;
    this.loaded = true;
  }

  /** `quantity` more on a line, shown at once; `code` is the scan's when it was one (so it can be undone). */
  add(poItemId: number, quantity: number, code: string | null): void {
    const now = stamp();
    const scan = code === null ? null : { code };
    this.current = withAdded(this.current, this.#poId, poItemId, quantity, scan, now);
    const painted = afterPaint();
    this.#write(async () => {
      await painted;
      await addToLine(this.#db, this.#poId, poItemId, quantity, scan, now);
    }, 'The last scan could not be saved on this computer ($error). Scan it again.');
  }

  /** Takes the last scan off its line; null when there is none to undo. */
  undoLastScan(): UndoneScan | null {
    const result = withoutLastScan(this.current, stamp());
    if (!result) return null;
    this.current = result.draft;
    this.#write(
      () => undoLastScan(this.#db, this.#poId),
      'The undo could not be saved on this computer ($error). Check the line.',
    );
    return result.undone;
  }

  /** A line edited by hand, already stored by the line editor (src/db/receiving/drafts.ts setLine). */
  replace(next: ReceiptDraft): void {
    this.current = next;
  }

  /** Resolves once every write started so far has landed (or failed and been said). */
  settled(): Promise<void> {
    return this.#writes.then(() => undefined);
  }

  async discard(): Promise<void> {
    await this.settled();
    await discardDraft(this.#db, this.#poId);
    this.current = null;
  }

  #write(run: () => Promise<unknown>, failure: string): void {
    this.#writes = this.#writes.then(() =>
      run().catch(async (error: unknown) => {
        this.writeFailed = failure.replace('$error', String(error));
        this.#onFailed(this.writeFailed);
        this.current = (await readDraft(this.#db, this.#poId)) ?? null;
      }),
    );
  }
}

/**
 * The hand-over between the tiers of a pull run (./puller.ts). The background tier is asked for as soon as
 * the dock tier is storing its first page, so its first pages (the history's light pass, the invoices) are
 * fetched and checked while the renderer stores open orders; but nothing of it is stored before the dock
 * tier has finished, so dock-ready comes first, as before, and the dock's writes never wait behind history.
 * If the dock tier ends the run (stopped, offline, credentials), the background's held pages are dropped:
 * their cursors were not written, so the next run asks for them again.
 */
import type { StorePort } from '../../../../src/db/storePort';
import { CallAbortedError } from '../../api/errors';
import { withoutRepeatedRows } from './repeatedRows';
import { withPageStore } from './withPageStore';

export interface TierGate {
  /** The dock tier's store: its first page store lets the background tier start. */
  dock: StorePort;
  /** The background tier's store: its page stores wait for `open`. */
  background: StorePort;
  /** Resolves when the background tier may start asking (the dock tier stores, or has ended). */
  started: Promise<void>;
  /** The dock tier has ended: `go` false drops the background's pages. */
  open(go: boolean): void;
  /** Whether the run has stored a product at that version (./repeatedRows.ts, ./knownProducts.ts). */
  productStored(id: number, modifiedOn: string): boolean;
}

export function tierGate(runStore: StorePort): TierGate {
  // A gate lives for one run: both tiers store through one memory of the rows the run has stored, so a
  // product the dock tier stored is not sent again with the history's lines (./repeatedRows.ts).
  const repeated = withoutRepeatedRows(runStore);
  const { store } = repeated;
  let start: () => void = () => {};
  const started = new Promise<void>((resolve) => (start = resolve));
  let open: (go: boolean) => void = () => {};
  const opened = new Promise<boolean>((resolve) => (open = resolve));
  return {
    dock: withPageStore(store, (request) => {
      start();
      return store.applyPulledPage(request);
    }),
    background: withPageStore(store, async (request) => {
      if (!(await opened)) throw new CallAbortedError('applyPulledPage', 'no');
      return store.applyPulledPage(request);
    }),
    started,
    productStored: (id, modifiedOn) => repeated.stored('products', id, modifiedOn),
    open(go) {
      start();
      open(go);
    },
  };
}

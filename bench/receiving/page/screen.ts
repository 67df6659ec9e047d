/**
 * The real receiving screen (src/screens/receiving/ReceiveOrder.svelte) on the benchmark's order, mounted
 * as the app mounts it, and how to read a line's "Now" figure the way the clerk sees it.
 */
import { mount, unmount } from 'svelte';
import type { DockhandDb } from '../../../src/db/schema';
import ReceiveOrder from '../../../src/screens/receiving/ReceiveOrder.svelte';
import type { Session } from '../../../src/lib/session.svelte';
import { Toasts } from '../../../src/lib/toasts.svelte';
import { ORDER_ID } from './catalogue';
import { until } from './until';

/**
 * The screen reads nothing of the session but `toasts` (a toast after completing a receipt, which the
 * bench never does); Session itself needs a host bridge, which the harness has none of.
 */
function benchSession(): Session {
  const session: Pick<Session, 'toasts'> = { toasts: new Toasts() };
  return session as Session;
}

/** Mounts the screen with no draft (each run starts a fresh delivery); resolves once its rows are drawn. */
export async function mountReceiving(db: DockhandDb, target: HTMLElement): Promise<() => Promise<void>> {
  await db.receiptDrafts.delete(ORDER_ID);
  const screen = mount(ReceiveOrder, { target, props: { db, session: benchSession(), id: ORDER_ID } });
  await until(() => target.querySelector('[data-po-item-id]') !== null, 60_000, 'no line drawn');
  return () => unmount(screen);
}

/** Line `poItemId`'s "Now" figure as drawn, or null while the line is scrolled out of the DOM. */
export function nowFigure(poItemId: number): string | null {
  const cell = document.querySelector(`[data-po-item-id="${poItemId}"] [data-testid="received-now"]`);
  if (!cell) return null;
  // The cell holds the figure as its own text, then (past the order) an element tagging the excess.
  let text = '';
  for (const node of cell.childNodes) if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
  return text.trim();
}

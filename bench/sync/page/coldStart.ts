/**
 * A cold start of the purchase order list on a page just loaded (`?cold=<kind>`), with the browser just
 * started (../coldStart.ts): the database opened, the list mounted, and the moment its first row shows its
 * data, then the moment it says how many orders it lists, on the performance.now() clock (0 = navigation
 * start, so the page's own loading counts). Baselines in the same conditions:
 *  - `firstRows`: the least a list can do, the 30 newest orders read by primary key, drawn as text;
 *  - `wholeTable`: every order read (what the list did on every change before issue #11), 30 drawn.
 */
import { mount } from 'svelte';
import type { DockhandDb } from '../../../src/db/schema';
import PurchaseOrderList from '../../../src/screens/purchaseOrders/PurchaseOrderList.svelte';
import type { ColdKind, ColdStart } from './api';

/** Resolves at the first frame in which `ready()` holds. */
function frameWhen(ready: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    const check = () => (ready() ? resolve(performance.now()) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
}

function drawText(target: HTMLElement, lines: string[]) {
  const list = document.createElement('ol');
  for (const line of lines) list.appendChild(document.createElement('li')).textContent = line;
  target.appendChild(list);
}

export async function coldStart(db: DockhandDb, kind: ColdKind, target: HTMLElement): Promise<ColdStart> {
  if (kind === 'list') {
    mount(PurchaseOrderList, { target, props: { db, query: {} } });
    // The third column is the supplier: there once the row's order has been read.
    const firstRow = () => target.querySelector('[role="option"] .po-columns > span:nth-child(3)');
    const readyMs = await frameWhen(() => (firstRow()?.textContent ?? '') !== '');
    const listed = () =>
      /([\d,]+) purchase orders/.exec(target.querySelector('.count [role="status"]')?.textContent ?? '')?.[1];
    const countedMs = await frameWhen(() => listed() !== undefined);
    return { kind, readyMs, countedMs, listed: Number(listed()?.replace(/,/g, '') ?? 0) };
  }
  if (kind === 'firstRows') {
    const rows = await db.purchaseOrders.orderBy(':id').reverse().limit(30).toArray();
    drawText(
      target,
      rows.map((po) => `${po.id} ${po.supplier.name}`),
    );
    return { kind, readyMs: await frameWhen(() => true), listed: rows.length };
  }
  const rows = await db.purchaseOrders.toArray();
  drawText(
    target,
    rows.slice(-30).map((po) => `${po.id} ${po.supplier.name}`),
  );
  return { kind, readyMs: await frameWhen(() => true), listed: rows.length };
}

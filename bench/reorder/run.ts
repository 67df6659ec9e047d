/**
 * npm run bench:reorder — reorder suggestions for one outlet among 100,000 cached products and 20 outlets
 * (issue #29), in Node over fake-indexeddb (./seed.ts), with the app's own read (src/db/reorder/read.ts) and
 * its slice policy. Two figures per run:
 *  - how long the suggestions take (p95 and median, min/max), against a baseline measured in the same run:
 *    a plain read of the same rows in one go each (the outlet's orders and lines, their products and supplier
 *    links), with no slicing and no arithmetic, so the ratio is what working them out and yielding cost;
 *  - the longest the thread is held without a break (Node's event-loop delay, max): what a click would wait
 *    in the window. The plain read's is printed beside it.
 *
 * Options: --runs=N (default 15), --products=N (100000), --outlets=N (20), --outlet=ID (1), --json=FILE.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readOutletReorder } from '../../src/db/reorder/read';
import type { DockhandDb } from '../../src/db/schema';
import { ratio, round, summarize } from '../receiving/stats';
import { seedReorderCache } from './seed';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const runs = Number(arg('runs', '15'));
const size = {
  products: Number(arg('products', '100000')),
  outlets: Number(arg('outlets', '20')),
  suppliers: 200,
};
const outletId = Number(arg('outlet', '1'));
const jsonFile = process.argv.find((a) => a.startsWith('--json='))?.slice(7);

/** The same rows the suggestions read, each read in one go. */
async function plainRead(db: DockhandDb): Promise<number> {
  const orderIds = (await db.purchaseOrders.where('outlet.id').equals(outletId).primaryKeys()) as number[];
  await db.purchaseOrders.bulkGet(orderIds);
  const lines = (
    await Promise.all(orderIds.map((id) => db.purchaseOrderItems.where('po_id').equals(id).toArray()))
  ).flat();
  const productIds = [...new Set(lines.map((line) => line.product.id))];
  const products = await db.products.bulkGet(productIds);
  const links = await Promise.all(
    productIds.map((id) => db.productSuppliers.where('product_id').equals(id).toArray()),
  );
  return products.length + links.length;
}

/** Runs `work`, answering its time and the longest event-loop delay while it ran, in ms. */
interface Measured {
  ms: number;
  heldMs: number;
}

async function measure(work: () => Promise<unknown>): Promise<Measured> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  delay.disable();
  return { ms, heldMs: delay.max / 1e6 };
}

async function main() {
  const seeding = performance.now();
  const db = await seedReorderCache(size);
  console.log(
    `seeded ${size.products.toLocaleString()} products, ${size.outlets} outlets in ${round((performance.now() - seeding) / 1000, 1)} s; ` +
      `load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${os.cpus().length} cores)`,
  );
  const first = await readOutletReorder(db, outletId);
  const lines = first.groups.reduce((sum, group) => sum + group.lines.length, 0);
  console.log(
    `outlet ${outletId}: ${lines} suggestions from ${first.groups.length} suppliers; minimum known for ${first.minimumKnown}, unknown for ${first.minimumUnknown}`,
  );
  const plain: Measured[] = [];
  const suggestions: Measured[] = [];
  for (let i = 0; i < runs; i++) {
    // Interleaved, so both see the same machine load.
    plain.push(await measure(() => plainRead(db)));
    suggestions.push(await measure(() => readOutletReorder(db, outletId)));
  }
  const base = summarize(plain.map((r) => r.ms));
  const figure = (measureName: string, values: number[], baseline?: number) => {
    const s = summarize(values);
    return {
      measure: measureName,
      p95: round(s.p95, 1),
      median: round(s.p50, 1),
      min: round(s.min, 1),
      max: round(s.max, 1),
      unit: 'ms',
      ...(baseline === undefined ? {} : { vsPlainRead: ratio(s.p50, baseline) }),
    };
  };
  const times = (of: readonly Measured[], pick: keyof Measured) => of.map((r) => r[pick]);
  const rows = [
    figure(`suggestions, outlet ${outletId} of ${size.outlets}`, times(suggestions, 'ms'), base.p50),
    figure('plain read of the same rows (baseline)', times(plain, 'ms')),
    figure('suggestions: longest hold of the thread', times(suggestions, 'heldMs')),
    figure('plain read: longest hold of the thread', times(plain, 'heldMs')),
  ];
  console.table(rows);
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ size, runs, outletId, rows }, null, 2));
  db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Serialised records kept between requests, for the purchase order responses with items (a 500-order page
 * is ~40 MB of JSON; building it is most of the cost of the page):
 *  - each product's JSON (~3 KB; a page embeds ~10,000 products, ~7,500 of them distinct);
 *  - each order's own JSON around its products (the order's fields and each item's fields, ~20 KB).
 *
 * Invalidation is wholesale, so it cannot be forgotten: the cache belongs to one revision of the state
 * (server/state.ts; every non-GET request and every in-place stock edit moves it) and is emptied as a whole
 * when the revision moves. Within a revision an entry is used only for the very object it was made from,
 * which also catches a record replaced by code that forgot to touch the state. The price: after any write
 * the next page serialises everything again (the benchmark's "after a write" row).
 *
 * The bytes live in slabs that are reused from one revision to the next rather than in a Buffer per
 * record. Tens of megabytes of fresh Buffers after every write count as external memory in V8 and provoke
 * full collections, each of which marks the whole state (~260 MB on the large dataset, a quarter of a
 * second or more on the bench machine); reused slabs keep the cache's memory flat. Past BUDGET_SLABS
 * nothing more is kept in a revision: records are then serialised on every request, correct but slower.
 */
import type { Product } from '../../../src/api/resources';
import { revisionOf, type PurchaseOrderRow, type SimState } from '../../state';

const SLAB_BYTES = 1024 * 1024;
/** The slabs one state may hold: the large catalogue (~60 MB) plus a few 500-order pages of orders. */
const BUDGET_SLABS = 160;

/** A cached record: `bytes`, cut after each of `ends` (offsets into `bytes`) where a product goes. */
export interface CachedJson {
  bytes: Buffer;
  ends: number[];
}

/** A UTF-16 unit takes at most 3 UTF-8 bytes: only a string near the bound is measured. */
const fits = (text: string, room: number) => text.length * 3 <= room || Buffer.byteLength(text) <= room;

/** Contiguous records written into reused slabs (exported for its tests). */
export class Arena {
  private readonly slabs: Buffer[] = [];
  private index = 0;
  private offset = 0;

  constructor(
    private readonly slabBytes = SLAB_BYTES,
    private readonly budgetSlabs = BUDGET_SLABS,
  ) {}

  /** Forgets every record; the slabs are written over from the start. */
  reset(): void {
    this.index = 0;
    this.offset = 0;
  }

  /** Writes the parts as one record, or returns null when it does not fit in a slab or the budget. */
  record(parts: readonly string[]): CachedJson | null {
    let slab = this.slabAt(this.index);
    let start = this.offset;
    let at = start;
    const ends: number[] = [];
    for (const part of parts) {
      if (!fits(part, this.slabBytes - at)) {
        if (start === 0 || this.index + 1 >= this.budgetSlabs) return null;
        // The record moves to the next slab whole; the tail of this one stays unused.
        const next = this.slabAt(this.index + 1);
        slab.copy(next, 0, start, at);
        this.index++;
        this.offset = 0;
        at -= start;
        start = 0;
        slab = next;
        if (!fits(part, this.slabBytes - at)) return null;
      }
      at += slab.write(part, at);
      ends.push(at - start);
    }
    this.offset = at;
    return { bytes: slab.subarray(start, at), ends };
  }

  private slabAt(index: number): Buffer {
    while (this.slabs.length <= index) this.slabs.push(Buffer.allocUnsafe(this.slabBytes));
    return this.slabs[index]!;
  }
}

interface Cache {
  revision: number;
  arena: Arena;
  products: Map<number, { product: Product; json: CachedJson | null }>;
  orders: Map<number, { order: PurchaseOrderRow; json: CachedJson | null }>;
}

/** Per state, so two simulators in one process (tests) never share entries. */
const caches = new WeakMap<SimState, Cache>();

function cacheOf(state: SimState): Cache {
  const revision = revisionOf(state);
  let cache = caches.get(state);
  if (!cache) {
    cache = { revision, arena: new Arena(), products: new Map(), orders: new Map() };
    caches.set(state, cache);
  } else if (cache.revision !== revision) {
    // Nothing outside this module holds on to slab bytes: writers copy them out synchronously.
    cache.revision = revision;
    cache.arena.reset();
    cache.products.clear();
    cache.orders.clear();
  }
  return cache;
}

/** `JSON.stringify(product)`: cached bytes, or the text itself when the budget is spent. */
export function productJson(state: SimState, product: Product): CachedJson | string {
  const cache = cacheOf(state);
  const entry = cache.products.get(product.id);
  if (entry?.product === product && entry.json) return entry.json;
  const text = JSON.stringify(product);
  // Once a record has not fitted it is not tried again in this revision.
  const json = entry?.product === product ? null : cache.arena.record([text]);
  cache.products.set(product.id, { product, json });
  return json ?? text;
}

/**
 * An order's segments (see purchaseOrderJson.ts): cached bytes, else the segments `build` makes (the
 * segments themselves when the budget is spent; null when `build` declines the order).
 */
export function orderJson(
  state: SimState,
  order: PurchaseOrderRow,
  build: () => readonly string[] | null,
): CachedJson | readonly string[] | null {
  const cache = cacheOf(state);
  const entry = cache.orders.get(order.id);
  if (entry?.order === order && entry.json) return entry.json;
  const segments = build();
  if (!segments) return null;
  const json = entry?.order === order ? null : cache.arena.record(segments);
  cache.orders.set(order.id, { order, json });
  return json ?? segments;
}

/**
 * Order pages checked without checking again the products this run has already checked and stored (issue
 * #24). Every order line embeds its whole product (~2.9 KB, 76 % of a page's bytes), and by the twentieth
 * page of the large demo's open orders nine in ten of a page's products are ones an earlier page of the
 * same run stored at the same `modified_on` (./repeatedRows.ts), which leaves them out of the page anyway.
 * Checking each again against the full product schema was most of the host's contract check, itself the
 * largest share of its work per page (bench/sync --profile: 17 s of a 107 s dock-ready).
 *
 * So a line's product that the run has stored at that very version is checked only for the fields the line
 * keeps (src/db/lineProduct.ts: what screens show and scans match), and is never stored from this page: its
 * row is taken out of the page's product writes (`withoutUnchecked`). Every other product is checked whole,
 * as before. Nothing this page stores was checked less than the endpoint's schema would have checked it.
 */
import { z } from 'zod';
import { pageOf } from '../../../../src/api/primitives';
import { ProductSchema, PurchaseOrderItemSchema, PurchaseOrderSchema } from '../../../../src/api/resources';
import type { CacheWrite } from '../../../../src/db/cacheWrites';
import { LINE_PRODUCT_FIELDS } from '../../../../src/db/lineProduct';

/** Whether this run has stored the product `id` at `modifiedOn` (./repeatedRows.ts). */
export type StoredProduct = (id: number, modifiedOn: string) => boolean;

/** A line's product checked for what the line keeps; the rest of its fields ride along, unchecked. */
const LineFieldsSchema = z.looseObject(
  Object.fromEntries(LINE_PRODUCT_FIELDS.map((field) => [field, ProductSchema.shape[field]])),
);

export interface KnownProducts {
  /** The search's page schema for this moment of the run. */
  pageSchema: z.ZodType;
  /** The page's writes without the products checked only for their line's fields. */
  withoutUnchecked(writes: CacheWrite[]): CacheWrite[];
  /** Products checked whole / only for their line's fields, so far (tests, benchmarks). */
  readonly counts: { whole: number; lineFields: number };
}

export function knownProducts(stored: StoredProduct): KnownProducts {
  const unchecked = new WeakSet<object>();
  const counts = { whole: 0, lineFields: 0 };
  const product = z.unknown().transform((value, ctx) => {
    const { id, modified_on } = (value ?? {}) as { id?: unknown; modified_on?: unknown };
    const known = typeof id === 'number' && typeof modified_on === 'string' && stored(id, modified_on);
    const parsed = (known ? LineFieldsSchema : ProductSchema).safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    if (known) {
      counts.lineFields++;
      unchecked.add(parsed.data);
    } else counts.whole++;
    return parsed.data as z.infer<typeof ProductSchema>;
  });
  const item = PurchaseOrderItemSchema.extend({ product });
  const order = PurchaseOrderSchema.extend({ purchase_order_items: z.array(item).nullable().optional() });
  return {
    pageSchema: pageOf(order),
    counts,
    withoutUnchecked: (writes) =>
      writes.map((write) =>
        write.table === 'products' && write.put
          ? { ...write, put: write.put.filter((row) => !unchecked.has(row as object)) }
          : write,
      ),
  };
}

/**
 * Product supplier items (../resources/productSupplier.ts) and the array body that POST and PUT
 * /products/{product_id}/suppliers take. The same body serves create and bulk update.
 */
import { z } from 'zod';
import { boundedString, int32, price } from '../primitives';
import { rejectDuplicates, rejectSecondTrue } from './shared';

/**
 * One item. supplier_code is required: it is how the item names its supplier and the key of
 * GET /products/{product_id}/suppliers/{supplier_code}; it is 1..20 characters like the supplier's own
 * code (../resources/supplier.ts). supplier_buy_ex carries the API's price bound (PRICE_MAX). lead_time is
 * whole days, never negative. Everything else is optional. supplier_sku2 and notes are nullable in the
 * response, so null is taken here too and clears them, as null clears a nullable field in the other PUT
 * bodies (a listed link sent back is valid).
 */
export const ProductSupplierItemSchema = z.strictObject({
  supplier_code: boundedString(1, 20),
  supplier_buy_ex: price().optional(),
  supplier_sku2: z.string().nullish(),
  lead_time: int32().min(0).optional(),
  is_default: z.boolean().optional(),
  notes: z.string().nullish(),
});
export type ProductSupplierItem = z.infer<typeof ProductSupplierItemSchema>;

/**
 * The body: at least one item (an empty create or bulk update does nothing; removing every supplier is the
 * DELETE). A product has one default supplier, so at most one item has is_default true (issue on each
 * extra one, e.g. `[2].is_default`), and each supplier appears once (issue on each repeat,
 * e.g. `[1].supplier_code`).
 */
export const ProductSupplierItemsSchema = z
  .array(ProductSupplierItemSchema)
  .min(1)
  .superRefine((items, ctx) => {
    rejectSecondTrue(items, 'is_default', ctx);
    rejectDuplicates(items, 'supplier_code', ctx);
  });
export type ProductSupplierItems = z.infer<typeof ProductSupplierItemsSchema>;

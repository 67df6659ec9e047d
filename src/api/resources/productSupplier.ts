/**
 * A supplier attached to a product (/products/{product_id}/suppliers). The response names are not shown; we
 * keep the request names (supplier_code, supplier_buy_ex, supplier_sku2, lead_time, is_default, notes) and
 * name the rest after the supplier record (is_enabled) and the return reason's soft-delete style (is_deleted,
 * as in the is_deleted query).
 */
import { z } from 'zod';
import { boundedString, int32, price } from '../primitives';

export const ProductSupplierSchema = z.strictObject({
  product_id: int32(),
  // The key in /products/{product_id}/suppliers/{supplier_code}: never empty, and bounded like the supplier's code.
  supplier_code: boundedString(1, 20),
  // Bounded like the supplier's name; nullable as there.
  supplier_name: boundedString(0, 50).nullable(),
  is_enabled: z.boolean(),
  supplier_buy_ex: price(),
  supplier_sku2: z.string().nullable(),
  lead_time: int32(),
  is_default: z.boolean(),
  notes: z.string().nullable(),
  is_deleted: z.boolean(),
});

export type ProductSupplier = z.infer<typeof ProductSupplierSchema>;

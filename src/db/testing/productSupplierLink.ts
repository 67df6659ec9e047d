/**
 * A product's link to one supplier, for the tests of the link form and of the keyed-array merge that saves
 * it: product 7, named after its code, not the default, buying at 10 with a 5-day lead. One home, so both
 * suites edit the same record.
 */
import type { ProductSupplier } from '../../api/resources';

export const productSupplierLink = (code: string, more: Partial<ProductSupplier> = {}): ProductSupplier => ({
  product_id: 7,
  supplier_code: code,
  supplier_name: `Supplier ${code}`,
  is_enabled: true,
  supplier_buy_ex: 10,
  supplier_sku2: null,
  lead_time: 5,
  is_default: false,
  notes: null,
  is_deleted: false,
  ...more,
});

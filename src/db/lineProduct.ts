/**
 * What an order line keeps of its product in the cache. The API embeds the whole product in every purchase
 * order item (src/api/resources/purchaseOrder.ts): about 2.9 KB of a line's 3.7 KB, most of it the
 * product's inventory per outlet, attributes and sales channels. The cache keeps the product once, in
 * `products`, and on each line only the fields screens show or match scans on, so a first sync stores and
 * clones a quarter of the bytes (issue #11: the large demo's open orders are 94,000 lines, 359 MB as sent).
 * A screen that needs more of a line's product reads it from `products` by `product.id`.
 */
import { z } from 'zod';
import { ProductSchema, type Product } from '../api/resources';

export const LINE_PRODUCT_FIELDS = [
  'id',
  'short_description',
  'supplier_sku',
  'supplier_sku2',
  'manufacturer_sku',
  'carton_quantity',
  'supplier_buy_ex',
  'modified_on',
] as const satisfies readonly (keyof Product)[];

export type LineProduct = Pick<Product, (typeof LINE_PRODUCT_FIELDS)[number]>;

/** A line's product as cached: those fields, each as the API types it, and nothing else. */
export const LineProductSchema = z.strictObject(
  Object.fromEntries(LINE_PRODUCT_FIELDS.map((field) => [field, ProductSchema.shape[field]])) as {
    [K in (typeof LINE_PRODUCT_FIELDS)[number]]: (typeof ProductSchema.shape)[K];
  },
);

/** The line's copy of `product`: the listed fields only. */
export function lineProduct(product: LineProduct): LineProduct {
  const out = {} as Record<string, unknown>;
  for (const field of LINE_PRODUCT_FIELDS) out[field] = product[field];
  return out as LineProduct;
}

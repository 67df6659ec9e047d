/** The product as embedded in a purchase order item. */
import { z } from 'zod';
import { dateTime, double, int32, namedRef, price } from '../primitives';

export const BREADTH_MAX = 9999.9999;

const modifiedRef = () => z.strictObject({ id: int32(), name: z.string(), modified_on: dateTime() });

// Child field types of the nested objects below are not shown beyond their names: ids are int32 like every id
// in the API, names are strings, quantities are int32 like the purchase order item quantities.
const nested = {
  custom_properties: z.array(z.strictObject({ name: z.string(), value: z.string().nullable() })),
  product_type: modifiedRef(),
  // Mirrors the supplier record (./supplier.ts), whose code and name are nullable.
  supplier: z.strictObject({
    id: int32(),
    supplier_code: z.string().nullable(),
    name: z.string().nullable(),
    is_enabled: z.boolean(),
    modified_on: dateTime(),
  }),
  max_discount_rule: z.strictObject({
    id: int32(),
    name: z.string(),
    value: double(),
    type: z.string(),
    modified_on: dateTime(),
  }),
  replenishment_method: z.strictObject({ id: int32(), code: z.string(), name: z.string() }),
  attributes: z.array(
    z.strictObject({
      id: int32(),
      name: z.string(),
      type: z.string(),
      modified_on: dateTime(),
      // Nullable: the item filter offers `attribute:<id>:isnotnull`, so an attribute can be present without a value.
      value: z.strictObject({ id: int32(), name: z.string(), list_order: int32() }).nullable(),
    }),
  ),
  inventory: z.array(
    z.strictObject({ outlet: modifiedRef(), quantity_available: int32(), quantity_on_order: int32() }),
  ),
  sales_channels: z.array(
    z.strictObject({
      id: int32(),
      name: z.string(),
      shopify_channel: z.boolean(),
      source_group: namedRef(),
      enabled: z.boolean(),
    }),
  ),
  external_links: z.array(z.strictObject({ id: int32(), name: z.string(), url: z.string() })),
  // The API bounds every sell price (PRICE_MAX, ../primitives.ts), so the group prices carry the same bound
  // as the product's own.
  fixed_price_groups: z.array(
    z.strictObject({ id: int32(), name: z.string(), sell_price_inc: price(), modified_on: dateTime() }),
  ),
  price_groups: z.array(
    z.strictObject({
      id: int32(),
      name: z.string(),
      sell_price_inc: price(),
      web_price_inc: double(),
      modified_on: dateTime(),
    }),
  ),
};

export const ProductSchema = z
  .strictObject({
    id: int32(),
    require_serial_number: int32(),
    cogs_ex: double(),
    cubic: double(),
    direct_costs_ex: double(),
    promotional_price_inc: double(),
    freight_inc: double(),
    price_ex: double(),
    rrp_inc: double(),
    // sell_price_inc and markup_target are nullable (the API lists them as plain doubles): "cannot be used
    // together" only means something if a product may leave one of them unset.
    sell_price_inc: price().nullable(),
    web_price_inc: double(),
    markup_target: double().nullable(),
    breadth: double().min(-BREADTH_MAX).max(BREADTH_MAX),
    depth: double(),
    length: double(),
    weight: double(),
    shipping_cubic: double(),
    supplier_buy_ex: double(),
    buy_price_ex: double(),
    loyalty_ratio: double(),
    lead_time: double(),
    carton_quantity: z.string(),
    manufacturer_sku: z.string(),
    supplier_sku: z.string(),
    supplier_sku2: z.string(),
    short_description: z.string(),
    long_description: z.string(),
    promotional_price_expiry: dateTime(),
    created_on: dateTime(),
    modified_on: dateTime(),
    last_sold_on: dateTime(),
    last_fulfiled_on: dateTime(),
    prevent_disabling: z.boolean(),
    core_product: z.boolean(),
    disabled: z.boolean(),
    requires_assembly: z.boolean(),
    voucher_product: z.boolean(),
    export_to_web: z.boolean(),
    package: z.boolean(),
    has_package_products: z.boolean(),
    ...nested,
  })
  .superRefine((product, ctx) => {
    if (product.sell_price_inc !== null && product.markup_target !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['markup_target'],
        message: 'markup_target cannot be used together with sell_price_inc; leave one of them null',
      });
    }
  });

export type Product = z.infer<typeof ProductSchema>;

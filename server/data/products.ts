/**
 * The product catalogue. Each supplier's products come in styles (brand × kind × colour) sold in a run of
 * sizes, so a purchase order line-up and a scanner session look like a real range. Codes:
 *  - supplier_sku2: EAN-13 with a valid check digit, unique (barcode.ts) — what the dock scanner reads;
 *  - supplier_sku: `<KIND><supplier id>-<style>-<COLOUR>-<SIZE>`, unique;
 *  - manufacturer_sku: `<BRAND>-<6 digits>`, unique (the digits are a bijection of the product's index).
 * Pricing: about 85% of products carry sell_price_inc and no markup_target; the rest carry markup_target (a
 * percentage over supplier_buy_ex) and a null sell_price_inc — never both. Inventory lists only the outlets
 * the supplier ranges into; quantity_on_order starts at 0 and is filled from the open purchase orders.
 */
import type { FixedPriceGroup, Product, StandardPriceGroup } from '../../src/api/resources';
import { productEan13 } from './barcode';
import { ADJECTIVES, COLOURS, PRODUCT_KINDS, SEASONS, type ProductKind } from './catalogueWords';
import { DAY_MS, between, DATA_EPOCH_MS, iso, workingMoment } from './clock';
import { rngOf, type GenContext } from './context';
import type { ProductParts } from './productParts';
import { money, round, scatter, type Rng } from './random';
import type { SupplierProfile } from './suppliers';

export interface PriceGroups {
  standard: readonly StandardPriceGroup[];
  fixed: readonly FixedPriceGroup[];
}

/** A "psychological" shelf price: the next whole dollar less five cents (29.95). */
const shelfPrice = (value: number) => Math.max(0.95, money(Math.ceil(value) - 0.05));

/**
 * The price a product sells at: its sell_price_inc, or supplier_buy_ex marked up by markup_target, plus GST.
 */
export function effectiveSellPriceInc(product: Product): number {
  return (
    product.sell_price_inc ?? money(product.supplier_buy_ex * (1 + (product.markup_target ?? 0) / 100) * 1.1)
  );
}

const sizeCode = (size: string) => size.toUpperCase().replace(/[^A-Z0-9]/g, '');
const brandCode = (brand: string) =>
  brand
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();

export function generateProducts(
  context: GenContext,
  suppliers: readonly SupplierProfile[],
  parts: ProductParts,
  priceGroups: PriceGroups,
): { products: Map<number, Product>; msl: Map<string, number> } {
  const rng = rngOf(context, 'products');
  const products = new Map<number, Product>();
  const msl = new Map<string, number>();
  const barcodeOffset = rng.int(0, 9_999_999_999);
  const mfrOffset = rng.int(0, 999_999);
  let index = 0;

  for (const supplier of suppliers) {
    const kinds = PRODUCT_KINDS.filter((kind) => kind.category === supplier.category);
    let style = 0;
    while (supplier.products.length < supplier.productCount) {
      style++;
      // One style in five comes from outside the supplier's main category.
      const kind = rng.chance(0.8) ? rng.pick(kinds) : rng.pick(PRODUCT_KINDS);
      const run = Math.min(
        kind.sizes.length,
        rng.int(1, 5),
        supplier.productCount - supplier.products.length,
      );
      const first = rng.int(0, kind.sizes.length - run);
      const styleInfo = newStyle(rng, supplier, kind, style);
      for (const size of kind.sizes.slice(first, first + run)) {
        const id = context.ids.take('products');
        const product = buildProduct(rng, {
          id,
          index,
          size,
          style: styleInfo,
          supplier,
          parts,
          priceGroups,
        });
        product.supplier_sku2 = productEan13(index, barcodeOffset);
        product.manufacturer_sku = `${brandCode(styleInfo.brand)}-${scatter(index, 6, 7_919, mfrOffset)}`;
        products.set(id, product);
        supplier.products.push(product);
        for (const stock of product.inventory)
          msl.set(`${id}:${stock.outlet.id}`, rng.pick([0, 2, 3, 4, 6, 12]));
        index++;
      }
    }
  }
  return { products, msl };
}

interface Style {
  kind: ProductKind;
  brand: string;
  colour: readonly [string, string];
  material: string;
  adjective: string;
  season: string | null;
  number: number;
  buy: number;
  markup: number;
  usesMarkupTarget: boolean;
  created: number;
}

function newStyle(rng: Rng, supplier: SupplierProfile, kind: ProductKind, number: number): Style {
  return {
    kind,
    brand: rng.pick(supplier.brands),
    colour: rng.pick(COLOURS),
    material: rng.pick(kind.materials),
    adjective: rng.pick(ADJECTIVES),
    season: rng.chance(0.85) ? rng.pick(SEASONS) : null,
    number,
    buy: money(rng.float(kind.buy[0], kind.buy[1])),
    markup: rng.float(2, 2.8),
    usesMarkupTarget: rng.chance(0.15),
    // Before the oldest purchase order (730 days), so no order or sale predates the product it names.
    created: workingMoment(rng, rng.int(740, 1600)),
  };
}

interface ProductInput {
  id: number;
  index: number;
  size: string;
  style: Style;
  supplier: SupplierProfile;
  parts: ProductParts;
  priceGroups: PriceGroups;
}

function buildProduct(rng: Rng, input: ProductInput): Product {
  const { id, size, style, supplier, parts, priceGroups } = input;
  const { kind, buy } = style;
  const direct = money(buy * (supplier.international ? 0.08 : 0.02));
  const sell = shelfPrice(buy * style.markup * 1.1);
  const [length, breadth, depth] = kind.dims.map((d) => round(d * rng.float(0.9, 1.1), 1)) as [
    number,
    number,
    number,
  ];
  const cubic = round((length * breadth * depth) / 1_000_000, 5);
  const modified = between(rng, style.created, style.created + rng.int(0, 300) * DAY_MS);
  const colour = style.colour[0];
  const styleCode = `${kind.code}${supplier.record.id}-${String(style.number).padStart(3, '0')}`;
  const supplierSku = `${styleCode}-${style.colour[1]}-${sizeCode(size)}`;
  const effective = style.usesMarkupTarget ? money(buy * style.markup * 1.1) : sell;
  const [wholesale, trade] = priceGroups.standard;
  const staff = priceGroups.fixed[0];

  return {
    id,
    require_serial_number: kind.category === 'Outdoor' && rng.chance(0.1) ? 1 : 0,
    cogs_ex: money(buy + direct),
    cubic,
    direct_costs_ex: direct,
    promotional_price_inc: shelfPrice(effective * 0.8),
    freight_inc: money(direct * 1.1),
    price_ex: money(effective / 1.1),
    rrp_inc: rng.chance(0.3) ? shelfPrice(effective * 1.15) : effective,
    sell_price_inc: style.usesMarkupTarget ? null : sell,
    web_price_inc: rng.chance(0.3) ? shelfPrice(effective * 0.95) : effective,
    markup_target: style.usesMarkupTarget ? round((style.markup - 1) * 100, 1) : null,
    breadth,
    depth,
    length,
    weight: round(rng.float(kind.weight[0], kind.weight[1]), 3),
    shipping_cubic: round(cubic * 1.25, 5),
    supplier_buy_ex: buy,
    buy_price_ex: buy,
    loyalty_ratio: rng.pick([1, 1, 1, 0.5, 2, 0]),
    lead_time: supplier.leadTimeDays,
    carton_quantity: String(rng.pick(kind.carton)),
    manufacturer_sku: '',
    supplier_sku: supplierSku,
    supplier_sku2: '',
    short_description: `${style.brand} ${kind.name}, ${colour.toLowerCase()}, ${size}`,
    long_description:
      `${style.adjective} ${style.material} ${kind.name} by ${style.brand} ` +
      `in ${colour.toLowerCase()}, size ${size}.`,
    promotional_price_expiry: iso(DATA_EPOCH_MS + rng.int(-60, 90) * DAY_MS),
    created_on: iso(style.created),
    modified_on: iso(modified),
    last_sold_on: iso(between(rng, modified, DATA_EPOCH_MS)),
    last_fulfiled_on: iso(between(rng, modified, DATA_EPOCH_MS)),
    prevent_disabling: rng.chance(0.05),
    core_product: style.season === null || rng.chance(0.2),
    // A retired supplier's products are disabled with it.
    disabled: !supplier.record.is_enabled,
    requires_assembly: kind.name === 'dome tent' || kind.name === 'camp chair',
    voucher_product: false,
    export_to_web: rng.chance(0.7),
    package: false,
    has_package_products: false,
    custom_properties: parts.customProperties(style.material),
    product_type: parts.productType(kind),
    supplier: supplier.productRef,
    max_discount_rule: rng.chance(0.8) ? parts.discountRules[0]! : rng.pick(parts.discountRules),
    replenishment_method: rng.pick(parts.replenishment),
    attributes: [
      parts.attribute('Size', size),
      parts.attribute('Colour', colour),
      parts.attribute('Brand', style.brand),
      parts.attribute('Season', style.season),
    ],
    // Per product and mutable: receiving changes quantities. Only the outlet reference inside is shared.
    inventory: supplier.outlets.map((outlet) => ({
      outlet: outlet.inventoryRef,
      quantity_available: rng.int(0, 40),
      quantity_on_order: 0,
    })),
    sales_channels: rng.pick(parts.channelSets),
    external_links: rng.chance(0.1)
      ? [
          {
            id: 1,
            name: 'Spec sheet',
            url: `https://cdn.dockhand.example/specs/${supplierSku.toLowerCase()}.pdf`,
          },
        ]
      : [],
    fixed_price_groups:
      staff && rng.chance(0.1)
        ? [
            {
              id: staff.id,
              name: staff.name ?? '',
              sell_price_inc: shelfPrice(buy * 1.3 * 1.1),
              modified_on: staff.modified_on,
            },
          ]
        : [],
    price_groups:
      wholesale && trade && rng.chance(0.3)
        ? [
            {
              id: wholesale.id,
              name: wholesale.name ?? '',
              sell_price_inc: money(effective * 0.85),
              web_price_inc: money(effective * 0.85),
              modified_on: wholesale.modified_on,
            },
            {
              id: trade.id,
              name: trade.name ?? '',
              sell_price_inc: money(effective * 0.9),
              web_price_inc: money(effective * 0.9),
              modified_on: trade.modified_on,
            },
          ]
        : [],
  };
}

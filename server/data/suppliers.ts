/**
 * Suppliers. Retail supply is skewed, and the data is too: a tenth of the suppliers ("majors", always
 * enabled) carry three quarters of the catalogue and receive most purchase orders, which is also what lets
 * 10,000 orders average 20+ lines. Each supplier ranges its products into 2–6 outlets; its orders go to those
 * outlets only.
 */
import type { Product, Supplier } from '../../src/api/resources';
import type { Currency, NamedValue } from '../state';
import { CATEGORIES, BRANDS, type Category } from './catalogueWords';
import { iso, workingMoment } from './clock';
import { rngOf, type GenContext } from './context';
import type { OutletProfile } from './outlets';
import { landline, streetAddress } from './outlets';
import { allocate, type Rng } from './random';
import { byName, currencyOfCountry, dialCode, DOMESTIC_PORTS, originPortName, shared } from './reference';
import {
  FIRST_NAMES,
  PLACES,
  SUPPLIER_COMMENTS,
  SUPPLIER_PREFIXES,
  SUPPLIER_SUFFIXES,
  SUPPLIER_TRADES,
  SURNAMES,
} from './words';

export interface SupplierProfile {
  readonly record: Supplier;
  /** `{id, name}` as purchase orders, returns and credit notes embed it. Frozen, shared. */
  readonly ref: NamedValue;
  /** The supplier summary embedded in each of its products. Frozen, shared. */
  readonly productRef: Product['supplier'];
  readonly code: string;
  readonly major: boolean;
  readonly productCount: number;
  readonly category: Category;
  readonly brands: readonly string[];
  /** The outlets this supplier's range is stocked in (2–6). */
  readonly outlets: readonly OutletProfile[];
  readonly leadTimeDays: number;
  readonly international: boolean;
  readonly currency: Currency;
  /**
   * Filled by the catalogue generator: this supplier's products in style order (sizes of a style adjacent).
   */
  readonly products: Product[];
}

const TRADE_CATEGORY: Readonly<Record<string, Category>> = {
  Apparel: 'Apparel',
  Textile: 'Apparel',
  Knitwear: 'Apparel',
  Denim: 'Apparel',
  Threads: 'Apparel',
  Footwear: 'Footwear',
  Leather: 'Accessories',
  Accessories: 'Accessories',
  Homewares: 'Homewares',
  Ceramics: 'Homewares',
  Linen: 'Homewares',
  Living: 'Homewares',
  Outdoor: 'Outdoor',
  Gear: 'Outdoor',
};

/** Distinct supplier names: distinct indexes into the prefix × trade × suffix space. */
function supplierNames(rng: Rng, count: number): [prefix: string, trade: string, name: string][] {
  const space = SUPPLIER_PREFIXES.length * SUPPLIER_TRADES.length * SUPPLIER_SUFFIXES.length;
  const taken = new Set<number>();
  const names: [string, string, string][] = [];
  while (names.length < count) {
    const index = rng.int(0, space - 1);
    if (taken.has(index) && taken.size < space) continue;
    taken.add(index);
    const prefix = SUPPLIER_PREFIXES[index % SUPPLIER_PREFIXES.length]!;
    const trade = SUPPLIER_TRADES[Math.floor(index / SUPPLIER_PREFIXES.length) % SUPPLIER_TRADES.length]!;
    const suffix =
      SUPPLIER_SUFFIXES[Math.floor(index / (SUPPLIER_PREFIXES.length * SUPPLIER_TRADES.length))]!;
    names.push([prefix, trade, `${prefix} ${trade} ${suffix}`]);
  }
  return names;
}

/**
 * @param portRefs frozen `{id, name}` per shipping port name, shared by suppliers and their purchase orders.
 */
export function generateSuppliers(
  context: GenContext,
  outlets: readonly OutletProfile[],
  portRefs: ReadonlyMap<string, NamedValue>,
): SupplierProfile[] {
  const rng = rngOf(context, 'suppliers');
  const { countries } = context.reference;
  const count = context.size.suppliers;
  const majors = Math.max(1, Math.round(count / 10));
  // Majors share 75% of the products, minors the rest; within each group the weights vary ±50%.
  const weights = Array.from({ length: count }, (_, i) =>
    i < majors ? (0.75 / majors) * rng.float(0.5, 1.5) : (0.25 / (count - majors)) * rng.float(0.5, 1.5),
  );
  const productCounts = allocate(context.size.products, weights);
  const stores = outlets.filter((outlet) => !outlet.warehouse);
  const centres = outlets.filter((outlet) => outlet.warehouse);
  const australia = byName(countries, 'Australia');
  const overseas = countries.filter((country) => country !== australia);

  return supplierNames(rng, count).map(([prefix, trade, name], index) => {
    const id = context.ids.take('suppliers');
    const major = index < majors;
    const international = rng.chance(0.45);
    const country = international ? rng.pick(overseas) : australia;
    const [suburb, state, postcode] = rng.pick(PLACES);
    const portName = originPortName(country) ?? rng.pick(DOMESTIC_PORTS);
    const code = `${prefix.replace(/[^A-Za-z]/g, '').slice(0, 5)}${trade.slice(0, 3)}${id}`.toUpperCase();
    const slug = name
      .toLowerCase()
      .replace(/[^a-z]/g, '')
      .slice(0, 30);
    const [contactFirst, contactLast] = [rng.pick(FIRST_NAMES), rng.pick(SURNAMES)];
    const category = TRADE_CATEGORY[trade] ?? rng.pick(CATEGORIES);
    const modified = workingMoment(rng, rng.int(10, 900));
    const rangeSize = Math.min(stores.length, rng.int(2, 6));
    // Imports land at a distribution centre; local suppliers deliver straight to the stores.
    const ranged =
      international && centres.length > 0
        ? [rng.pick(centres), ...rng.sample(stores, rangeSize - 1)]
        : rng.sample(stores, rangeSize);

    const record: Supplier = {
      id,
      supplier_code: code,
      name,
      address: international
        ? {
            address_line1: `No ${rng.int(1, 888)} Industrial Road`,
            suburb: portName,
            state: null,
            postcode: null,
            country: { id: country.id },
          }
        : { address_line1: streetAddress(rng), suburb, state, postcode, country: { id: country.id } },
      phone: international
        ? `+${dialCode(country)} ${rng.int(10, 99)} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)}`
        : landline(rng, state),
      fax: rng.chance(0.15) ? landline(rng, state) : null,
      contact_name: `${contactFirst} ${contactLast}`,
      contact_email: `${contactFirst}.${contactLast}@${slug}.example`.toLowerCase(),
      order_email: `orders@${slug}.example`,
      admin_only_orders: rng.chance(0.05),
      deposit_required: international && rng.chance(0.3),
      shipping_port: portRefs.get(portName)!,
      country_of_origin: country,
      shipping_terms: international
        ? rng.pick(['FOB', 'CIF', 'EXW'])
        : rng.pick(['Delivered', 'Free into store']),
      payment_terms: rng.pick(['30 days EOM', '60 days', '7 days', 'COD', '30 days']),
      comments: rng.chance(0.6) ? rng.pick(SUPPLIER_COMMENTS) : null,
      purchase_order_template: rng.pick(['Standard', 'Standard', 'Indent', 'Apparel', null]),
      po_sku1_enabled: rng.chance(0.1),
      po_sku2_enabled: rng.chance(0.9),
      // Minor suppliers are sometimes retired; majors never are.
      is_enabled: major || rng.chance(0.94),
      modified_on: iso(modified),
    };
    return {
      record,
      ref: shared({ id, name }),
      productRef: shared({
        id,
        supplier_code: code,
        name,
        is_enabled: record.is_enabled,
        modified_on: record.modified_on,
      }),
      code,
      major,
      productCount: productCounts[index]!,
      category,
      brands: rng.sample(BRANDS, major ? rng.int(2, 5) : rng.int(1, 2)),
      outlets: ranged,
      leadTimeDays: international ? rng.int(35, 90) : rng.int(3, 21),
      international,
      currency: currencyOfCountry(context.reference, country),
      products: [],
    };
  });
}

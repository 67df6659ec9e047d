/**
 * The frozen sub-objects products share: product types, discount rules, replenishment methods, attribute
 * values, sales-channel lists and custom-property lists. Twenty thousand products reference a few hundred of
 * these instead of carrying copies. Nothing in the API edits a product (only its suppliers), so sharing them
 * is safe; a future handler that changes one must replace it, never edit it (they are frozen and would
 * throw).
 */
import type { Product } from '../../src/api/resources';
import type { ReferenceLists } from '../state';
import { BRANDS, COLOURS, PRODUCT_KINDS, SEASONS, type ProductKind } from './catalogueWords';
import { daysAgo, iso } from './clock';
import { shared } from './reference';

type Attribute = Product['attributes'][number];
type Channel = Product['sales_channels'][number];

/** Attribute ids, and the base of each attribute's value ids (value id = base + list order). */
export const ATTRIBUTES = {
  Size: { id: 1, valueBase: 1000 },
  Colour: { id: 2, valueBase: 2000 },
  Brand: { id: 3, valueBase: 3000 },
  Season: { id: 4, valueBase: 4000 },
} as const;
export type AttributeName = keyof typeof ATTRIBUTES;

const SOURCE_GROUPS = [shared({ id: 1, name: 'Stores' }), shared({ id: 2, name: 'Online' })] as const;

export interface ProductParts {
  productType(kind: ProductKind): Product['product_type'];
  attribute(name: AttributeName, value: string | null): Attribute;
  readonly discountRules: readonly Product['max_discount_rule'][];
  readonly replenishment: readonly Product['replenishment_method'][];
  readonly channelSets: readonly Channel[][];
  customProperties(material: string): Product['custom_properties'];
}

export function createProductParts(reference: ReferenceLists): ProductParts {
  const defined = iso(daysAgo(1600));
  const productTypes = new Map(
    PRODUCT_KINDS.map((kind, index) => {
      const name = kind.name[0]!.toUpperCase() + kind.name.slice(1);
      return [kind, shared({ id: index + 1, name, modified_on: defined })] as const;
    }),
  );

  const sizes = [...new Set(PRODUCT_KINDS.flatMap((kind) => kind.sizes))];
  const values: Record<AttributeName, readonly string[]> = {
    Size: sizes,
    Colour: COLOURS.map(([name]) => name),
    Brand: BRANDS,
    Season: SEASONS,
  };
  const attributes = new Map<string, Attribute>();
  for (const name of Object.keys(ATTRIBUTES) as AttributeName[]) {
    const { id, valueBase } = ATTRIBUTES[name];
    // An attribute present without a value: how a product outside the seasonal ranges carries Season.
    attributes.set(`${name}:`, shared({ id, name, type: 'List', modified_on: defined, value: null }));
    values[name].forEach((valueName, index) => {
      const value = shared({ id: valueBase + index + 1, name: valueName, list_order: index + 1 });
      attributes.set(`${name}:${valueName}`, shared({ id, name, type: 'List', modified_on: defined, value }));
    });
  }

  const channel = (name: string, shopify: boolean, online: boolean): Channel => {
    const ref = reference.salesChannels.find((entry) => entry.name === name)!;
    const group = online ? SOURCE_GROUPS[1] : SOURCE_GROUPS[0];
    return shared({ id: ref.id, name, shopify_channel: shopify, source_group: group, enabled: true });
  };
  const store = channel('In store', false, false);
  const web = channel('Web store', false, true);
  const market = channel('Marketplace', false, true);
  const shopify = channel('Shopify POS', true, false);

  const properties = new Map<string, Product['custom_properties']>();
  return {
    productType: (kind) => productTypes.get(kind)!,
    attribute: (name, value) => {
      const found = attributes.get(`${name}:${value ?? ''}`);
      if (!found) throw new Error(`No ${name} value ${String(value)}`);
      return found;
    },
    discountRules: [
      shared({ id: 1, name: 'Standard', value: 20, type: 'Percent', modified_on: defined }),
      shared({ id: 2, name: 'No discount', value: 0, type: 'Percent', modified_on: defined }),
      shared({ id: 3, name: 'Clearance', value: 50, type: 'Percent', modified_on: defined }),
    ],
    replenishment: [
      shared({ id: 1, code: 'MANUAL', name: 'Manual' }),
      shared({ id: 2, code: 'MSL', name: 'Minimum stock level' }),
      shared({ id: 3, code: 'FORECAST', name: 'Sales forecast' }),
    ],
    channelSets: [[store], [store, web], [store, web, shopify], [store, web, market]].map((set) =>
      shared(set),
    ),
    customProperties: (material) => {
      let list = properties.get(material);
      if (!list) {
        list = shared([shared({ name: 'material', value: material })]);
        properties.set(material, list);
      }
      return list;
    },
  };
}

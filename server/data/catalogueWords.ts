/**
 * The vocabulary of the product catalogue: brands, colours, product kinds with their size runs, price and
 * weight ranges, and the seasons. Descriptions, SKUs and attributes are all built from these lists, so a
 * search for "navy" or "hoodie" finds a sensible number of products in either dataset.
 */

export interface ProductKind {
  readonly category: Category;
  readonly name: string;
  /** Three letters used in supplier SKUs (e.g. HOD for hoodie). */
  readonly code: string;
  readonly sizes: readonly string[];
  /** Supplier buy price range ex tax, dollars. */
  readonly buy: readonly [number, number];
  /** Unit weight range, kg. */
  readonly weight: readonly [number, number];
  /** Packed length × breadth × depth, cm. */
  readonly dims: readonly [number, number, number];
  readonly carton: readonly number[];
  readonly materials: readonly string[];
}

export const CATEGORIES = ['Apparel', 'Footwear', 'Homewares', 'Accessories', 'Outdoor'] as const;
export type Category = (typeof CATEGORIES)[number];

const APPAREL = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const WAIST = ['28', '30', '32', '34', '36', '38'];
const SHOES = ['6', '7', '8', '9', '10', '11', '12'];
const ONE = ['One size'];
const SML = ['Small', 'Medium', 'Large'];
const FIT = ['S/M', 'L/XL'];

const kind = (
  category: Category,
  name: string,
  code: string,
  sizes: readonly string[],
  buy: readonly [number, number],
  weight: readonly [number, number],
  dims: readonly [number, number, number],
  carton: readonly number[],
  materials: readonly string[],
): ProductKind => ({ category, name, code, sizes, buy, weight, dims, carton, materials });

// prettier-ignore
export const PRODUCT_KINDS: readonly ProductKind[] = [
  kind('Apparel', 'tee', 'TEE', APPAREL, [4, 12], [0.15, 0.25], [30, 25, 2], [24, 48],
    ['cotton', 'organic cotton', 'cotton blend']),
  kind('Apparel', 'polo', 'POL', APPAREL, [8, 18], [0.22, 0.3], [32, 26, 3], [24],
    ['pique cotton', 'cotton blend']),
  kind('Apparel', 'hoodie', 'HOD', APPAREL, [14, 32], [0.5, 0.8], [38, 30, 6], [12],
    ['fleece', 'brushed cotton']),
  kind('Apparel', 'rain jacket', 'JKT', APPAREL, [25, 70], [0.4, 0.9], [40, 32, 6], [6, 12],
    ['nylon', 'recycled polyester']),
  kind('Apparel', 'slim jeans', 'JNS', WAIST, [18, 40], [0.6, 0.8], [38, 30, 5], [12],
    ['denim', 'stretch denim']),
  kind('Apparel', 'chino shorts', 'SHT', WAIST, [10, 22], [0.3, 0.45], [32, 26, 4], [24], ['cotton twill']),
  kind('Apparel', 'wrap dress', 'DRS', APPAREL, [16, 45], [0.3, 0.5], [36, 28, 4], [12],
    ['linen', 'viscose']),
  kind('Apparel', 'oxford shirt', 'SHR', APPAREL, [12, 28], [0.25, 0.35], [34, 26, 4], [12, 24],
    ['cotton oxford']),
  kind('Apparel', 'knit jumper', 'KNT', APPAREL, [18, 48], [0.4, 0.7], [36, 30, 6], [12],
    ['merino wool', 'lambswool']),
  kind('Footwear', 'sneaker', 'SNK', SHOES, [22, 60], [0.7, 1.1], [34, 22, 12], [6, 12],
    ['canvas', 'leather', 'mesh']),
  kind('Footwear', 'chelsea boot', 'BOT', SHOES, [40, 95], [1.1, 1.6], [36, 24, 14], [6],
    ['suede', 'leather']),
  kind('Footwear', 'slide sandal', 'SND', SHOES, [6, 18], [0.3, 0.5], [30, 14, 8], [12, 24],
    ['EVA', 'rubber']),
  kind('Footwear', 'trail runner', 'RUN', SHOES, [35, 80], [0.6, 0.9], [34, 22, 12], [6],
    ['mesh', 'ripstop']),
  kind('Homewares', 'coffee mug', 'MUG', ONE, [2, 7], [0.3, 0.45], [12, 12, 11], [12, 24, 36],
    ['stoneware', 'porcelain']),
  kind('Homewares', 'soy candle', 'CND', SML, [4, 16], [0.2, 0.9], [10, 10, 12], [12, 24], ['soy wax']),
  kind('Homewares', 'throw rug', 'THR', ONE, [15, 45], [0.8, 1.5], [40, 30, 10], [6, 12],
    ['cotton', 'wool blend']),
  kind('Homewares', 'cushion cover', 'CSH', ['45cm', '50cm', '60cm'], [5, 14], [0.2, 0.35], [45, 45, 3],
    [12, 24], ['linen', 'velvet']),
  kind('Homewares', 'glass vase', 'VAS', SML, [6, 22], [0.5, 1.8], [20, 20, 30], [6], ['glass']),
  kind('Homewares', 'bath towel', 'TWL', ['Hand', 'Bath', 'Sheet'], [5, 18], [0.2, 0.9], [30, 25, 8], [12],
    ['cotton terry', 'bamboo']),
  kind('Accessories', 'baseball cap', 'CAP', ONE, [4, 12], [0.1, 0.15], [22, 18, 12], [24, 48],
    ['cotton twill']),
  kind('Accessories', 'beanie', 'BNE', ONE, [3, 9], [0.08, 0.12], [22, 20, 3], [24, 48],
    ['acrylic', 'merino wool']),
  kind('Accessories', 'scarf', 'SCF', ONE, [6, 20], [0.1, 0.3], [30, 20, 3], [12, 24],
    ['wool', 'cashmere blend']),
  kind('Accessories', 'backpack', 'BPK', ['20L', '28L'], [18, 55], [0.6, 1.1], [45, 30, 15], [6],
    ['canvas', 'recycled nylon']),
  kind('Accessories', 'leather wallet', 'WAL', ONE, [9, 30], [0.08, 0.15], [12, 10, 3], [12, 24],
    ['leather']),
  kind('Accessories', 'belt', 'BLT', FIT, [7, 20], [0.15, 0.25], [20, 15, 5], [12, 24],
    ['leather', 'webbing']),
  kind('Outdoor', 'dome tent', 'TNT', ['2 person', '4 person'], [60, 180], [2.5, 6], [60, 20, 20], [2, 4],
    ['polyester']),
  kind('Outdoor', 'sleeping bag', 'SLP', ['Regular', 'Long'], [30, 110], [1, 2], [45, 25, 25], [4],
    ['down', 'synthetic fill']),
  kind('Outdoor', 'drink bottle', 'BTL', ['600ml', '1L'], [6, 18], [0.3, 0.45], [28, 8, 8], [12, 24],
    ['stainless steel']),
  kind('Outdoor', 'head torch', 'TRC', ONE, [8, 30], [0.08, 0.12], [15, 10, 6], [12, 24], ['ABS']),
  kind('Outdoor', 'camp chair', 'CHR', ONE, [15, 45], [2, 4], [90, 20, 15], [4], ['aluminium', 'steel']),
];

// prettier-ignore
export const BRANDS = [
  'Northcote', 'Saltwater', 'Bluegum', 'Field and Fox', 'Kestrel', 'Hemline', 'Tidal', 'Marlow', 'Ashgrove',
  'Cobalt', 'Dune', 'Everly', 'Fable', 'Gully', 'Hollis', 'Indigo Bay', 'Juniper', 'Kinfolk', 'Larkin',
  'Mosman', 'Nomad', 'Otway', 'Pinnacle', 'Quill', 'Reef', 'Sable', 'Thornbury', 'Urban Trail', 'Vantage',
  'Wren', 'Yallingup', 'Zephyr', 'Alpine Co', 'Birchwood', 'Calico', 'Drover', 'Ember', 'Fernleaf', 'Granger',
  'Highline',
];

/** Colour name and the three letters used in SKUs. */
// prettier-ignore
export const COLOURS: readonly (readonly [string, string])[] = [
  ['Black', 'BLK'], ['White', 'WHT'], ['Navy', 'NVY'], ['Grey marle', 'GRM'], ['Charcoal', 'CHC'],
  ['Olive', 'OLV'], ['Sand', 'SND'], ['Rust', 'RST'], ['Forest green', 'FGR'], ['Sky blue', 'SKY'],
  ['Burgundy', 'BUR'], ['Mustard', 'MST'], ['Blush', 'BLS'], ['Teal', 'TEA'], ['Ivory', 'IVR'],
  ['Tan', 'TAN'], ['Red', 'RED'], ['Stone', 'STN'], ['Indigo', 'IND'], ['Sage', 'SGE'],
];

export const ADJECTIVES = [
  'Classic',
  'Essential',
  'Relaxed',
  'Heritage',
  'Everyday',
  'Premium',
  'Lightweight',
];

export const SEASONS = ['Summer 2025', 'Winter 2025', 'Summer 2026', 'Autumn 2026', 'Core range'];

/** Finding a product by a carton's code (./productLookup.ts): GS1 labels and GTIN-14s find their unit. */
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleProduct } from '../api/resources/fixtures';
import { findProductByCode } from './productLookup';
import type { DockhandDb } from './schema';
import { memoryDb } from './testing/memoryStore';

let db: DockhandDb;

beforeEach(async () => {
  db = memoryDb('product-lookup');
  await db.products.bulkPut([
    sampleProduct({ id: 1, supplier_sku2: '9312345678907', supplier_sku: 'TENT-2P', manufacturer_sku: '' }),
    // A product whose carton code is among its own codes, and whose unit has none.
    sampleProduct({ id: 2, supplier_sku2: '', supplier_sku: 'STOVE', manufacturer_sku: '29300000000020' }),
  ]);
});

describe('findProductByCode with cartons', () => {
  it('finds the unit a GTIN-14 wraps (indicator 1–8) or spells in 14 digits', async () => {
    expect((await findProductByCode(db, '19312345678904'))?.id).toBe(1);
    expect((await findProductByCode(db, '09312345678907'))?.id).toBe(1);
    expect(await findProductByCode(db, '99312345678900')).toBeUndefined();
  });

  it('finds the product a GS1 label names, by its own carton code or by the unit its GTIN wraps', async () => {
    expect((await findProductByCode(db, '(01)19312345678904(30)24(10)L7'))?.id).toBe(1);
    expect((await findProductByCode(db, '(01)29300000000020(37)6'))?.id).toBe(2);
    expect(await findProductByCode(db, '(01)19300000000016(30)6')).toBeUndefined();
  });

  it('still finds a product by its own code first', async () => {
    expect((await findProductByCode(db, '29300000000020'))?.id).toBe(2);
    expect((await findProductByCode(db, 'tent-2p'))?.id).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { ProductSupplierSchema, type ProductSupplier } from '../../../src/api/resources';
import { call, fixtureState, problemOf } from './testing';

const on = (product_id: number) => ({ params: { product_id } });
const list = (state: ReturnType<typeof fixtureState>, product_id: number) =>
  call(state, 'listProductSuppliers', on(product_id)) as ProductSupplier[];
/** Sends these supplier codes for the product, expects a 400, and gives the fields its errors name. */
function refusedFields(
  state: ReturnType<typeof fixtureState>,
  op: 'createProductSuppliers' | 'updateProductSuppliers',
  product_id: number,
  codes: string[],
): string[] {
  const body = codes.map((supplier_code) => ({ supplier_code }));
  const problem = problemOf(() => call(state, op, { ...on(product_id), body }));
  expect(problem.status).toBe(400);
  return Object.keys(problem.errors!);
}

describe('createProductSuppliers', () => {
  it("attaches suppliers with the product's buy price and lead time as defaults, taking the default", () => {
    const state = fixtureState();
    const created = call(state, 'createProductSuppliers', {
      ...on(5012),
      body: [{ supplier_code: 'BOLT', supplier_buy_ex: 3.5, is_default: true }],
    }) as ProductSupplier[];
    expect(created).toEqual([
      {
        product_id: 5012,
        supplier_code: 'BOLT',
        supplier_name: 'Bolt Hardware',
        is_enabled: false,
        supplier_buy_ex: 3.5,
        supplier_sku2: null,
        lead_time: 14,
        is_default: true,
        notes: null,
        is_deleted: false,
      },
    ]);
    created.forEach((link) => ProductSupplierSchema.parse(link));
    expect(list(state, 5012).map((link) => [link.supplier_code, link.is_default])).toEqual([
      ['ACME', false],
      ['BOLT', true],
    ]);
  });

  it('answers 400 naming the item for an unknown supplier code, writing nothing', () => {
    const state = fixtureState();
    expect(refusedFields(state, 'createProductSuppliers', 5013, ['BOLT', 'NOPE'])).toEqual([
      '[1].supplier_code',
    ]);
    expect(list(state, 5013)).toEqual([]);
  });

  it('answers 409 for a supplier already attached, and revives a deleted one', () => {
    const state = fixtureState();
    const attach = () =>
      call(state, 'createProductSuppliers', { ...on(5012), body: [{ supplier_code: 'ACME' }] });
    expect(problemOf(attach).status).toBe(409);
    call(state, 'deleteProductSuppliers', on(5012));
    expect(attach()).toMatchObject([{ supplier_code: 'ACME', is_deleted: false, supplier_buy_ex: 8.4 }]);
    expect(state.productSuppliers.get(5012)).toHaveLength(1);
  });

  it('answers 404 for a missing product', () => {
    const problem = problemOf(() =>
      call(fixtureState(), 'createProductSuppliers', { ...on(9), body: [{ supplier_code: 'ACME' }] }),
    );
    expect(problem.status).toBe(404);
  });
});

describe('updateProductSuppliers', () => {
  it('merges the sent fields of each listed supplier', () => {
    const state = fixtureState();
    call(state, 'createProductSuppliers', { ...on(5012), body: [{ supplier_code: 'BOLT', notes: 'spare' }] });
    const updated = call(state, 'updateProductSuppliers', {
      ...on(5012),
      body: [{ supplier_code: 'BOLT', lead_time: 9, is_default: true }],
    });
    expect(updated).toMatchObject([
      { supplier_code: 'BOLT', lead_time: 9, notes: 'spare', is_default: true },
    ]);
    expect(list(state, 5012).find((link) => link.supplier_code === 'ACME')!.is_default).toBe(false);
  });

  it('answers every listed link as stored after the whole update', () => {
    const state = fixtureState();
    call(state, 'createProductSuppliers', { ...on(5012), body: [{ supplier_code: 'BOLT' }] });
    const updated = call(state, 'updateProductSuppliers', {
      ...on(5012),
      body: [
        { supplier_code: 'ACME', notes: 'old default' },
        { supplier_code: 'BOLT', is_default: true },
      ],
    });
    expect(updated).toMatchObject([
      { supplier_code: 'ACME', is_default: false, notes: 'old default' },
      { supplier_code: 'BOLT', is_default: true },
    ]);
  });

  it('answers 400 for a code that is not a live supplier of the product', () => {
    const state = fixtureState();
    expect(refusedFields(state, 'updateProductSuppliers', 5012, ['ACME', 'BOLT'])).toEqual([
      '[1].supplier_code',
    ]);
  });
});

describe('deleteProductSuppliers, listProductSuppliers, getProductSupplier', () => {
  it('soft-deletes every link: the list empties and the one-read answers 404', () => {
    const state = fixtureState();
    const one = () =>
      call(state, 'getProductSupplier', { params: { product_id: 5012, supplier_code: 'ACME' } });
    expect(one()).toMatchObject({ supplier_code: 'ACME', supplier_name: 'Acme Apparel' });
    expect(call(state, 'deleteProductSuppliers', on(5012))).toBeUndefined();
    expect(state.productSuppliers.get(5012)).toEqual([
      expect.objectContaining({ is_deleted: true, is_default: false }),
    ]);
    expect(list(state, 5012)).toEqual([]);
    expect(problemOf(one).status).toBe(404);
  });

  it('reads supplier_name and is_enabled from the supplier record', () => {
    const state = fixtureState();
    state.suppliers.get(41)!.is_enabled = false;
    expect(list(state, 5012)).toMatchObject([{ is_enabled: false }]);
  });

  it('answers 404 for a missing product or code', () => {
    const state = fixtureState();
    expect(problemOf(() => call(state, 'listProductSuppliers', on(9))).status).toBe(404);
    expect(problemOf(() => call(state, 'deleteProductSuppliers', on(9))).status).toBe(404);
    const status = (product_id: number, supplier_code: string) =>
      problemOf(() => call(state, 'getProductSupplier', { params: { product_id, supplier_code } })).status;
    expect(status(9, 'ACME')).toBe(404);
    expect(status(5012, 'BOLT')).toBe(404);
  });
});

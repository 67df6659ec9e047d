import { describe, expect, it } from 'vitest';
import { SupplierSchema, type Supplier } from '../../../src/api/resources';
import { call, fixtureState, NOW, problemOf } from './testing';

describe('updateSupplier', () => {
  it('changes only what is sent, resolves references and keeps the SKU defaults', () => {
    const state = fixtureState();
    const before = state.suppliers.get(41)!;
    const updated = call(state, 'updateSupplier', {
      params: { id: 41 },
      body: {
        name: 'Acme Apparel Pty',
        fax: null,
        shipping_port: { id: 4 },
        country_of_origin: { id: 13 },
        address: { suburb: 'Mascot', country: { id: 44 } },
        contact_email: '',
      },
    }) as Supplier;
    expect(SupplierSchema.parse(updated)).toEqual(updated);
    expect(updated).toEqual({
      ...before,
      name: 'Acme Apparel Pty',
      fax: null,
      shipping_port: { id: 4, name: 'Port of Melbourne' },
      country_of_origin: { id: 13, name: 'Australia' },
      address: { ...before.address, suburb: 'Mascot', country: { id: 44 } },
      contact_email: null,
      po_sku1_enabled: false,
      po_sku2_enabled: true,
      modified_on: NOW,
    });
  });

  it('restores the SKU defaults when null is sent', () => {
    const state = fixtureState();
    Object.assign(state.suppliers.get(41)!, { po_sku1_enabled: true, po_sku2_enabled: false });
    const updated = call(state, 'updateSupplier', {
      params: { id: 41 },
      body: { po_sku1_enabled: null, po_sku2_enabled: null },
    }) as Supplier;
    expect([updated.po_sku1_enabled, updated.po_sku2_enabled]).toEqual([false, true]);
  });

  it('answers 400 naming each unknown reference, 404 for a missing supplier', () => {
    const state = fixtureState();
    const problem = problemOf(() =>
      call(state, 'updateSupplier', {
        params: { id: 41 },
        body: { shipping_port: { id: 99 }, country_of_origin: { id: 98 }, address: { country: { id: 97 } } },
      }),
    );
    expect(problem.status).toBe(400);
    expect(Object.keys(problem.errors!).sort()).toEqual([
      'address.country.id',
      'country_of_origin.id',
      'shipping_port.id',
    ]);
    expect(problemOf(() => call(state, 'updateSupplier', { params: { id: 9 }, body: {} })).status).toBe(404);
  });

  it('keeps supplier codes present and unique, and carries a new code to product suppliers', () => {
    const state = fixtureState();
    const update = (body: object) => () => call(state, 'updateSupplier', { params: { id: 41 }, body });
    expect(problemOf(update({ supplier_code: null })).errors).toHaveProperty(['supplier_code']);
    expect(problemOf(update({ supplier_code: 'BOLT' })).status).toBe(409);
    update({ supplier_code: 'ACME2', name: 'Acme Two' })();
    expect(state.productSuppliers.get(5012)![0]!.supplier_code).toBe('ACME2');
    expect(state.products.get(5012)!.supplier).toMatchObject({ supplier_code: 'ACME2', name: 'Acme Two' });
    expect(
      call(state, 'getProductSupplier', { params: { product_id: 5012, supplier_code: 'ACME2' } }),
    ).toMatchObject({ supplier_name: 'Acme Two' });
  });
});

describe('deleteSupplier', () => {
  it('refuses a supplier that purchase orders reference (409)', () => {
    const state = fixtureState();
    const problem = problemOf(() => call(state, 'deleteSupplier', { params: { id: 41 } }));
    expect(problem.status).toBe(409);
    expect(problem.detail).toContain('purchase order 1001');
    expect(state.suppliers.has(41)).toBe(true);
  });

  it('removes an unreferenced supplier, soft-deletes its product links, then answers 404', () => {
    const state = fixtureState();
    call(state, 'createProductSuppliers', {
      params: { product_id: 5013 },
      body: [{ supplier_code: 'BOLT' }],
    });
    expect(call(state, 'deleteSupplier', { params: { id: 42 } })).toBeUndefined();
    expect(state.productSuppliers.get(5013)![0]).toMatchObject({ is_deleted: true });
    expect(problemOf(() => call(state, 'getSupplier', { params: { id: 42 } })).status).toBe(404);
    expect(problemOf(() => call(state, 'deleteSupplier', { params: { id: 42 } })).status).toBe(404);
  });
});

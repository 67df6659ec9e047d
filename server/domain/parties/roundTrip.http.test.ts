/**
 * The simulator as a client meets it, over real HTTP on the fixture state: a record read with GET and sent
 * back with PUT is accepted (the response's read-only fields are ignored, a misspelt field is still refused),
 * and a bare `order_by` field sorts ascending.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductSupplier, Supplier } from '../../../src/api/resources';
import { startPartyApi, type PartyApi } from './httpTesting';
import { partyHandlers } from './index';
import { fixtureState } from './testing';

let api: PartyApi;
beforeEach(async () => {
  api = await startPartyApi({ state: fixtureState(), handlers: partyHandlers });
});
afterEach(() => api.stop());

describe('a record read and sent back', () => {
  it('updates a supplier from its own GET body, ignoring id, modified_on and reference names', async () => {
    const read = await api.ok<Supplier>('getSupplier', { params: { id: 41 } });
    expect(read.shipping_port).toHaveProperty('name');
    const updated = await api.ok<Supplier>('updateSupplier', {
      params: { id: 41 },
      // The reference's name says another port: the name is the server's, only the id counts.
      body: { ...read, name: 'Acme Apparel Pty', shipping_port: { id: 4, name: 'Somewhere else' }, id: 999 },
    });
    expect(updated).toMatchObject({ id: 41, name: 'Acme Apparel Pty', shipping_port: { id: 4 } });
    expect(updated.shipping_port.name).not.toBe('Somewhere else');
    expect(await api.ok<Supplier>('getSupplier', { params: { id: 41 } })).toMatchObject({
      name: 'Acme Apparel Pty',
    });
  });

  it('still refuses a field neither the request nor the response has', async () => {
    const read = await api.ok<Supplier>('getSupplier', { params: { id: 41 } });
    const problem = await api.fails('updateSupplier', 400, {
      params: { id: 41 },
      body: { ...read, nmae: 'typo' },
    });
    expect(JSON.stringify(problem.errors)).toContain('nmae');
    expect((await api.ok<Supplier>('getSupplier', { params: { id: 41 } })).name).toBe(read.name);
  });

  it("updates a product's supplier links from the list GET answers", async () => {
    const links = await api.ok<ProductSupplier[]>('listProductSuppliers', { params: { product_id: 5012 } });
    expect(links[0]).toHaveProperty('supplier_name');
    const changed = links.map((link) => ({ ...link, lead_time: link.lead_time + 2 }));
    const updated = await api.ok<ProductSupplier[]>('updateProductSuppliers', {
      params: { product_id: 5012 },
      body: changed,
    });
    expect(updated.map((link) => link.lead_time)).toEqual(links.map((link) => link.lead_time + 2));
  });
});

describe('order_by', () => {
  it('reads a bare field name as ascending', async () => {
    await api.ok('createFixedPriceGroup', { body: { name: 'Aardvark' } });
    await api.ok('createFixedPriceGroup', { body: { name: 'Zebra' } });
    const names = async (order_by: string) =>
      (
        await api.ok<{ data: { name: string }[] }>('searchFixedPriceGroups', { query: { order_by } })
      ).data.map((group) => group.name);
    const bare = await names('name');
    expect(bare.length).toBeGreaterThan(2);
    expect(bare).toEqual(await names('name asc'));
    expect(bare).toEqual([...(await names('name desc'))].reverse());
    expect(bare[0]!.localeCompare(bare[bare.length - 1]!)).toBeLessThan(0);
  });
});

/**
 * The per-code 3-way merge of a product's supplier links (updateProductSuppliers): as a function, and end to
 * end against the simulator with another client changing the links between the local edit and its replay.
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import {
  loadProductSuppliers,
  linkFormOf,
  saveProductSupplierEdits,
  type LinkForm,
} from '../../../src/db/suppliers/productSuppliers';
import { keyedArrayMerge } from './merge';
import { type EngineHarness } from './testing/harness';
import { simulatorSuite } from './testing/simulatorSuite';
import { productSupplierLink as link } from '../../../src/db/testing/productSupplierLink';

describe('keyedArrayMerge', () => {
  const base = [link('A', { is_default: true }), link('B'), link('C.1')];

  it('keeps changes to other links and other fields; sends only what the user changed', () => {
    const server = [
      link('A', { is_default: true, lead_time: 9 }),
      link('B', { notes: 'server' }),
      link('C.1'),
    ];
    const local = [
      { supplier_code: 'A', supplier_buy_ex: 12 },
      { supplier_code: 'C.1', notes: 'mine' },
    ];
    expect(keyedArrayMerge('supplier_code', base, local, server)).toEqual({
      body: [
        { supplier_code: 'A', supplier_buy_ex: 12 },
        { supplier_code: 'C.1', notes: 'mine' },
      ],
      conflicts: [],
    });
  });

  it('drops links whose change is already on the server, and sends nothing when none is left', () => {
    const server = [link('A', { is_default: true, supplier_buy_ex: 12 }), link('B'), link('C.1')];
    const local = [{ supplier_code: 'A', supplier_buy_ex: 12 }];
    expect(keyedArrayMerge('supplier_code', base, local, server)).toEqual({ body: [], conflicts: [] });
  });

  it('names a field changed on both sides by its link, and a link gone from the server', () => {
    const server = [link('A', { is_default: true, lead_time: 9 }), link('C.1')];
    const local = [
      { supplier_code: 'A', lead_time: 3, notes: 'fine' },
      { supplier_code: 'B', notes: 'mine' },
    ];
    const merged = keyedArrayMerge('supplier_code', base, local, server);
    expect(merged.conflicts).toEqual([
      { field: 'A.lead_time', base: 5, local: 3, server: 9 },
      { field: 'B', base: link('B'), local: { notes: 'mine' }, server: undefined },
    ]);
    expect(merged.body).toEqual([{ supplier_code: 'A', notes: 'fine' }]);
  });

  it('escapes a dot in a code, so the conflict path still names one link', () => {
    const server = [link('A', { is_default: true }), link('B'), link('C.1', { lead_time: 1 })];
    const merged = keyedArrayMerge('supplier_code', base, [{ supplier_code: 'C.1', lead_time: 2 }], server);
    expect(merged.conflicts.map((conflict) => conflict.field)).toEqual(['C%2E1.lead_time']);
  });

  it('reads a base already keyed by code (after a resolved conflict)', () => {
    const keyedBase = { A: link('A', { lead_time: 9 }) };
    const merged = keyedArrayMerge(
      'supplier_code',
      keyedBase,
      [{ supplier_code: 'A', lead_time: 3 }],
      [link('A', { lead_time: 9 })],
    );
    expect(merged).toEqual({ body: [{ supplier_code: 'A', lead_time: 3 }], conflicts: [] });
  });
});

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));
let harness: EngineHarness | undefined;

/** A product with at least two live links on the simulator, its links cached as the pull would. */
async function cachedProduct(h: EngineHarness): Promise<{ productId: number; codes: string[] }> {
  const [productId] = [...suite.sim.state.productSuppliers].find(
    ([, links]) => links.filter((l) => !l.is_deleted).length >= 2,
  )!;
  const links = await h.client.call('listProductSuppliers', { params: { product_id: productId } });
  await h.db.productSuppliers.bulkPut(links);
  return { productId, codes: links.map((l) => l.supplier_code) };
}

const edit = async (h: EngineHarness, productId: number, code: string, change: Partial<LinkForm>) => {
  const view = await loadProductSuppliers(h.db, productId);
  const forms = view.links
    .map(linkFormOf)
    .map((form) => (form.supplierCode === code ? { ...form, ...change } : form));
  const result = await saveProductSupplierEdits(h.db, productId, forms);
  if (!result.ok || !result.op) throw new Error(`not queued: ${JSON.stringify(result)}`);
  return result.op;
};

describe('a bulk edit replayed against links changed on the server', () => {
  it('keeps the server change to another link and sends only its own', async () => {
    harness = suite.harness();
    const { productId, codes } = await cachedProduct(harness);
    const [mine, theirs] = codes as [string, string];
    const op = await edit(harness, productId, mine, { notes: 'Ask for the carton price' });
    await harness.client.call('updateProductSuppliers', {
      params: { product_id: productId },
      body: [{ supplier_code: theirs, lead_time: 21 }],
    });

    await harness.engine.start();
    await harness.drain();

    expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'done' });
    const server = await harness.client.call('listProductSuppliers', { params: { product_id: productId } });
    expect(server.find((l) => l.supplier_code === mine)?.notes).toBe('Ask for the carton price');
    expect(server.find((l) => l.supplier_code === theirs)?.lead_time).toBe(21);
  });

  it('stops on the same field changed on both sides and sends the value the user picks', async () => {
    harness = suite.harness();
    const { productId, codes } = await cachedProduct(harness);
    const code = codes[0]!;
    const op = await edit(harness, productId, code, { leadTime: 4, sku2: '9300000000017' });
    await harness.client.call('updateProductSuppliers', {
      params: { product_id: productId },
      body: [{ supplier_code: code, lead_time: 30 }],
    });

    await harness.engine.start();
    await harness.drain();

    const conflicted = (await harness.store.getOp({ id: op.id })).op!;
    expect(conflicted.state).toBe('conflicted');
    const field = `${code.replace(/%/g, '%25').replace(/\./g, '%2E')}.lead_time`;
    expect(conflicted.conflicts).toMatchObject([{ field, local: 4, server: 30 }]);
    let server = await harness.client.call('listProductSuppliers', { params: { product_id: productId } });
    expect(server.find((l) => l.supplier_code === code)?.supplier_sku2).not.toBe('9300000000017');

    await harness.engine.actions.resolveConflict(op.id, { [field]: 4 });
    await harness.drain();
    server = await harness.client.call('listProductSuppliers', { params: { product_id: productId } });
    expect(server.find((l) => l.supplier_code === code)).toMatchObject({
      lead_time: 4,
      supplier_sku2: '9300000000017',
    });
    const done = (await harness.store.getOp({ id: op.id })).op!;
    expect(done.state).toBe('done');
    expect(Array.isArray(done.body)).toBe(true);
  });
});

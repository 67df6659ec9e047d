import { beforeEach, describe, expect, it } from 'vitest';
import {
  sampleProduct,
  sampleProductSupplier,
  sampleSupplier,
  sampleSupplierReturn,
} from '../../api/resources/fixtures';
import type { DockhandDb } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { judgeSupplierLink, supplierLinkOf, supplierLinkOnReturn } from './supplierLink';

const coral = { id: 77, name: 'Coral Textile', code: 'CORAL' };
const summit = { id: 78, name: 'Summit Gear' };
const link = (code: string, name: string, is_deleted = false) => ({
  supplier_code: code,
  supplier_name: name,
  is_deleted,
});

describe('judgeSupplierLink', () => {
  const judge = (input: Partial<Parameters<typeof judgeSupplierLink>[0]>) =>
    judgeSupplierLink({
      productName: 'Ember dome tent',
      supplier: coral,
      ownSupplier: summit,
      links: [],
      fetched: true,
      ...input,
    });

  it('takes a product linked to the supplier by code', () => {
    expect(judge({ links: [link('SUMMIT', 'Summit Gear'), link('CORAL', 'Coral Textile')] })).toEqual({
      verdict: 'linked',
      message: null,
    });
  });

  it('refuses another supplier’s product, naming where it comes from', () => {
    expect(judge({ links: [link('SUMMIT', 'Summit Gear')] })).toEqual({
      verdict: 'not-linked',
      message:
        'Ember dome tent isn’t supplied by Coral Textile — it can’t go on this return. It comes from Summit Gear.',
    });
  });

  it('does not count a deleted link', () => {
    expect(judge({ links: [link('CORAL', 'Coral Textile', true)] })).toMatchObject({
      verdict: 'not-linked',
      message: expect.stringMatching(/It has no supplier on record\.$/),
    });
  });

  it('takes a product whose own supplier is the return’s, its links fetched or not', () => {
    expect(judge({ ownSupplier: { id: 77, name: 'Coral Textile' }, fetched: false }).verdict).toBe('linked');
  });

  it('says it does not know rather than guess when the product’s suppliers were not fetched', () => {
    expect(judge({ fetched: false })).toEqual({
      verdict: 'unknown',
      message:
        'Ember dome tent comes from Summit Gear. This computer hasn’t fetched its other suppliers yet, so it can’t check that Coral Textile also supplies it.',
    });
    expect(judge({ fetched: false, ownSupplier: null }).message).toBe(
      'This computer hasn’t fetched the suppliers of Ember dome tent yet, so it can’t check that Coral Textile supplies it.',
    );
    // Links it has are enough to answer, fetched or not.
    expect(judge({ fetched: false, links: [link('SUMMIT', 'Summit Gear')] }).verdict).toBe('not-linked');
  });

  it('matches by name while the supplier’s record (its code) is not on this computer', () => {
    const byName = { id: 77, name: 'coral textile ', code: null };
    expect(judge({ supplier: byName, links: [link('CORAL', 'Coral Textile')] }).verdict).toBe('linked');
    expect(judge({ supplier: byName, links: [link('CT2', 'Coral Tents')] }).verdict).toBe('not-linked');
    expect(judge({ supplier: { id: 77, name: '', code: null } }).verdict).toBe('unknown');
  });
});

describe('supplierLinkOf (from the cache)', () => {
  let db: DockhandDb;
  const acmeReturn = sampleSupplierReturn(); // supplier 41, Acme Apparel
  // 5012, its own supplier Coral Textile, not the return's.
  const tee = sampleProduct({
    supplier: { ...sampleProduct().supplier, id: 77, supplier_code: 'CORAL', name: 'Coral Textile' },
  });
  const fetchedAt = '2026-03-10T09:00:00.000Z';

  beforeEach(async () => {
    db = memoryDb('supplier-link');
    await db.supplierReturns.put(acmeReturn);
    await db.suppliers.put({ ...sampleSupplier(), id: 41 });
    await db.products.put({ ...tee, _fetchedAt: fetchedAt });
  });

  const sweep = (cursor: { id: number; modifiedOn: string; completedAt: string }) =>
    db.cursors.put({ resource: 'productSuppliers', ...cursor });

  it('is linked when a cached link names the return’s supplier code', async () => {
    await db.productSuppliers.put(sampleProductSupplier());
    expect((await supplierLinkOf(db, acmeReturn, tee)).verdict).toBe('linked');
    expect((await supplierLinkOnReturn(db, 8001, tee))?.verdict).toBe('linked');
    expect(await supplierLinkOnReturn(db, 9999, tee)).toBeNull();
  });

  it('is not linked when the links name only other suppliers', async () => {
    await db.productSuppliers.put(
      sampleProductSupplier({ supplier_code: 'CORAL', supplier_name: 'Coral Textile' }),
    );
    expect(await supplierLinkOf(db, acmeReturn, tee)).toMatchObject({
      verdict: 'not-linked',
      message: expect.stringContaining('isn’t supplied by Acme Apparel'),
    });
  });

  it('is unknown with no links until a sweep has read the product', async () => {
    const verdict = async () => (await supplierLinkOf(db, acmeReturn, tee)).verdict;
    /** The verdict once the sweep of product links stands at id `id`, done at `at`. */
    const afterSweep = async (id: number, at: string, modifiedOn = '1970-01-01T00:00:00.000Z') => {
      await sweep({ id, modifiedOn, completedAt: at });
      return verdict();
    };
    expect(await verdict()).toBe('unknown');
    // A sweep under way that has not reached it yet.
    expect(await afterSweep(5000, '2026-03-10T09:05:00.000Z')).toBe('unknown');
    // One that passed it, but before the product was stored here.
    expect(await afterSweep(6000, '2026-03-10T08:00:00.000Z')).toBe('unknown');
    // One that passed it after: no links means it has no supplier.
    expect(await afterSweep(6000, '2026-03-10T09:05:00.000Z')).toBe('not-linked');
    // A whole sweep that finished after the product was stored: the same.
    expect(await afterSweep(0, '2026-03-10T09:30:00.000Z', '2026-03-10T09:30:00.000Z')).toBe('not-linked');
  });
});

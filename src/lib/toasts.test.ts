/** The toast for a refused change says which line and field and why, never the HTTP title. */
import { describe, expect, it } from 'vitest';
import type { OpRecord } from '../db/ops';
import { opToastText } from './toasts.svelte';

const refused: OpRecord = {
  id: 'op-1',
  kind: 'createPurchaseOrder',
  aggregate: 'purchaseOrder:-2',
  params: {},
  body: { purchase_order_items: [{ product: { id: 101 }, quantity_ordered: 24 }] },
  dependsOnTempIds: [],
  state: 'failed',
  attempts: 1,
  createdAt: '2026-03-10T09:30:00.000Z',
  label: 'New purchase order for Coral Textile (1 line)',
  problem: {
    status: 400,
    title: 'Bad Request',
    detail: 'The request breaks a business rule of this back office',
    errors: { 'purchase_order_items[0].quantity_ordered': ['Must be at most 10'] },
  },
};

describe('opToastText', () => {
  it('says the refused line, its product and the rule, not "failed: Bad Request"', () => {
    const names = { products: new Map([[101, 'Ember dome tent']]), orderLines: new Map() };
    expect(opToastText(refused, names)).toBe(
      '“New purchase order for Coral Textile (1 line)” was refused: Line 1 — Ember dome tent: quantity ordered must be at most 10',
    );
    expect(opToastText({ ...refused, state: 'conflicted' })).toBe(
      '“New purchase order for Coral Textile (1 line)” was changed on the server too: choose which values to keep',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { lanesOf } from './lanes';
import { LIST_RESOURCES } from './resources';

const lanes = (tier: 'dock' | 'background') =>
  lanesOf(LIST_RESOURCES.filter((r) => r.tier === tier).map((resource) => ({ resource }))).map((lane) =>
    lane.map((run) => run.resource.name),
  );

describe('lanesOf', () => {
  it('keeps a pass with the passes it follows or shares a family with, in the tier order', () => {
    expect(lanes('dock')).toEqual([['openPurchaseOrdersHere', 'openPurchaseOrders']]);
    const background = lanes('background');
    expect(background[0]).toEqual(['purchaseOrders', 'closedPurchaseOrderLines']);
    expect(background).toContainEqual(['creditNotes', 'creditNoteItems']);
    expect(background).toContainEqual(['supplierInvoices']);
    expect(background.flat()).toHaveLength(LIST_RESOURCES.filter((r) => r.tier === 'background').length);
  });
});

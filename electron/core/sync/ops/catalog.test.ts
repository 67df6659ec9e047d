/**
 * One source for what an op kind is: the outbox writer (renderer) and the engine's specs both read the op
 * catalog (src/db/opCatalog.ts), so an op is queued under the aggregate, payload rules and temp ids the
 * engine replays it with.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { opCatalog } from '../../../../src/db/opCatalog';
import { OP_KINDS, type OpKind } from '../../../../src/db/ops';
import { aggregateFor, allocateTempId, enqueue, OutboxValidationError } from '../../../../src/db/outbox';
import { DockhandDb } from '../../../../src/db/schema';
import { OP_SPECS } from './index';

const name = { name: 'Sample' };
const JOINS_PARENT: OpKind[] = ['createSupplierReturnItem', 'createProductSuppliers'];

/** A payload the contract accepts for every kind; some reference temp ids, as offline edits do. */
const SAMPLES: { [K in OpKind]: { params: Record<string, number>; body?: unknown } } = {
  createPurchaseOrder: {
    params: {},
    body: {
      supplier: { id: 101 },
      outlet: { id: 1 },
      purchase_order_items: [{ product: { id: 10001 }, quantity_ordered: 1 }],
    },
  },
  deletePurchaseOrderItem: { params: { id: -30, item_id: -31 } },
  createSupplierInvoice: {
    params: {},
    body: {
      supplier_invoice_number: 'INV-SAMPLE',
      purchase_order_receipts: [
        {
          purchase_order_id: -30,
          purchase_order_receipt_items: [{ purchase_order_item_id: -31, quantity_received: 1 }],
        },
      ],
    },
  },
  updateSupplierInvoice: { params: { id: -32 }, body: { status: 'Finalised' } },
  updateSupplierReturn: { params: { id: 400001 }, body: { supplier_return_status: { id: 3 } } },
  createSupplierReturnItem: {
    params: { id: 400001 },
    body: { product: { id: 10003 }, supplier_return_reason: { id: -33 }, return_quantity: 2 },
  },
  updateSupplier: { params: { id: 101 }, body: { phone: '03 9000 0000' } },
  deleteSupplier: { params: { id: 101 } },
  createProductSuppliers: { params: { product_id: 10010 }, body: [{ supplier_code: 'S1', lead_time: 9 }] },
  updateProductSuppliers: { params: { product_id: 10001 }, body: [{ supplier_code: 'S1', notes: 'n' }] },
  deleteProductSuppliers: { params: { product_id: 10001 } },
  createCustomer: { params: {}, body: { first_name: 'Ada', last_name: 'Ng', customer_number: 'C-1' } },
  updateCustomer: { params: { id: 50001 }, body: { mobile: '0400 333 444' } },
  updateDeliveryAddress: { params: { id: 50003, address_id: 2000003 }, body: { suburb: 'Fitzroy' } },
  createSupplierReturnReason: { params: {}, body: name },
  updateSupplierReturnReason: { params: { id: 1 }, body: name },
  deleteSupplierReturnReason: { params: { id: 1 } },
  createShippingPort: { params: {}, body: name },
  updateShippingPort: { params: { id: 1 }, body: name },
  deleteShippingPort: { params: { id: 1 } },
  createShipmentType: { params: {}, body: name },
  updateShipmentType: { params: { id: 1 }, body: name },
  createFixedPriceGroup: { params: {}, body: name },
};

describe('the op catalog', () => {
  it.each(OP_KINDS)(
    '%s: the spec uses the catalog’s aggregate, payload, endpoint, table and temp ids',
    (kind) => {
      const spec = OP_SPECS[kind];
      const entry = opCatalog(kind);
      // The same function objects, not merely equal answers: there is nothing left to drift.
      expect(spec.aggregateOf).toBe(entry.aggregateOf);
      expect(spec.tempIdsOf).toBe(entry.tempIdsOf);
      expect(spec.payload).toBe(entry.payload);
      expect(spec.operation).toBe(entry.operation);
      expect(spec.creates).toBe(entry.creates);
    },
  );

  it('queues every kind under the aggregate and temp ids the engine computes, with or without a temp id', async () => {
    const db = new DockhandDb('catalog-test', { indexedDB: new IDBFactory(), IDBKeyRange });
    for (const kind of OP_KINDS) {
      const spec = OP_SPECS[kind];
      const { params, body } = SAMPLES[kind];
      const temps = spec.creates ? [undefined, await allocateTempId(db, spec.creates)] : [undefined];
      for (const createsTempId of temps) {
        const op = await enqueue(db, {
          kind,
          params,
          body,
          ...(createsTempId === undefined ? {} : { createsTempId }),
          label: kind,
          cacheChanges: [],
        });
        expect(spec.payload.safeParse({ params: op.params, body: op.body }).success, kind).toBe(true);
        expect(op.aggregate, kind).toBe(spec.aggregateOf(op));
        expect(aggregateFor(kind, op.params, createsTempId, op.body)).toBe(op.aggregate);
        expect(op.dependsOnTempIds, kind).toEqual(spec.tempIdsOf(op).filter((t) => t !== createsTempId));
        // A create joins its own temp id's group (where its updates queue), unless it adds to a parent's.
        if (createsTempId !== undefined && !JOINS_PARENT.includes(kind))
          expect(op.aggregate).toBe(`${opCatalog(kind).group}:${createsTempId}`);
      }
    }
    db.close();
  });

  it('names creates without a temp id by their natural key, one aggregate for outbox and engine', () => {
    const po = { ...(SAMPLES.createPurchaseOrder.body as object), external_purchase_order_id: 'K-1' };
    expect(aggregateFor('createPurchaseOrder', {}, undefined, po)).toBe('purchaseOrder:ext:K-1');
    expect(aggregateFor('createSupplierInvoice', {}, undefined, SAMPLES.createSupplierInvoice.body)).toBe(
      'supplierInvoice:po:-30:number:INV-SAMPLE',
    );
    expect(
      aggregateFor('createProductSuppliers', { product_id: 7 }, undefined, [{ supplier_code: 'A' }]),
    ).toBe('productSuppliers:7');
  });

  it('refuses on enqueue what the engine would refuse to send', async () => {
    const db = new DockhandDb('catalog-refuse', { indexedDB: new IDBFactory(), IDBKeyRange });
    await expect(
      enqueue(db, { kind: 'deleteSupplier', params: { id: 101 }, body: {}, label: 'x', cacheChanges: [] }),
    ).rejects.toBeInstanceOf(OutboxValidationError);
    expect(OP_SPECS.deleteSupplier.payload.safeParse({ params: { id: 101 }, body: {} }).success).toBe(false);
    db.close();
  });
});

/**
 * The server's refusals in a clerk's words: positions as line numbers, lines named by their product (from the
 * cache), field names from the field tables, the contract's and the back office's messages as "must be …",
 * a path with no row still in words, and a business rule said as such.
 */
import { describe, expect, it } from 'vitest';
import type { OpRecord } from '../db/ops';
import {
  lineRefs,
  predicateOf,
  rejectionLine,
  rejectionOf,
  rejectionText,
  type LineNames,
} from './rejectionWords';

const names: LineNames = {
  products: new Map([
    [101, 'Ember dome tent'],
    [102, 'Enamel camp mug'],
  ]),
  orderLines: new Map([[5002, 'Trail head torch']]),
};

const poCreate = (errors: Record<string, string[]>, detail = 'The request body is not valid') =>
  ({
    kind: 'createPurchaseOrder',
    body: {
      supplier: { id: 7 },
      outlet: { id: 1 },
      purchase_order_items: [
        { product: { id: 102 }, quantity_ordered: 2 },
        { product: { id: 101 }, quantity_ordered: 24 },
        { product: { id: 999 }, quantity_ordered: 1 },
      ],
    },
    problem: { status: 400, title: 'Bad Request', detail, errors },
  }) satisfies Pick<OpRecord, 'kind' | 'body' | 'problem'>;

describe('rejectionOf', () => {
  it('names the line by its number (from 1) and its product, and says the business rule it breaks', () => {
    const op = poCreate(
      { 'purchase_order_items[1].quantity_ordered': ['Must be at most 10'] },
      'The request breaks a business rule of this back office',
    );
    const rejection = rejectionOf(op, names);
    expect(rejection.summary).toBe('It breaks a rule of this back office.');
    expect(rejection.fields).toEqual([
      {
        path: 'purchase_order_items[1].quantity_ordered',
        serverPath: 'purchase_order_items[1].quantity_ordered',
        where: 'Line 2 — Ember dome tent',
        label: 'Quantity ordered',
        said: ['must be at most 10'],
        text: 'Line 2 — Ember dome tent: quantity ordered must be at most 10',
      },
    ]);
    expect(rejectionLine(op, names)).toBe('Line 2 — Ember dome tent: quantity ordered must be at most 10');
    expect(rejectionText(op, names)).toBe(
      'It breaks a rule of this back office. Line 2 — Ember dome tent: quantity ordered must be at most 10.',
    );
  });

  it('reads dotted server paths with a body prefix, and a product not on this PC by its line alone', () => {
    const op = poCreate({
      'body.purchase_order_items.2.supplier_buy_ex': ['Too small: expected number to be >0'],
    });
    const [field] = rejectionOf(op, names).fields;
    expect(field?.path).toBe('purchase_order_items[2].supplier_buy_ex');
    expect(field?.text).toBe('Line 3: buy price (ex tax) must be more than 0');
  });

  it('names receipt lines by the order line they receive, and the receipt when there are several', () => {
    const op = {
      kind: 'createSupplierInvoice' as const,
      body: {
        purchase_order_receipts: [
          { purchase_order_id: 1, purchase_order_receipt_items: [{ purchase_order_item_id: 5001 }] },
          { purchase_order_id: 2, purchase_order_receipt_items: [{ purchase_order_item_id: 5002 }] },
        ],
      },
      problem: {
        status: 400,
        title: 'Bad Request',
        detail: 'x',
        errors: {
          'purchase_order_receipts[1].purchase_order_receipt_items[0].quantity_faulty': [
            'Too big: expected number to be <=4',
          ],
        },
      },
    };
    expect(rejectionOf(op, names).fields[0]?.text).toBe(
      'Receipt 2, line 1 — Trail head torch: faulty must be at most 4',
    );
  });

  it('falls back to words for a path with no row, and quotes a message that is a sentence of its own', () => {
    const op = {
      kind: 'updateCustomer' as const,
      body: { delivery_addresses: [{ address_line1: '1 Main St' }, { address_line1: '2 Side St' }] },
      problem: {
        status: 400,
        title: 'Bad Request',
        detail: '2 fields are invalid',
        errors: {
          'delivery_addresses[1].mobile': ['Too big: expected string to have <=20 characters'],
          'customer_type.id': ['No customer type with id 9'],
        },
      },
    };
    const { summary, fields } = rejectionOf(op, names);
    expect(summary).toBe('The server did not accept 2 values.');
    expect(fields.map((field) => field.text)).toEqual([
      'Delivery addresses (2) › Mobile must be at most 20 characters',
      'Customer type: No customer type with id 9',
    ]);
    expect(fields.map((field) => field.text).join(' ')).not.toMatch(/\[|_/);
  });

  it('says what a refusal without field errors means, in words rather than the HTTP title', () => {
    const refused = (status: number, detail: string | null) => ({
      kind: 'updateSupplierInvoice' as const,
      body: {},
      problem: { status, title: 'Conflict', detail },
    });
    expect(rejectionOf(refused(409, 'The invoice is finalised')).summary).toBe(
      'It clashes with the record as it is on the server now: The invoice is finalised.',
    );
    expect(rejectionLine(refused(403, null))).toBe('This API key is not allowed to make this change.');
    expect(rejectionLine(refused(503, 'Upstream down'))).toMatch(/^The server had a fault of its own/);
  });
});

describe('predicateOf', () => {
  it("turns the contract's messages into what the field must be", () => {
    expect(predicateOf('Too big: expected string to have <=50 characters')).toBe(
      'must be at most 50 characters',
    );
    expect(predicateOf('Too small: expected string to have >=1 characters')).toBe('must not be empty');
    expect(predicateOf('Too big: expected array to have <=1 items')).toBe('must have at most 1 items');
    expect(predicateOf('Invalid input: expected int, received number')).toBe('must be a whole number');
    expect(predicateOf('Invalid input: expected string, received undefined')).toBe('is required');
    expect(predicateOf('Invalid option: expected one of "Value"|"Quantity"')).toBe(
      'must be one of Value, Quantity',
    );
    expect(predicateOf('Invalid email address')).toBe('is not a valid email address');
    expect(predicateOf('Must be at least 1.')).toBe('must be at least 1');
    expect(predicateOf('This back office takes at most 10 per line')).toBeNull();
  });
});

describe('lineRefs', () => {
  it('finds the products and order lines a body refers to, once each', () => {
    expect(
      lineRefs({
        purchase_order_items: [{ product: { id: 1 } }, { product: { id: 1 } }, { product_id: 2 }],
        receipts: [{ items: [{ purchase_order_item_id: 9 }] }],
      }),
    ).toEqual({ products: [1, 2], orderLines: [9] });
  });
});

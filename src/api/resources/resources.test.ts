/** Cross-cutting checks over every response schema: samples parse, unknown properties fail, nothing is missed. */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import * as fixtures from './fixtures';
import * as resources from './index';
import { edited, issueKeys, REMOVE } from '../testing';

/** Every exported schema with its sample factory; `sample…` is named after `…Schema`. */
const schemaNames = Object.keys(resources).filter(
  (name) => name.endsWith('Schema') && resources[name as keyof typeof resources] instanceof z.ZodType,
);
const cases = schemaNames.map((name) => {
  const base = name.slice(0, -'Schema'.length);
  const sample = (fixtures as Record<string, unknown>)[`sample${base}`] as (() => unknown) | undefined;
  return [base, resources[name as keyof typeof resources] as z.ZodType, sample] as const;
});

test('every exported schema has a sample factory', () => {
  expect(cases.length).toBeGreaterThanOrEqual(24);
  expect(cases.filter(([, , sample]) => sample === undefined).map(([base]) => base)).toEqual([]);
});

describe.each(cases)('%s', (base, schema, sample) => {
  test('its realistic sample parses unchanged', () => {
    expect(issueKeys(schema, sample!())).toEqual([]);
    expect(schema.parse(sample!())).toEqual(sample!());
  });

  test('each factory call returns a fresh object', () => {
    expect(sample!()).not.toBe(sample!());
  });

  if (base !== 'Problem') {
    test('an unknown property is rejected and named', () => {
      expect(issueKeys(schema, { ...(sample!() as object), surprise: 1 })).toContain('surprise');
    });

    test('a missing property is rejected and named', () => {
      const [first] = Object.keys(sample!() as object);
      expect(issueKeys(schema, edited(sample!(), [first!], REMOVE))).toContain(first);
    });
  }
});

describe('nested objects are strict too', () => {
  test.each([
    ['PurchaseOrder', 'purchase_order_items[0].product.product_type.colour', fixtures.samplePurchaseOrder()],
    ['Customer', 'delivery_addresses[0].colour', fixtures.sampleCustomer()],
    [
      'SupplierInvoice',
      'purchase_order_receipts[0].purchase_order_receipt_items[0].colour',
      fixtures.sampleSupplierInvoice(),
    ],
    ['Outlet', 'address.colour', fixtures.sampleOutlet()],
    ['CreditNote', 'created_by.colour', fixtures.sampleCreditNote()],
  ] as const)('%s rejects %s', (base, key, sample) => {
    const path = key
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    const schema = resources[`${base}Schema`];
    expect(issueKeys(schema, edited(sample, path, 'red'))).toContain(key);
  });
});

test('the problem body keeps extra properties', () => {
  const body = { ...fixtures.sampleProblem(), traceId: '00-abc-01', retry_after: 30 };
  expect(resources.ProblemSchema.parse(body)).toEqual(body);
});

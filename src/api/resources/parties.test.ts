/** Customers and their records, suppliers and outlets (./customer.ts, ./supplier.ts, ./outlet.ts). */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CustomerSchema,
  DeliveryAddressSchema,
  LoyaltyHistoryEntrySchema,
  SurveySegmentGroupSchema,
} from './customer';
import {
  sampleCustomer,
  sampleDeliveryAddress,
  sampleLoyaltyHistoryEntry,
  sampleOutlet,
  sampleSupplier,
  SUPPLIER_TEXT_TOO_LONG,
  sampleSurveySegmentGroup,
} from './fixtures';
import { OutletSchema } from './outlet';
import { SUPPLIER_COMMENTS_FORBIDDEN, SUPPLIER_COMMENTS_PATTERN, SupplierSchema } from './supplier';
import { acceptsNull, edited, INT32_OVERFLOW, issueKeys, rejectsEach, REMOVE } from '../testing';

describe('CustomerSchema', () => {
  rejectsEach(test, CustomerSchema, sampleCustomer, [
    ['id', ['id'], INT32_OVERFLOW],
    ['id', ['id'], null],
    ['price_groups[0].type', ['price_groups', 0, 'type'], 'Promotional'],
    ['created_on', ['created_on'], null],
    ['modified_on', ['modified_on'], '2026-03-04'],
    ['date_of_birth_withheld', ['date_of_birth_withheld'], null],
    ['total_transactions', ['total_transactions'], 2.5],
    ['account_customer.credit_limit', ['account_customer', 'credit_limit'], '1000'],
    ['marketing.receive_sms', ['marketing', 'receive_sms'], null],
    ['delivery_addresses[0].modified_on', ['delivery_addresses', 0, 'modified_on'], 'today'],
    ['survey_responses[0].question', ['survey_responses', 0, 'question'], null],
    ['sales_channels[0].id', ['sales_channels', 0, 'id'], 'web'],
    ['customer_type', ['customer_type'], null],
  ]);

  test('the website and acn keys are the response names; abn is a request-only key', () => {
    expect(issueKeys(CustomerSchema, sampleCustomer({ website: 'https://sam.example', acn: '123' }))).toEqual(
      [],
    );
    expect(issueKeys(CustomerSchema, { ...sampleCustomer(), abn: '123' })).toContain('abn');
    expect(issueKeys(CustomerSchema, edited(sampleCustomer(), ['website'], REMOVE))).toContain('website');
  });

  acceptsNull(test, CustomerSchema, sampleCustomer, [
    'customer_number',
    'email',
    'website',
    'acn',
    'date_of_birth',
    'total_payments',
    'total_transactions',
  ]);
});

describe('DeliveryAddressSchema', () => {
  rejectsEach(test, DeliveryAddressSchema, sampleDeliveryAddress, [
    ['id', ['id'], null],
    ['modified_on', ['modified_on'], null],
    ['default', ['default'], 'yes'],
    ['postcode', ['postcode'], 2009],
  ]);

  test('default is nullable', () => {
    expect(issueKeys(DeliveryAddressSchema, sampleDeliveryAddress({ default: null }))).toEqual([]);
  });
});

describe('LoyaltyHistoryEntrySchema', () => {
  rejectsEach(test, LoyaltyHistoryEntrySchema, sampleLoyaltyHistoryEntry, [
    ['created_on', ['created_on'], 'then'],
    ['loyalty_points_delta', ['loyalty_points_delta'], null],
    ['order_item.order_id', ['order_item', 'order_id'], INT32_OVERFLOW],
    ['adjustment_reason.id', ['adjustment_reason'], { id: 'x', name: 'Goodwill' }],
  ]);

  test('a manual adjustment has no order item; ratio is nullable', () => {
    const entry = sampleLoyaltyHistoryEntry({
      order_item: null,
      adjustment_reason: { id: 2, name: 'Goodwill' },
      ratio: null,
    });
    expect(issueKeys(LoyaltyHistoryEntrySchema, entry)).toEqual([]);
  });
});

describe('SurveySegmentGroupSchema', () => {
  rejectsEach(test, SurveySegmentGroupSchema, sampleSurveySegmentGroup, [
    ['active', ['active'], REMOVE],
    ['active', ['active'], null],
    ['id', ['id'], INT32_OVERFLOW],
  ]);
});

describe('SupplierSchema', () => {
  rejectsEach(test, SupplierSchema, sampleSupplier, [
    ...SUPPLIER_TEXT_TOO_LONG,
    ['contact_email', ['contact_email'], 'lee at acme'],
    ['contact_email', ['contact_email'], `${'x'.repeat(112)}@acme.example`],
    ['order_email', ['order_email'], 'orders@'],
    ['address.country.id', ['address', 'country', 'id'], INT32_OVERFLOW],
    ['id', ['id'], INT32_OVERFLOW],
    ['is_enabled', ['is_enabled'], null],
    ['modified_on', ['modified_on'], null],
    ['po_sku1_enabled', ['po_sku1_enabled'], 'false'],
  ]);

  test('accepts values at the bounds', () => {
    const supplier = sampleSupplier({
      supplier_code: 'x'.repeat(20),
      name: 'x'.repeat(50),
      contact_email: `${'x'.repeat(107)}@acme.example`,
      comments: 'x'.repeat(255),
    });
    expect(issueKeys(SupplierSchema, supplier)).toEqual([]);
  });

  test.each(SUPPLIER_COMMENTS_FORBIDDEN)('comments containing %s are rejected', (char) => {
    const result = SupplierSchema.safeParse(sampleSupplier({ comments: `Call before 10am ${char} thanks` }));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['comments'], message: expect.stringContaining('Must not contain') }),
    ]);
  });

  test('comments without forbidden characters are accepted (property)', () => {
    const allowed = fc
      .string({ unit: 'binary', maxLength: 255 })
      .filter((text) => !SUPPLIER_COMMENTS_FORBIDDEN.some((char) => text.includes(char)));
    fc.assert(fc.property(allowed, (text) => SUPPLIER_COMMENTS_PATTERN.test(text)));
  });

  test('any comment with a forbidden character is rejected (property)', () => {
    const text = fc.string({ maxLength: 100 });
    const forbidden = fc.constantFrom(...SUPPLIER_COMMENTS_FORBIDDEN);
    fc.assert(
      fc.property(text, forbidden, text, (a, char, b) => !SUPPLIER_COMMENTS_PATTERN.test(a + char + b)),
    );
  });

  test('po_sku1_enabled defaults to false and po_sku2_enabled to true when missing', () => {
    const missing = edited(
      edited(sampleSupplier(), ['po_sku1_enabled'], REMOVE),
      ['po_sku2_enabled'],
      REMOVE,
    );
    const parsed = SupplierSchema.parse(missing);
    expect(parsed.po_sku1_enabled).toBe(false);
    expect(parsed.po_sku2_enabled).toBe(true);
  });

  test('explicit values, including null, are kept over the defaults', () => {
    const parsed = SupplierSchema.parse(sampleSupplier({ po_sku1_enabled: null, po_sku2_enabled: false }));
    expect(parsed.po_sku1_enabled).toBeNull();
    expect(parsed.po_sku2_enabled).toBe(false);
  });

  test('nullable text accepts null; the address country may be null', () => {
    const supplier = sampleSupplier({
      supplier_code: null,
      contact_email: null,
      order_email: null,
      comments: null,
    });
    expect(issueKeys(SupplierSchema, edited(supplier, ['address', 'country'], null))).toEqual([]);
  });
});

describe('OutletSchema', () => {
  rejectsEach(test, OutletSchema, sampleOutlet, [
    ['name', ['name'], 'x'.repeat(256)],
    ['external_reference', ['external_reference'], 'x'.repeat(31)],
    ['company_name', ['company_name'], 'x'.repeat(101)],
    ['company_registration_number', ['company_registration_number'], 'x'.repeat(51)],
    ['company_registration_label', ['company_registration_label'], 'x'.repeat(16)],
    ['phone', ['phone'], '0'.repeat(51)],
    ['fax', ['fax'], '0'.repeat(51)],
    ['email', ['email'], `${'x'.repeat(45)}@x.com`],
    ['minimum_replenishment_quantity', ['minimum_replenishment_quantity'], -1],
    ['minimum_replenishment_quantity', ['minimum_replenishment_quantity'], INT32_OVERFLOW],
    ['billing_type', ['billing_type'], 1.5],
    ['invoice_receipt_comments', ['invoice_receipt_comments'], 'x'.repeat(8001)],
    ['purchase_order_comments', ['purchase_order_comments'], 'x'.repeat(8001)],
    ['invoice_receipt_comments', ['invoice_receipt_comments'], 'Thanks for <b>shopping</b>'],
    ['purchase_order_comments', ['purchase_order_comments'], '<a href="https://x.example">terms</a>'],
    ['purchase_order_comments', ['purchase_order_comments'], 'line one<br/>line two'],
    ['enabled', ['enabled'], null],
    ['fob_currency.currency_name', ['fob_currency', 'currency_name'], null],
    ['modified_on', ['modified_on'], null],
  ]);

  test('comments may use angle brackets that are not tags, and reach 8000 characters', () => {
    const outlet = sampleOutlet({
      invoice_receipt_comments: 'Orders < $50 ship for $5; > $50 ship free. 3<4',
      purchase_order_comments: 'x'.repeat(8000),
    });
    expect(issueKeys(OutletSchema, outlet)).toEqual([]);
  });

  test('an HTML tag is reported with a clear message on the field', () => {
    const result = OutletSchema.safeParse(sampleOutlet({ purchase_order_comments: '<p>Hi</p>' }));
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['purchase_order_comments'], message: 'Must not contain HTML tags' }),
    ]);
  });

  acceptsNull(test, OutletSchema, sampleOutlet, [
    'id',
    'name',
    'billing_type',
    'minimum_replenishment_quantity',
    'invoice_receipt_comments',
    'purchase_order_comments',
    'bank_details',
    'default_fulfil_outlet',
    'invoice_email_template',
  ]);
});

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CustomerCreateSchema,
  CustomerUpdateSchema,
  DeliveryAddressUpdateSchema,
  FixedPriceGroupCreateSchema,
  PURCHASE_ORDER_DATE_KEYS,
  PurchaseOrderCreateSchema,
  ShipmentTypeBodySchema,
  ShippingPortBodySchema,
  SupplierReturnReasonBodySchema,
  SupplierUpdateSchema,
} from './index';
import {
  sampleCustomerCreate,
  sampleCustomerUpdate,
  sampleDeliveryAddressUpdate,
  sampleFixedPriceGroupCreate,
  samplePurchaseOrderCreate,
  sampleShipmentTypeBody,
  sampleShippingPortBody,
  sampleSupplierReturnReasonBody,
  sampleSupplierUpdate,
} from './fixtures';
import { SUPPLIER_TEXT_TOO_LONG } from '../resources/fixtures';
import { errorsOf, REMOVE, rejectsEach, type Edit } from '../testing';

const DATE_KEYS = PURCHASE_ORDER_DATE_KEYS;

describe('PurchaseOrderCreateSchema', () => {
  it('accepts a realistic body and a minimal one', () => {
    expect(errorsOf(PurchaseOrderCreateSchema, samplePurchaseOrderCreate())).toEqual({});
    expect(errorsOf(PurchaseOrderCreateSchema, { outlet: { id: 1 }, supplier: { id: 2 } })).toEqual({});
  });

  it('accepts null for the nullable references, dates, text and items', () => {
    const nulls = Object.fromEntries(
      [...DATE_KEYS, 'shipping_status', 'shipping_port', 'internal_comments', 'purchase_order_items'].map(
        (k) => [k, null],
      ),
    );
    expect(errorsOf(PurchaseOrderCreateSchema, samplePurchaseOrderCreate(nulls))).toEqual({});
  });

  it.each(DATE_KEYS)('requires %s to be a calendar date, not a date-time', (key) => {
    const errors = errorsOf(PurchaseOrderCreateSchema, {
      ...samplePurchaseOrderCreate(),
      [key]: '2026-03-15T00:00:00Z',
    });
    expect(Object.keys(errors)).toEqual([key]);
  });

  rejectsEach(it, PurchaseOrderCreateSchema, samplePurchaseOrderCreate, [
    ['supplier', ['supplier'], REMOVE],
    ['outlet', ['outlet'], REMOVE],
    ['outlet', ['outlet'], null],
    ['eta', ['eta'], '2026-02-30'],
    ['status.id', ['status', 'id'], '1'],
    ['status.name', ['status', 'name'], 'OnOrder'],
    ['fob_currency.currency_code', ['fob_currency', 'currency_code'], 'AUD'],
    ['update_linked_transfers_on_receipt_to', ['update_linked_transfers_on_receipt_to'], 'Transfer'],
    ['deposit', ['deposit'], -1],
    ['external_purchase_order_id', ['external_purchase_order_id'], ''],
    ['reference_purchase_order_id', ['reference_purchase_order_id'], 1.5],
    ['supplier_comments', ['supplier_comments'], 42],
    ['purchase_order_items[0].product', ['purchase_order_items', 0, 'product'], REMOVE],
    ['purchase_order_items[0].product.name', ['purchase_order_items', 0, 'product', 'name'], 'Tee'],
    ['purchase_order_items[0].quantity_ordered', ['purchase_order_items', 0, 'quantity_ordered'], REMOVE],
    ['purchase_order_items[0].quantity_ordered', ['purchase_order_items', 0, 'quantity_ordered'], 0],
    ['purchase_order_items[0].quantity_ordered', ['purchase_order_items', 0, 'quantity_ordered'], 2.5],
    ['purchase_order_items[0].quantity_ordered', ['purchase_order_items', 0, 'quantity_ordered'], 2 ** 31],
    ['purchase_order_items[1].quantity_received', ['purchase_order_items', 1, 'quantity_received'], -1],
    ['purchase_order_items[1].supplier_buy_ex', ['purchase_order_items', 1, 'supplier_buy_ex'], -0.01],
    ['purchase_order_items[0].po_item_id', ['purchase_order_items', 0, 'po_item_id'], 7],
    // Misspelt and server-computed fields are named, never dropped.
    ['supplier_commments', ['supplier_commments'], 'typo'],
    ['id', ['id'], 1001],
    ['created_on', ['created_on'], '2026-01-01T00:00:00Z'],
    ['modified_by', ['modified_by'], { id: 1 }],
    ['total_quantity_ordered', ['total_quantity_ordered'], 30],
    ['total_weight', ['total_weight'], 3.2],
  ]);
});

describe('CustomerCreateSchema and CustomerUpdateSchema', () => {
  it('accept realistic bodies', () => {
    expect(errorsOf(CustomerCreateSchema, sampleCustomerCreate())).toEqual({});
    expect(errorsOf(CustomerUpdateSchema, sampleCustomerUpdate())).toEqual({});
  });

  it('send the business number as abn and reject acn by name, saying to use abn', () => {
    for (const schema of [CustomerCreateSchema, CustomerUpdateSchema]) {
      const { abn, ...withoutAbn } = sampleCustomerCreate();
      const errors = errorsOf(schema, { ...withoutAbn, acn: abn });
      expect(Object.keys(errors)).toEqual(['acn']);
      expect(errors['acn']?.[0]).toMatch(/abn/);
      expect(errorsOf(schema, { ...withoutAbn, abn })).toEqual({});
    }
  });

  it('create needs a first_name, last_name or company; update needs nothing', () => {
    const nameless = sampleCustomerCreate({ first_name: null, last_name: '  ', company: undefined });
    expect(Object.keys(errorsOf(CustomerCreateSchema, nameless))).toEqual(['first_name']);
    expect(errorsOf(CustomerCreateSchema, { company: 'Ng Trading' })).toEqual({});
    expect(errorsOf(CustomerUpdateSchema, {})).toEqual({});
  });

  it('takes website (the API prints it as "the service")', () => {
    expect(Object.keys(errorsOf(CustomerUpdateSchema, { 'the service': 'https://x.example' }))).toEqual([
      'the service',
    ]);
    expect(errorsOf(CustomerUpdateSchema, { website: 'https://x.example' })).toEqual({});
  });

  const invalidEdits: Edit[] = [
    ['date_of_birth', ['date_of_birth'], '14/07/1988'],
    ['customer_type.name', ['customer_type', 'name'], 'Retail'],
    ['billing_address.address_line3', ['billing_address', 'address_line3'], 'x'],
    ['delivery_addresses[1].default', ['delivery_addresses', 1], { default: true, suburb: 'Carlton' }],
    ['delivery_addresses[0].id', ['delivery_addresses', 0, 'id'], 3],
    ['marketing.receive_email', ['marketing', 'receive_email'], 'yes'],
    ['price_groups[0].type', ['price_groups', 0, 'type'], 'Fixed'],
    ['price_groups[1].id', ['price_groups', 1], { id: 2 }],
    ['sales_channels[0].id', ['sales_channels', 0, 'id'], -1.5],
    ['loyalty_program.auto_price_group', ['loyalty_program', 'auto_price_group'], 1],
    ['account_customer.payment_terms', ['account_customer', 'payment_terms'], -1],
    ['account_customer.credit_limit', ['account_customer', 'credit_limit'], -100],
    ['account_customer.credit_remaining', ['account_customer', 'credit_remaining'], 10],
    ['survey_responses', ['survey_responses'], []],
    ['total_payments', ['total_payments'], 10],
    ['modified_on', ['modified_on'], '2026-01-01T00:00:00Z'],
  ];
  describe('create', () => rejectsEach(it, CustomerCreateSchema, sampleCustomerCreate, invalidEdits));
  describe('update', () => rejectsEach(it, CustomerUpdateSchema, sampleCustomerCreate, invalidEdits));
});

describe('DeliveryAddressUpdateSchema', () => {
  it('accepts a full body and a partial one', () => {
    expect(errorsOf(DeliveryAddressUpdateSchema, sampleDeliveryAddressUpdate())).toEqual({});
    expect(errorsOf(DeliveryAddressUpdateSchema, { mobile: null })).toEqual({});
  });

  rejectsEach(it, DeliveryAddressUpdateSchema, sampleDeliveryAddressUpdate, [
    ['id', ['id'], 3],
    ['modified_on', ['modified_on'], '2026-01-01T00:00:00Z'],
    ['default', ['default'], 'yes'],
    ['postcode', ['postcode'], 3065],
  ]);
});

describe('SupplierUpdateSchema', () => {
  it('accepts a realistic body, an empty one, and bounds reached exactly', () => {
    expect(errorsOf(SupplierUpdateSchema, sampleSupplierUpdate())).toEqual({});
    expect(errorsOf(SupplierUpdateSchema, {})).toEqual({});
    const full = sampleSupplierUpdate({
      supplier_code: 'x'.repeat(20),
      name: 'x'.repeat(50),
      comments: 'x'.repeat(255),
      contact_email: `${'a'.repeat(108)}@example.com`,
    });
    expect(errorsOf(SupplierUpdateSchema, full)).toEqual({});
  });

  it('accepts an empty or null email, and everyday punctuation in comments', () => {
    const body = sampleSupplierUpdate({
      contact_email: '',
      order_email: null,
      comments: 'Dock 2, rear - 8.30am%',
    });
    expect(errorsOf(SupplierUpdateSchema, body)).toEqual({});
  });

  it.each('*|:<>[]{}()"\'`;@&$#!/?'.split(''))('rejects %s in comments', (char) => {
    const errors = errorsOf(
      SupplierUpdateSchema,
      sampleSupplierUpdate({ comments: `Ring first ${char} thanks` }),
    );
    expect(Object.keys(errors)).toEqual(['comments']);
  });

  rejectsEach(it, SupplierUpdateSchema, sampleSupplierUpdate, [
    ...SUPPLIER_TEXT_TOO_LONG,
    ['contact_email', ['contact_email'], 'not-an-email'],
    ['order_email', ['order_email'], `${'a'.repeat(109)}@example.com`],
    ['address.country.id', ['address', 'country', 'id'], 'AU'],
    ['address.country.name', ['address', 'country', 'name'], 'Australia'],
    ['address.address_line2', ['address', 'address_line2'], 'Level 2'],
    ['shipping_port.name', ['shipping_port', 'name'], 'Melbourne'],
    ['is_enabled', ['is_enabled'], null],
    ['po_sku2_enabled', ['po_sku2_enabled'], 'true'],
    ['modified_on', ['modified_on'], '2026-01-01T00:00:00Z'],
  ]);
});

describe('{name} bodies of reference data', () => {
  const cases: [string, z.ZodType, () => unknown, number][] = [
    ['SupplierReturnReasonBodySchema', SupplierReturnReasonBodySchema, sampleSupplierReturnReasonBody, 100],
    ['ShippingPortBodySchema', ShippingPortBodySchema, sampleShippingPortBody, 100],
    ['ShipmentTypeBodySchema', ShipmentTypeBodySchema, sampleShipmentTypeBody, 50],
    ['FixedPriceGroupCreateSchema', FixedPriceGroupCreateSchema, sampleFixedPriceGroupCreate, 100],
  ];

  describe.each(cases)('%s', (_name, schema, sample, max) => {
    it(`accepts the sample and a name of exactly ${max} characters`, () => {
      expect(errorsOf(schema, sample())).toEqual({});
      expect(errorsOf(schema, { name: 'x'.repeat(max) })).toEqual({});
    });

    rejectsEach(it, schema, sample, [
      ['name', ['name'], 'x'.repeat(max + 1)],
      ['name', ['name'], ''],
      ['name', ['name'], null],
      ['name', ['name'], REMOVE],
      ['id', ['id'], 4],
    ]);
  });
});

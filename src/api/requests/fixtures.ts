/**
 * Realistic valid request bodies, one builder per request schema, for this folder's tests and for the
 * simulator and sync engine tests. Every builder returns a fresh object (safe to mutate) and takes optional
 * top-level overrides. Ids are small positive integers (outlet 1, supplier 1, products 101..) and are only
 * meaningful to a simulator seeded with them.
 */
import type { CustomerCreate, CustomerUpdate, DeliveryAddressUpdate } from './customer';
import type { ProductSupplierItem, ProductSupplierItems } from './productSupplier';
import type { PurchaseOrderCreate } from './purchaseOrder';
import type {
  FixedPriceGroupCreate,
  ShipmentTypeBody,
  ShippingPortBody,
  SupplierReturnReasonBody,
} from './referenceData';
import type { SupplierUpdate } from './supplier';
import type { SupplierInvoiceCreate, SupplierInvoiceUpdate } from './supplierInvoice';
import type { SupplierReturnItemCreate, SupplierReturnUpdate } from './supplierReturn';

export function samplePurchaseOrderCreate(overrides: Partial<PurchaseOrderCreate> = {}): PurchaseOrderCreate {
  return {
    external_purchase_order_id: 'dockhand-6f1c2a9e-0b7d-4e44-9a51-2d3c8f0e7b11',
    status: { id: 1 },
    outlet: { id: 1 },
    supplier: { id: 1 },
    shipping_type: { id: 2 },
    shipping_port: { id: 3 },
    country_of_origin: { id: 36 },
    fob_currency: { id: 1 },
    eta: '2026-03-15',
    deposit_due: '2026-02-20',
    balance_due: '2026-03-31',
    sent_on: null,
    supplier_comments: 'Please pack by size run.',
    deliver_to: 'Rear loading dock, 12 Harbour St',
    shipping_terms: 'FOB',
    payment_terms: '30 days EOM',
    internal_comments: 'Winter range top-up',
    update_linked_transfers_on_receipt_to: 'Allocate',
    deposit: 250,
    purchase_order_items: [
      { product: { id: 101 }, quantity_ordered: 24, supplier_buy_ex: 12.5 },
      { product: { id: 102 }, quantity_ordered: 6, supplier_buy_ex: 48.9, quantity_received: 0 },
    ],
    ...overrides,
  };
}

export function sampleDeliveryAddressUpdate(
  overrides: Partial<DeliveryAddressUpdate> = {},
): DeliveryAddressUpdate {
  return {
    first_name: 'Ada',
    last_name: 'Ng',
    company: null,
    address_line1: '4 Wattle Lane',
    address_line2: 'Unit 2',
    suburb: 'Fitzroy',
    state: 'VIC',
    postcode: '3065',
    country: 'Australia',
    country_code: 'AU',
    phone: '03 9000 1234',
    mobile: '0400 111 222',
    default: true,
    ...overrides,
  };
}

export function sampleCustomerCreate(overrides: Partial<CustomerCreate> = {}): CustomerCreate {
  return {
    first_name: 'Ada',
    last_name: 'Ng',
    company: 'Ng Trading',
    email: 'ada@example.com',
    mobile: '0400 111 222',
    website: 'https://ngtrading.example.com',
    abn: '51 824 753 556',
    date_of_birth: '1988-07-14',
    date_of_birth_withheld: false,
    customer_type: { id: 1 },
    home_outlet: { id: 1 },
    billing_address: {
      address_line1: '4 Wattle Lane',
      address_line2: null,
      suburb: 'Fitzroy',
      state: 'VIC',
      postcode: '3065',
      country: 'Australia',
    },
    delivery_addresses: [sampleDeliveryAddressUpdate()],
    marketing: { receive_email: true, receive_post: false, receive_sms: false },
    price_groups: [{ id: 2 }],
    loyalty_program: { enabled: true, auto_price_group: false },
    account_customer: { enabled: true, payment_terms: 30, credit_limit: 5000, credit_blocked: false },
    sales_channels: [{ id: 1 }],
    export_to_web: false,
    ...overrides,
  };
}

export function sampleCustomerUpdate(overrides: Partial<CustomerUpdate> = {}): CustomerUpdate {
  return {
    mobile: '0400 333 444',
    abn: '51 824 753 556',
    marketing: { receive_sms: true },
    custom_reference: null,
    ...overrides,
  };
}

export function sampleSupplierUpdate(overrides: Partial<SupplierUpdate> = {}): SupplierUpdate {
  return {
    supplier_code: 'ACME01',
    name: 'Acme Apparel Pty Ltd',
    address: {
      address_line1: '88 Industrial Rd',
      suburb: 'Dandenong',
      state: 'VIC',
      postcode: '3175',
      country: { id: 36 },
    },
    phone: '03 9555 0100',
    contact_name: 'Sam Porter',
    contact_email: 'sam.porter@acme.example.com',
    order_email: 'orders@acme.example.com',
    admin_only_orders: false,
    deposit_required: true,
    shipping_port: { id: 3 },
    country_of_origin: { id: 36 },
    shipping_terms: 'FOB Melbourne',
    payment_terms: '30 days',
    comments: 'Ring before delivery, dock closes at 4pm.',
    purchase_order_template: 'Standard',
    po_sku1_enabled: false,
    po_sku2_enabled: true,
    is_enabled: true,
    ...overrides,
  };
}

export function sampleSupplierReturnReasonBody(): SupplierReturnReasonBody {
  return { name: 'Damaged in transit' };
}

export function sampleShippingPortBody(): ShippingPortBody {
  return { name: 'Port of Melbourne' };
}

export function sampleShipmentTypeBody(): ShipmentTypeBody {
  return { name: 'Sea freight (FCL)' };
}

export function sampleFixedPriceGroupCreate(): FixedPriceGroupCreate {
  return { name: 'Staff pricing' };
}

export function sampleProductSupplierItem(overrides: Partial<ProductSupplierItem> = {}): ProductSupplierItem {
  return {
    supplier_code: 'ACME01',
    supplier_buy_ex: 12.5,
    supplier_sku2: 'AC-TS-BLK-M',
    lead_time: 21,
    is_default: true,
    notes: 'Minimum order 12',
    ...overrides,
  };
}

export function sampleProductSupplierItems(): ProductSupplierItems {
  return [
    sampleProductSupplierItem(),
    sampleProductSupplierItem({
      supplier_code: 'BETA02',
      supplier_buy_ex: 13.1,
      supplier_sku2: 'B-7731',
      lead_time: 7,
      is_default: false,
      notes: 'Local backup supplier',
    }),
  ];
}

export function sampleSupplierInvoiceCreate(
  overrides: Partial<SupplierInvoiceCreate> = {},
): SupplierInvoiceCreate {
  return {
    supplier_invoice_number: 'INV-20260315-0042',
    supplier_invoiced_on: '2026-03-15',
    status: 'In Progress',
    notes: 'First delivery of PO 1001',
    distribute_costs_by: 'Cost',
    rounding_adjustment: -0.02,
    purchase_order_receipts: [
      {
        purchase_order_id: 1001,
        purchase_order_receipt_items: [
          {
            purchase_order_item_id: 5001,
            quantity_received: 24,
            quantity_faulty: 1,
            quantity_invoiced: 24,
            buy_price_ex: 12.5,
            bin: 'A-03',
            include_tax: false,
            notes: 'One carton crushed',
          },
          { purchase_order_item_id: 5002, quantity_received: 4, quantity_invoiced: 6, buy_price_ex: 48.9 },
        ],
      },
    ],
    direct_costs: {
      freight: { includes_tax: false, total_ex: 85 },
      misc: { includes_tax: true, total_ex: 12.4 },
      duty: { total_ex: 30 },
    },
    ...overrides,
  };
}

export function sampleSupplierInvoiceUpdate(
  overrides: Partial<SupplierInvoiceUpdate> = {},
): SupplierInvoiceUpdate {
  return {
    supplier_invoiced_on: '2026-03-16',
    notes: 'Checked against packing list',
    international_order: true,
    landed_costs_calculation: 'Currency Conversion',
    origin_country: { id: 156 },
    currency_conversion: 1.52,
    rounding_adjustment: 0.01,
    ...overrides,
  };
}

export function sampleSupplierReturnUpdate(
  overrides: Partial<SupplierReturnUpdate> = {},
): SupplierReturnUpdate {
  return {
    supplier: { id: 1 },
    outlet: { id: 1 },
    supplier_address: {
      address_line1: '88 Industrial Rd',
      suburb: 'Dandenong',
      state: 'VIC',
      postcode: '3175',
      country: { id: 36, name: 'Australia' },
    },
    notes: 'Collect with next delivery',
    return_authorisation: 'RA-7781',
    include_tax: true,
    supplier_return_status: { id: 1 },
    ...overrides,
  };
}

export function sampleSupplierReturnItemCreate(
  overrides: Partial<SupplierReturnItemCreate> = {},
): SupplierReturnItemCreate {
  return {
    product: { id: 101 },
    supplier_return_reason: { id: 1 },
    return_quantity: 2,
    original_buy_ex: 12.5,
    claim_amount_ex: 12.5,
    supplier_return_item_source: { id: 1 },
    original_supplier_invoice: 'INV-20260315-0042',
    supplier_return_item_notes: 'Seams split',
    ...overrides,
  };
}

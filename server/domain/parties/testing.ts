/**
 * Test support for the party handlers: a small hand-written state whose ids and references the tests can
 * name (a supplier with and one without purchase orders, a deleted return reason, a price group id that
 * exists as both a standard and a fixed group…), and a way to call a handler the way the HTTP layer does.
 * Only tests import this file.
 */
import {
  sampleCustomer,
  sampleDeliveryAddress,
  sampleFixedPriceGroup,
  sampleLoyaltyHistoryEntry,
  sampleOutlet,
  sampleProduct,
  sampleProductSupplier,
  samplePurchaseOrder,
  sampleShipmentType,
  sampleShippingPort,
  sampleStandardPriceGroup,
  sampleSupplier,
  sampleSupplierReturnReason,
  sampleSurveySegmentGroup,
} from '../../../src/api/resources/fixtures';
import type { PurchaseOrderRow, SimState, User } from '../../state';
import type { DomainOperationId, HandlerContext } from '../context';
import { partyHandlers, type PartyOperationId } from './index';

export const NOW = '2026-04-01T08:00:00.000Z';
export const USER: User = { id: 7, user_code: 'JSMITH', first_name: 'Jane', surname: 'Smith' };

const byId = <T extends { id: number | null }>(...records: T[]) =>
  new Map(records.map((record) => [record.id!, record]));

/** A purchase order row for supplier 41 through port 3, so both are "referenced". */
function purchaseOrderRow(): PurchaseOrderRow {
  const { purchase_order_items: _items, ...order } = samplePurchaseOrder();
  return { ...order, id: 1001, items: [] };
}

export function fixtureState(): SimState {
  return {
    nextId: {
      customers: 2003,
      deliveryAddresses: 400,
      returnReasons: 7,
      shippingPorts: 5,
      shipmentTypes: 4,
      fixedPriceGroups: 3,
    },
    users: [USER],
    reference: {
      purchaseOrderStatuses: [],
      supplierReturnStatuses: [],
      supplierReturnItemSources: [],
      shippingStatuses: [],
      countries: [
        { id: 13, name: 'Australia' },
        { id: 44, name: 'China' },
      ],
      currencies: [],
      varianceReasons: [],
      customerTypes: [
        { id: 1, name: 'Retail' },
        { id: 2, name: 'Trade' },
      ],
      salesChannels: [
        { id: 1, name: 'Web' },
        { id: 2, name: 'Store' },
      ],
    },
    products: byId(sampleProduct(), sampleProduct({ id: 5013 })),
    msl: new Map(),
    outlets: byId(sampleOutlet(), sampleOutlet({ id: 2, name: 'Warehouse', external_reference: 'WH-01' })),
    suppliers: byId(
      sampleSupplier(),
      // Referenced by nothing: the one supplier a delete succeeds on.
      sampleSupplier({ id: 42, supplier_code: 'BOLT', name: 'Bolt Hardware', is_enabled: false }),
    ),
    customers: byId(
      sampleCustomer({
        delivery_addresses: [
          sampleDeliveryAddress(),
          sampleDeliveryAddress({ id: 302, default: false, address_line1: '3 Dock Rd' }),
        ],
      }),
      sampleCustomer({ id: 2002, customer_number: 'C-2002', first_name: 'Ava', delivery_addresses: [] }),
    ),
    loyaltyHistory: new Map([
      [2001, [sampleLoyaltyHistoryEntry(), sampleLoyaltyHistoryEntry({ id: 78, loyalty_points_delta: -10 })]],
    ]),
    surveySegments: byId(
      sampleSurveySegmentGroup(),
      sampleSurveySegmentGroup({ id: 5, name: 'Age', active: false }),
    ),
    returnReasons: byId(
      sampleSupplierReturnReason(),
      sampleSupplierReturnReason({
        id: 6,
        name: 'Wrong colour',
        deleted: true,
        deleted_on: '2026-03-05T00:00:00Z',
      }),
    ),
    shippingPorts: byId(sampleShippingPort(), sampleShippingPort({ id: 4, name: 'Port of Melbourne' })),
    shipmentTypes: byId(sampleShipmentType(), sampleShipmentType({ id: 3, name: 'Air freight' })),
    productSuppliers: new Map([[5012, [sampleProductSupplier()]]]),
    standardPriceGroups: byId(sampleStandardPriceGroup()),
    // Id 1 is also a standard group: a customer's `{id: 1}` is ambiguous on purpose.
    fixedPriceGroups: byId(sampleFixedPriceGroup(), sampleFixedPriceGroup({ id: 1, name: 'Clearance' })),
    purchaseOrders: new Map([[1001, purchaseOrderRow()]]),
    supplierInvoices: new Map(),
    supplierReturns: new Map(),
    supplierReturnItems: new Map(),
    creditNotes: new Map(),
    creditNoteItems: new Map(),
  };
}

export interface Call {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Calls a handler as the HTTP layer would (input already valid) and returns its body. */
export function call(state: SimState, op: PartyOperationId, input: Call = {}, now = NOW): unknown {
  const ctx = {
    state,
    user: USER,
    now: () => new Date(now),
    params: input.params ?? {},
    query: input.query ?? {},
    body: input.body,
  } as unknown as HandlerContext<DomainOperationId>;
  const result = (
    partyHandlers[op] as (context: typeof ctx) => ReturnType<(typeof partyHandlers)[typeof op]>
  )(ctx);
  return 'body' in result ? result.body : 'json' in result ? JSON.parse(result.json) : undefined;
}

export { problemOf } from '../problemOf';

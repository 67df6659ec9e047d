/**
 * Test support for the purchasing handlers: a small hand-written state whose ids the tests can name, built on
 * the generator's real reference lists (statuses, sources, variance reasons…) so names and ids match the
 * simulator's; a clock the tests move; and a way to call a handler the way the HTTP layer does (body and
 * query parsed by the endpoint's schemas). Only tests import this file.
 */
import { ENDPOINTS } from '../../../src/api/endpoints';
import { samplePurchaseOrderCreate } from '../../../src/api/requests/fixtures';
import {
  sampleCreditNote,
  sampleCreditNoteItem,
  sampleOutlet,
  sampleProduct,
  sampleShipmentType,
  sampleShippingPort,
  sampleSupplier,
  sampleSupplierReturn,
  sampleSupplierReturnItem,
  sampleSupplierReturnReason,
} from '../../../src/api/resources/fixtures';
import type { Product } from '../../../src/api/resources';
import { generateReferenceLists, generateUsers } from '../../data/reference';
import type { SimState } from '../../state';
import type { HandlerContext } from '../context';
import { problemOf } from '../problemOf';
import { purchasingHandlers, type PurchasingOperationId } from './index';

export const START = Date.parse('2026-04-01T08:00:00.000Z');

/** A clock that stands still until a test moves it. */
export class TestClock {
  private ms = START;
  readonly now = () => new Date(this.ms);
  tick(ms = 1000): string {
    this.ms += ms;
    return this.iso();
  }
  iso(): string {
    return new Date(this.ms).toISOString();
  }
}

const byId = <T extends { id: number | null }>(...records: T[]) =>
  new Map(records.map((record) => [record.id!, record]));

const outletStock = (outletId: number, available: number, onOrder = 0): Product['inventory'][number] => ({
  outlet: {
    id: outletId,
    name: outletId === 1 ? 'Sydney CBD' : 'Melbourne',
    modified_on: '2026-01-01T00:00:00Z',
  },
  quantity_available: available,
  quantity_on_order: onOrder,
});

/**
 * Outlets 1 (Sydney CBD) and 2 (Melbourne); supplier 41; products 101 and 102 stocked at outlet 1, 103
 * stocked nowhere; port 3, shipment type 2; return reason 5 (live) and 6 (deleted); return 8001 Incomplete
 * without items, 8002 Finalised with item 8101; credit notes 9001 (return 8002, supplier 41, outlet 1) with
 * items 9101 and 9102, and 9002 (supplier 42, outlet 2) with item 9103.
 */
export function fixtureState(): SimState {
  const reference = generateReferenceLists();
  const status = (list: typeof reference.supplierReturnStatuses, name: string) =>
    list.find((entry) => entry.name === name)!;
  const incomplete = status(reference.supplierReturnStatuses, 'Incomplete') as {
    id: number;
    name: 'Incomplete';
  };
  const finalised = status(reference.supplierReturnStatuses, 'Finalised') as {
    id: number;
    name: 'Finalised';
  };
  return {
    nextId: {},
    users: generateUsers(),
    reference,
    products: byId(
      sampleProduct({ id: 101, supplier_buy_ex: 8.4, price_ex: 27.27, inventory: [outletStock(1, 10)] }),
      sampleProduct({
        id: 102,
        supplier_buy_ex: 20,
        price_ex: 45,
        weight: 1.5,
        inventory: [outletStock(1, 5, 2)],
      }),
      sampleProduct({ id: 103, supplier_buy_ex: 3, inventory: [] }),
    ),
    msl: new Map([['101:1', 6]]),
    outlets: byId(sampleOutlet({ id: 1 }), sampleOutlet({ id: 2, name: 'Melbourne' })),
    suppliers: byId(
      sampleSupplier({ id: 41 }),
      sampleSupplier({ id: 42, name: null, supplier_code: 'BOLT' }),
    ),
    customers: new Map(),
    loyaltyHistory: new Map(),
    surveySegments: new Map(),
    returnReasons: byId(
      sampleSupplierReturnReason({ id: 5, name: 'Damaged in transit' }),
      sampleSupplierReturnReason({
        id: 6,
        name: 'Old reason',
        deleted: true,
        deleted_on: '2026-01-01T00:00:00Z',
      }),
    ),
    shippingPorts: byId(sampleShippingPort({ id: 3, name: 'Port Botany' })),
    shipmentTypes: byId(sampleShipmentType({ id: 2, name: 'Sea freight' })),
    productSuppliers: new Map(),
    standardPriceGroups: new Map(),
    fixedPriceGroups: new Map(),
    purchaseOrders: new Map(),
    supplierInvoices: new Map(),
    supplierReturns: byId(
      sampleSupplierReturn({
        id: 8001,
        supplier_return_status: incomplete,
        total_return_quantity: 0,
        total_claim_amount_ex: 0,
        total_claim_amount_tax: 0,
        total_claim_amount_inc: 0,
      }),
      sampleSupplierReturn({
        id: 8002,
        supplier_return_status: finalised,
        finalised_on: '2026-03-05T00:00:00Z',
      }),
    ),
    supplierReturnItems: byId(
      sampleSupplierReturnItem({
        id: 8101,
        supplier_return_id: 8002,
        supplier_return_item_status: finalised,
      }),
    ),
    creditNotes: byId(
      sampleCreditNote({ id: 9001, supplier_return_id: 8002 }),
      sampleCreditNote({
        id: 9002,
        supplier_return_id: null,
        supplier: { id: 42, name: 'BOLT' },
        outlet: { id: 2, name: 'Melbourne' },
        supplier_reference: 'CN-4000',
        created_on: '2026-03-20T00:00:00Z',
        modified_on: '2026-03-21T00:00:00Z',
      }),
    ),
    creditNoteItems: byId(
      sampleCreditNoteItem({ id: 9101, credit_note_id: 9001, supplier_return_item_id: 8101 }),
      sampleCreditNoteItem({ id: 9102, credit_note_id: 9001, supplier_return_item_id: 8102 }),
      sampleCreditNoteItem({ id: 9103, credit_note_id: 9002, supplier_return_item_id: null }),
    ),
  };
}

/**
 * A create body pointed at the fixture's ids: On order, outlet 1, supplier 41, shipment type 2, port 3, US
 * dollars; `ordered` units of product 101 (bought at 8) and of 102 (at its supplier's price, 20).
 */
export function fixtureOrderBody(
  external_purchase_order_id: string,
  ordered: readonly [number, number],
  overrides: Record<string, unknown> = {},
) {
  return samplePurchaseOrderCreate({
    external_purchase_order_id,
    status: { id: 2 }, // OnOrder
    outlet: { id: 1 },
    supplier: { id: 41 },
    shipping_type: { id: 2 },
    shipping_port: { id: 3 },
    country_of_origin: { id: 3 },
    fob_currency: { id: 3 },
    purchase_order_items: [
      { product: { id: 101 }, quantity_ordered: ordered[0], supplier_buy_ex: 8 },
      { product: { id: 102 }, quantity_ordered: ordered[1] },
    ],
    ...overrides,
  });
}

interface CallInput {
  params?: Record<string, number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Calls a purchasing handler with its body and query parsed as the HTTP layer parses them. */
export function call(
  state: SimState,
  op: PurchasingOperationId,
  input: CallInput = {},
  clock: TestClock = new TestClock(),
): unknown {
  const endpoint = ENDPOINTS[op];
  const context = {
    state,
    user: state.users[0]!,
    now: clock.now,
    params: input.params ?? {},
    query: endpoint.query ? endpoint.query.parse(input.query ?? {}) : {},
    body: endpoint.body ? endpoint.body.parse(input.body) : undefined,
  };
  const handler = purchasingHandlers[op] as (
    ctx: HandlerContext,
  ) => ReturnType<(typeof purchasingHandlers)[typeof op]>;
  const result = handler(context as HandlerContext);
  if ('body' in result) return result.body;
  if ('empty' in result) return undefined;
  return JSON.parse(result.json);
}

/** The status of the refusal a call throws (fails the test when it does not throw one). */
export function refusalStatus(
  state: SimState,
  op: PurchasingOperationId,
  input: CallInput = {},
  clock?: TestClock,
): number {
  return problemOf(() => call(state, op, input, clock)).status;
}

export { problemOf };

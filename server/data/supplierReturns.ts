/**
 * Supplier returns and their items. Status mix: a quarter Incomplete (no authorisation yet), a quarter In
 * Progress (started, RA number from the supplier), half Finalised. Item statuses are their return's status
 * (the same frozen reference). Items return 1–6 units of the supplier's own products, for a live (not
 * deleted) reason; items sourced from a purchase order name one of the supplier's real invoice numbers (if it
 * has any). Claim tax is 10% when the return includes tax. Ids ascend with created_on. Credit fields are
 * filled by creditNotes.ts.
 */
import type {
  Product,
  SupplierReturn,
  SupplierReturnItem,
  SupplierReturnReason,
} from '../../src/api/resources';
import type { SupplierReturnStatus } from '../../src/api/enums';
import { DAY_MS, between, iso, workingMoment } from './clock';
import { rngOf, staffUser, type GenContext } from './context';
import { money, WeightedPicker } from './random';
import { byName, shared } from './reference';
import type { SupplierProfile } from './suppliers';

export interface GeneratedReturn {
  record: SupplierReturn;
  items: SupplierReturnItem[];
  supplier: SupplierProfile;
  startedAt: number | null;
  finalisedAt: number | null;
}

const MIX: readonly (readonly [SupplierReturnStatus, number, [number, number]])[] = [
  ['Incomplete', 0.25, [1, 30]],
  ['In Progress', 0.25, [5, 60]],
  ['Finalised', 0.5, [20, 500]],
];

function drawMix(roll: number): (typeof MIX)[number] {
  let cumulative = 0;
  for (const entry of MIX) {
    cumulative += entry[1];
    if (roll < cumulative) return entry;
  }
  return MIX[MIX.length - 1]!;
}

export function productSummary(product: Product): SupplierReturnItem['product'] {
  return {
    id: product.id,
    supplier_sku: product.supplier_sku,
    manufacturer_sku: product.manufacturer_sku,
    supplier_sku2: product.supplier_sku2,
    short_description: product.short_description,
  };
}

/**
 * @param invoiceNumbers the supplier invoice numbers per supplier id, for items returned from a delivery.
 */
export function generateSupplierReturns(
  context: GenContext,
  suppliers: readonly SupplierProfile[],
  reasons: ReadonlyMap<number, SupplierReturnReason>,
  invoiceNumbers: ReadonlyMap<number, readonly string[]>,
): GeneratedReturn[] {
  const rng = rngOf(context, 'supplierReturns');
  const { reference } = context;
  const picker = new WeightedPicker(suppliers, (supplier) => supplier.productCount);
  const live = [...reasons.values()]
    .filter((reason) => !reason.deleted)
    .map((reason) => shared({ id: reason.id ?? 0, name: reason.name ?? '' }));
  const sources = reference.supplierReturnItemSources;

  const slots = Array.from({ length: context.size.supplierReturns }, (_, index) => {
    // The first of each status is placed, so even a tiny dataset has every status; the rest are drawn.
    const [status, , [from, to]] = index < MIX.length ? MIX[index]! : drawMix(rng.next());
    let supplier = picker.pick(rng);
    while (!supplier.record.is_enabled && status !== 'Finalised') supplier = picker.pick(rng);
    return { status, supplier, created: workingMoment(rng, rng.int(from, to)) };
  });
  slots.sort((a, b) => a.created - b.created);

  return slots.map(({ status, supplier, created }) => {
    const id = context.ids.take('supplierReturns');
    const statusRef = byName(
      reference.supplierReturnStatuses,
      status,
    ) as SupplierReturn['supplier_return_status'];
    const includeTax = rng.chance(0.9);
    const started = status === 'Incomplete' ? null : between(rng, created, created + 3 * DAY_MS);
    const finalised =
      status === 'Finalised' && started !== null
        ? between(rng, started + 2 * DAY_MS, started + 20 * DAY_MS)
        : null;
    const clerk = staffUser(context, rng);
    const numbers = invoiceNumbers.get(supplier.record.id ?? 0) ?? [];

    const items = rng.sample(supplier.products, rng.int(1, 6)).map((product): SupplierReturnItem => {
      const quantity = rng.int(1, 6);
      const buy = product.supplier_buy_ex;
      const claim = rng.chance(0.85) ? buy : money(buy * rng.float(0.5, 0.95));
      const claimEx = money(quantity * claim);
      const claimTax = includeTax ? money(claimEx * 0.1) : 0;
      const source = rng.pick(sources);
      const itemCreated = iso(between(rng, created, created + 2 * 3_600_000));
      return {
        id: context.ids.take('supplierReturnItems'),
        supplier_return_id: id,
        product: productSummary(product),
        supplier_return_reason: rng.pick(live),
        credit_note_item: null,
        return_quantity: quantity,
        original_buy_ex: buy,
        total_original_buy_ex: money(quantity * buy),
        supplier_return_item_status: statusRef,
        supplier_return_item_source: source,
        original_supplier_invoice:
          source.name === 'Purchase order' && numbers.length > 0 ? rng.pick(numbers) : null,
        claim_amount_ex: claim,
        supplier_return_item_notes: rng.chance(0.2)
          ? rng.pick(['Seam split', 'Wrong colour sent', 'Box water damaged', 'Customer returned unworn'])
          : null,
        total_claim_amount_ex: claimEx,
        total_claim_amount_tax: claimTax,
        total_claim_amount_inc: money(claimEx + claimTax),
        created_on: itemCreated,
        modified_on: itemCreated,
        created_by: clerk,
        modified_by: clerk,
      };
    });

    const lastItem = items.reduce(
      (latest, item) => (item.created_on > latest ? item.created_on : latest),
      iso(created),
    );
    const modified = [
      lastItem,
      started !== null ? iso(started) : '',
      finalised !== null ? iso(finalised) : '',
    ]
      .sort()
      .pop()!;
    // Status changes touch every item, so items of a started return were last modified with it.
    if (status !== 'Incomplete') for (const item of items) item.modified_on = modified;
    const sum = (pick: (item: SupplierReturnItem) => number) =>
      money(items.reduce((total, item) => total + pick(item), 0));
    const address = supplier.record.address;
    const country = reference.countries.find((entry) => entry.id === address.country?.id) ?? null;

    const record: SupplierReturn = {
      id,
      supplier: supplier.ref,
      outlet: rng.pick(supplier.outlets).ref,
      supplier_return_status: statusRef,
      supplier_address: {
        address_line1: address.address_line1,
        suburb: address.suburb,
        state: address.state,
        postcode: address.postcode,
        country,
      },
      notes: rng.chance(0.4)
        ? rng.pick([
            'Faulty stitching on the last delivery',
            'Agreed end of season return',
            'Supplier to collect from the dock',
          ])
        : null,
      return_authorisation: status === 'Incomplete' ? null : `RA-${rng.int(1000, 99999)}`,
      include_tax: includeTax,
      total_return_quantity: items.reduce((total, item) => total + item.return_quantity, 0),
      total_claim_amount_ex: sum((item) => item.total_claim_amount_ex),
      total_claim_amount_tax: sum((item) => item.total_claim_amount_tax),
      total_claim_amount_inc: sum((item) => item.total_claim_amount_inc),
      total_credit_received_ex: 0,
      total_credit_received_inc: 0,
      started_on: started !== null ? iso(started) : null,
      created_on: iso(created),
      modified_on: modified,
      finalised_on: finalised !== null ? iso(finalised) : null,
      credit_note: null,
      created_by: clerk,
      modified_by: status === 'Incomplete' ? clerk : staffUser(context, rng),
    };
    return { record, items, supplier, startedAt: started, finalisedAt: finalised };
  });
}

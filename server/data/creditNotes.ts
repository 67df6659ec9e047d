/**
 * Credit notes. Most Finalised returns (85%) and a few In Progress ones (15%) have been credited: one note
 * per return, one note item per return item (credit_quantity = return quantity, occasionally one less),
 * linked both ways (return.credit_note / note.supplier_return_id, item.credit_note_item / note
 * item.supplier_return_item_id) and the return's total_credit_received_* = its note's totals. A few notes
 * have no return (price protection, goodwill): supplier_return_id and every item's supplier_return_item_id
 * are null. A note applied to the supplier's account (supplier_credited_on set) has applied totals equal to
 * its totals; otherwise applied is 0 and the items' applied fields are null. Ids ascend with created_on.
 */
import type { CreditNote, CreditNoteItem, Product, SupplierReturnItem } from '../../src/api/resources';
import type { User } from '../state';
import { DAY_MS, DATA_EPOCH_MS, between, iso, workingMoment } from './clock';
import { rngOf, staffUser, type GenContext } from './context';
import { money, WeightedPicker, type Rng } from './random';
import type { OutletProfile } from './outlets';
import { productSummary, type GeneratedReturn } from './supplierReturns';
import type { SupplierProfile } from './suppliers';

interface Line {
  product: SupplierReturnItem['product'];
  returnItem: SupplierReturnItem | null;
  quantity: number;
  amountEx: number;
}

interface Draft {
  created: number;
  supplier: SupplierProfile;
  outlet: OutletProfile['ref'];
  includeTax: boolean;
  lines: Line[];
  source: GeneratedReturn | null;
}

export function generateCreditNotes(
  context: GenContext,
  returns: readonly GeneratedReturn[],
  suppliers: readonly SupplierProfile[],
): { creditNotes: Map<number, CreditNote>; creditNoteItems: Map<number, CreditNoteItem> } {
  const rng = rngOf(context, 'creditNotes');
  const drafts: Draft[] = [];
  for (const generated of returns) {
    const { record, startedAt, finalisedAt } = generated;
    const status = record.supplier_return_status.name;
    if (
      startedAt === null ||
      !rng.chance(status === 'Finalised' ? 0.85 : status === 'In Progress' ? 0.15 : 0)
    )
      continue;
    drafts.push({
      created: between(rng, startedAt, finalisedAt ?? DATA_EPOCH_MS),
      supplier: generated.supplier,
      outlet: record.outlet,
      includeTax: record.include_tax,
      source: generated,
      lines: generated.items.map((item) => ({
        product: item.product,
        returnItem: item,
        quantity:
          item.return_quantity > 1 && rng.chance(0.1) ? item.return_quantity - 1 : item.return_quantity,
        amountEx: item.claim_amount_ex,
      })),
    });
  }
  const picker = new WeightedPicker(suppliers, (supplier) => supplier.productCount);
  for (let i = 0; i < context.size.standaloneCreditNotes; i++) drafts.push(standalone(rng, picker.pick(rng)));
  drafts.sort((a, b) => a.created - b.created);

  const creditNotes = new Map<number, CreditNote>();
  const creditNoteItems = new Map<number, CreditNoteItem>();
  for (const draft of drafts) {
    const id = context.ids.take('creditNotes');
    const clerk = staffUser(context, rng);
    const credited = rng.chance(0.7) ? between(rng, draft.created, draft.created + 10 * DAY_MS) : null;
    const modified = credited ?? between(rng, draft.created, draft.created + DAY_MS);
    const items = draft.lines.map((line) =>
      buildItem(context, id, line, draft.includeTax, credited !== null, iso(draft.created), clerk),
    );
    for (const item of items) creditNoteItems.set(item.id ?? 0, item);
    const sum = (pick: (item: CreditNoteItem) => number | null) =>
      money(items.reduce((total, item) => total + (pick(item) ?? 0), 0));
    const totalEx = sum((item) => item.total_credit_amount_ex);
    const totalTax = sum((item) => item.total_credit_amount_tax);
    const totalInc = sum((item) => item.total_credit_amount_inc);
    const quantity = items.reduce((total, item) => total + (item.credit_quantity ?? 0), 0);
    creditNotes.set(id, {
      id,
      supplier_return_id: draft.source?.record.id ?? null,
      supplier: draft.supplier.ref,
      outlet: draft.outlet,
      supplier_reference: `CN-${rng.int(10_000, 999_999)}`,
      include_tax: draft.includeTax,
      rounding_adjustment: 0,
      total_credit_quantity: quantity,
      total_credit_amount_ex: totalEx,
      total_credit_amount_tax: totalTax,
      total_credit_amount_inc: totalInc,
      total_applied_credit_quantity: credited !== null ? quantity : 0,
      total_applied_credit_amount_ex: credited !== null ? totalEx : 0,
      total_applied_credit_amount_inc: credited !== null ? totalInc : 0,
      total_applied_credit_tax: credited !== null ? totalTax : 0,
      supplier_credited_on: credited !== null ? iso(credited) : null,
      created_on: iso(draft.created),
      modified_on: iso(modified),
      created_by: clerk,
      modified_by: clerk,
    });
    if (draft.source) linkReturn(draft.source, id, items, totalEx, totalInc, iso(draft.created));
  }
  return { creditNotes, creditNoteItems };
}

function buildItem(
  context: GenContext,
  creditNoteId: number,
  line: Line,
  includeTax: boolean,
  applied: boolean,
  createdOn: string,
  user: User,
): CreditNoteItem {
  const totalEx = money(line.quantity * line.amountEx);
  const tax = includeTax ? money(totalEx * 0.1) : 0;
  const inc = money(totalEx + tax);
  return {
    id: context.ids.take('creditNoteItems'),
    credit_note_id: creditNoteId,
    supplier_return_item_id: line.returnItem?.id ?? null,
    product: { ...line.product },
    credit_quantity: line.quantity,
    applied_credit_quantity: applied ? line.quantity : null,
    credit_amount_ex: line.amountEx,
    total_credit_amount_ex: totalEx,
    total_credit_amount_tax: tax,
    total_credit_amount_inc: inc,
    applied_credit_tax: applied ? tax : null,
    applied_credit_amount_inc: applied ? money(line.amountEx + (includeTax ? line.amountEx * 0.1 : 0)) : null,
    applied_credit_amount_ex: applied ? line.amountEx : null,
    total_applied_credit_amount_ex: applied ? totalEx : null,
    total_applied_credit_amount_inc: applied ? inc : null,
    total_applied_credit_tax: applied ? tax : null,
    created_on: createdOn,
    modified_on: createdOn,
    created_by: user,
    modified_by: user,
  };
}

/** Links the return and its items to the note, and records the credit received on the return. */
function linkReturn(
  source: GeneratedReturn,
  creditNoteId: number,
  items: readonly CreditNoteItem[],
  totalEx: number,
  totalInc: number,
  createdOn: string,
): void {
  const { record } = source;
  record.credit_note = { id: creditNoteId };
  record.total_credit_received_ex = totalEx;
  record.total_credit_received_inc = totalInc;
  if (createdOn > record.modified_on) record.modified_on = createdOn;
  source.items.forEach((returnItem, index) => {
    returnItem.credit_note_item = { id: items[index]!.id ?? 0, credit_note_id: creditNoteId };
    if (createdOn > returnItem.modified_on) returnItem.modified_on = createdOn;
  });
}

/** A note without a return: price protection or goodwill on 1–3 of the supplier's products. */
function standalone(rng: Rng, supplier: SupplierProfile): Draft {
  const products: Product[] = rng.sample(supplier.products, rng.int(1, 3));
  return {
    created: workingMoment(rng, rng.int(5, 400)),
    supplier,
    outlet: rng.pick(supplier.outlets).ref,
    includeTax: rng.chance(0.8),
    source: null,
    lines: products.map((product) => ({
      product: productSummary(product),
      returnItem: null,
      quantity: rng.int(1, 24),
      amountEx: money(product.supplier_buy_ex * rng.float(0.05, 0.3)),
    })),
  };
}

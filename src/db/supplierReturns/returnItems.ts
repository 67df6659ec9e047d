/**
 * Adding an item to a supplier return offline (DOM-free, tested over fake-indexeddb): the product comes
 * from a scan (../productLookup.ts), the rest from the item form, checked with the contract's create schema
 * (src/api/requests/supplierReturn.ts) and said in a clerk's words at each field. ONE transaction allocates
 * the item's temp id, queues `createSupplierReturnItem` in the return's group (so items reach the server
 * before a later finalise) and puts the item's row in the server's response shape, shown at once as
 * pending; the engine replaces it with the server's row when the create is done. A product not known to
 * come from the return's supplier is refused unless the clerk chose to add it anyway (./supplierLink.ts).
 *
 * The row's figures follow the server's rules (server/README.md, "Supplier returns"): the claim defaults to
 * the original buy price, which defaults to the product's; 10% tax when the return includes tax.
 */
import { SupplierReturnItemCreateSchema, type SupplierReturnItemCreate } from '../../api/requests';
import type { Product } from '../../api/resources';
import type { Choice } from '../parties';
import type { OpRecord } from '../ops';
import { inEditTransaction } from '../edits/queueEdit';
import { enqueue } from '../outbox';
import type { DockhandDb } from '../schema';
import { allocateTempId } from '../tempIds';
import { z } from 'zod';
import {
  boundedNumber,
  NOTES_MAX,
  PRICE_PLACES,
  QUANTITY_MAX,
  REFERENCE_MAX,
  textAtMost,
  UNIT_PRICE_MAX,
} from '../edits/formBounds';
import type { FormErrors } from './returnForm';
import { isFinalised, type CachedReturnItem, type CachedSupplierReturn } from './returnRecords';
import { supplierLinkOf } from './supplierLink';

/** What the item form holds: numbers null while empty, text as typed. */
export interface ReturnItemForm {
  reasonId: number | null;
  quantity: number | null;
  originalBuyEx: number | null;
  claimAmountEx: number | null;
  sourceId: number | null;
  originalInvoice: string;
  notes: string;
}
export type ReturnItemField = keyof ReturnItemForm;

export const ITEM_FIELD_LABELS: Record<ReturnItemField, string> = {
  reasonId: 'Reason',
  quantity: 'Quantity',
  originalBuyEx: 'Bought at (ex tax, each)',
  claimAmountEx: 'Claim (ex tax, each)',
  sourceId: 'Source',
  originalInvoice: 'Original supplier invoice',
  notes: 'Notes',
};

/** The form for a scanned product: one unit, bought and claimed at the product's buy price. */
export function itemFormFor(product: Pick<Product, 'supplier_buy_ex'>): ReturnItemForm {
  return {
    reasonId: null,
    quantity: 1,
    originalBuyEx: product.supplier_buy_ex,
    claimAmountEx: product.supplier_buy_ex,
    sourceId: null,
    originalInvoice: '',
    notes: '',
  };
}

/** Live return reasons (a deleted one is refused by the server), by name. */
export async function reasonChoices(db: DockhandDb): Promise<Choice[]> {
  const reasons = await db.returnReasons.toArray();
  return reasons
    .filter((reason) => !reason.deleted)
    .map((reason) => ({ value: reason.id, label: reason.name || `Reason ${reason.id}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Item sources as cached items name them (the API has no list of them), by name. */
export async function sourceChoices(db: DockhandDb): Promise<Choice[]> {
  const names = new Map<number, string>();
  await db.supplierReturnItems.each((item) => {
    const source = item.supplier_return_item_source;
    if (source.id > 0) names.set(source.id, source.name || `Source ${source.id}`);
  });
  return [...names]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

const FIELD_OF: Record<string, ReturnItemField> = {
  supplier_return_reason: 'reasonId',
  return_quantity: 'quantity',
  original_buy_ex: 'originalBuyEx',
  claim_amount_ex: 'claimAmountEx',
  supplier_return_item_source: 'sourceId',
  original_supplier_invoice: 'originalInvoice',
  supplier_return_item_notes: 'notes',
};

const MESSAGES: Partial<Record<ReturnItemField, string>> = {
  quantity: 'Enter how many go back: a whole number, at least 1.',
  originalBuyEx:
    'Enter the price it was bought at, 0 or more, or leave it empty for the product’s buy price.',
  claimAmountEx:
    'Enter the amount claimed for each, 0 or more, or leave it empty to claim what it was bought at.',
};

/** The item's sanity bounds where the API is silent, in one place (../edits/formBounds.ts says why each). */
const price = (name: string) =>
  boundedNumber(z.number(), name, { max: UNIT_PRICE_MAX, places: PRICE_PLACES }).nullable();
const ItemBoundsSchema = z.object({
  quantity: boundedNumber(z.number(), 'Quantity', { max: QUANTITY_MAX }).nullable(),
  originalBuyEx: price('Bought at'),
  claimAmountEx: price('The claim'),
  originalInvoice: textAtMost(REFERENCE_MAX),
  notes: textAtMost(NOTES_MAX),
});

/** The create body for the product and form, checked with the contract: field errors in words when refused. */
export function validateItemForm(
  productId: number,
  form: ReturnItemForm,
): { ok: true; body: SupplierReturnItemCreate } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  if (form.reasonId === null) errors.reasonId = ['Choose why it goes back to the supplier.'];
  for (const issue of ItemBoundsSchema.safeParse(form).error?.issues ?? [])
    errors[String(issue.path[0])] ??= [issue.message];
  const body = {
    product: { id: productId },
    supplier_return_reason: { id: form.reasonId ?? 0 },
    return_quantity: form.quantity ?? 0,
    ...(form.originalBuyEx === null ? {} : { original_buy_ex: form.originalBuyEx }),
    ...(form.claimAmountEx === null ? {} : { claim_amount_ex: form.claimAmountEx }),
    ...(form.sourceId === null ? {} : { supplier_return_item_source: { id: form.sourceId } }),
    ...(form.originalInvoice.trim() ? { original_supplier_invoice: form.originalInvoice.trim() } : {}),
    ...(form.notes.trim() ? { supplier_return_item_notes: form.notes.trim() } : {}),
  };
  const parsed = SupplierReturnItemCreateSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = [MESSAGES[field] ?? 'This value is not accepted.'];
    }
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

const money = (value: number) => Math.round(value * 100) / 100;

/** The item's row as the server would answer it, under its temp id, until the server's row replaces it. */
export function pendingItemRow(
  tempId: number,
  supplierReturn: CachedSupplierReturn,
  product: Product,
  body: SupplierReturnItemCreate,
  names: { reason: string; source: string | null },
  at: string,
): CachedReturnItem {
  const buy = body.original_buy_ex ?? product.supplier_buy_ex;
  const claim = body.claim_amount_ex ?? buy;
  const claimEx = money(claim * body.return_quantity);
  const tax = supplierReturn.include_tax ? money(claimEx * 0.1) : 0;
  const user = { id: 0, user_code: null, first_name: null, surname: null };
  return {
    id: tempId,
    supplier_return_id: supplierReturn.id,
    product: {
      id: product.id,
      supplier_sku: product.supplier_sku,
      manufacturer_sku: product.manufacturer_sku,
      supplier_sku2: product.supplier_sku2,
      short_description: product.short_description,
    },
    supplier_return_reason: { id: body.supplier_return_reason.id, name: names.reason },
    credit_note_item: null,
    return_quantity: body.return_quantity,
    original_buy_ex: buy,
    total_original_buy_ex: money(buy * body.return_quantity),
    supplier_return_item_status: { ...supplierReturn.supplier_return_status },
    // Without a source the server takes its first one, unknown here until its row arrives.
    supplier_return_item_source: body.supplier_return_item_source
      ? {
          id: body.supplier_return_item_source.id,
          name: names.source ?? `Source ${body.supplier_return_item_source.id}`,
        }
      : { id: 0, name: 'Set by the server' },
    original_supplier_invoice: body.original_supplier_invoice ?? null,
    claim_amount_ex: claim,
    supplier_return_item_notes: body.supplier_return_item_notes ?? null,
    total_claim_amount_ex: claimEx,
    total_claim_amount_tax: tax,
    total_claim_amount_inc: money(claimEx + tax),
    created_on: at,
    modified_on: at,
    created_by: user,
    modified_by: user,
  };
}

export type AddItemResult =
  { ok: true; op: OpRecord; item: CachedReturnItem } | { ok: false; errors: FormErrors };

/** Validates and queues one new item of return `returnId` for `product`, shown at once (see above). */
export async function addReturnItem(
  db: DockhandDb,
  returnId: number,
  product: Product,
  form: ReturnItemForm,
  options: {
    now?: Date;
    /**
     * The clerk chose "Add anyway" for a product not known to come from the return's supplier
     * (./supplierLink.ts: the rule is Dockhand's, the server takes any product).
     */
    anySupplier?: boolean;
  } = {},
): Promise<AddItemResult> {
  const valid = validateItemForm(product.id, form);
  if (!valid.ok) return valid;
  const body = valid.body;
  const now = options.now ?? new Date();
  return inEditTransaction(
    db,
    async (): Promise<AddItemResult> => {
      const supplierReturn = (await db.supplierReturns.get(returnId)) as CachedSupplierReturn | undefined;
      if (!supplierReturn)
        return { ok: false, errors: { $: ['This return is not on this computer any more.'] } };
      if (isFinalised(supplierReturn))
        return { ok: false, errors: { $: ['This return is finalised: no more items can be added to it.'] } };
      if (!options.anySupplier) {
        const link = await supplierLinkOf(db, supplierReturn, product);
        if (link.verdict !== 'linked') return { ok: false, errors: { $: [link.message!] } };
      }
      const reason = await db.returnReasons.get(body.supplier_return_reason.id);
      if (!reason || reason.deleted)
        return { ok: false, errors: { reasonId: ['That reason has been deleted: choose another.'] } };
      const source = body.supplier_return_item_source
        ? await db.supplierReturnItems
            .filter((item) => item.supplier_return_item_source.id === body.supplier_return_item_source!.id)
            .first()
        : undefined;
      const tempId = await allocateTempId(db, 'supplierReturnItems', { now });
      const item = pendingItemRow(
        tempId,
        supplierReturn,
        product,
        body,
        {
          reason: reason.name ?? `Reason ${reason.id}`,
          source: source?.supplier_return_item_source.name ?? null,
        },
        now.toISOString(),
      );
      const name = product.short_description || product.supplier_sku || `product ${product.id}`;
      const op = await enqueue(db, {
        kind: 'createSupplierReturnItem',
        params: { id: returnId },
        body,
        createsTempId: tempId,
        cacheChanges: [{ table: 'supplierReturnItems', put: [item] }],
        label: `Return ${body.return_quantity} × ${name} on supplier return ${returnId}`,
        now,
      });
      return { ok: true, op, item };
    },
    // The supplier link reads how far the sweep of product links got (./supplierLink.ts).
    { reads: [db.cursors] },
  );
}

/**
 * Queues again the item a discarded create would have made (Undo after Remove). It was accepted once, so the
 * supplier rule is not asked again (the clerk may have added it anyway).
 */
export async function restoreReturnItem(db: DockhandDb, op: OpRecord): Promise<AddItemResult> {
  const body = SupplierReturnItemCreateSchema.parse(op.body);
  const returnId = Number(op.params.id);
  const product = await db.products.get(body.product.id);
  if (!product || !Number.isInteger(returnId))
    return { ok: false, errors: { $: ['This product is no longer on this computer: scan it again.'] } };
  return addReturnItem(
    db,
    returnId,
    product,
    {
      reasonId: body.supplier_return_reason.id,
      quantity: body.return_quantity,
      originalBuyEx: body.original_buy_ex ?? null,
      claimAmountEx: body.claim_amount_ex ?? null,
      sourceId: body.supplier_return_item_source?.id ?? null,
      originalInvoice: body.original_supplier_invoice ?? '',
      notes: body.supplier_return_item_notes ?? '',
    },
    { anySupplier: true },
  );
}

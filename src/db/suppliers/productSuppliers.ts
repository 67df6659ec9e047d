/**
 * A product's suppliers, offline (DOM-free, tested over fake-indexeddb): the links the cache holds for one
 * product, and three edits, each ONE op written by the outbox with the cached rows it changes:
 *   add         createProductSuppliers  new links (codes of suppliers this computer knows, not yet linked)
 *   bulk edit   updateProductSuppliers  only the changed fields of the changed links; the links as the user
 *                                       saw them are the merge base, merged link by link and field by field
 *                                       (opCatalog itemKey), so a change made on the server to another link
 *                                       or another field is kept, and the same field changed on both sides
 *                                       is a conflict the user resolves
 *   remove all  deleteProductSuppliers  every link goes at once (the server soft-deletes them)
 * The server keeps one default supplier per product: a link made default clears the others, here as there.
 * Bounds are the contract's (src/api/requests/productSupplier.ts); messages are the form's, in words.
 */
import { z } from 'zod';
import { ProductSupplierItemSchema, type ProductSupplierItem } from '../../api/requests';
import {
  boundedNumber,
  LEAD_TIME_MAX,
  NOTES_MAX,
  PRICE_PLACES,
  REFERENCE_MAX,
  textAtMost,
  UNIT_PRICE_MAX,
} from '../edits/formBounds';
import type { Product, ProductSupplier } from '../../api/resources';
import type { CacheWrite } from '../cacheWrites';
import type { OpRecord } from '../ops';
import { editTables, enqueue } from '../outbox';
import { orderBadge, type OrderBadge } from '../recordBadge';
import type { DockhandDb, LocalMeta } from '../schema';
import { serverRecordOf } from '../edits/queueEdit';
import { groupOf, notableStates, recordOps } from '../recordOps';

export type CachedProductSupplier = ProductSupplier & LocalMeta;

export interface ProductSuppliersView {
  product: (Product & LocalMeta) | null;
  links: CachedProductSupplier[];
  /** Live queued changes of the product's links, oldest first. */
  ops: OpRecord[];
  badge: OrderBadge | null;
}

const byDefaultThenCode = (a: ProductSupplier, b: ProductSupplier) =>
  Number(b.is_default) - Number(a.is_default) || a.supplier_code.localeCompare(b.supplier_code);

export async function loadProductSuppliers(db: DockhandDb, productId: number): Promise<ProductSuppliersView> {
  const product = (await db.products.get(productId)) ?? null;
  const links = (await db.productSuppliers.where('product_id').equals(productId).toArray()).sort(
    byDefaultThenCode,
  );
  const ops = await recordOps(db, groupOf('updateProductSuppliers'), productId);
  const pending = links.flatMap((link) => link._pendingOps ?? []);
  const states = await notableStates(db, [...pending, ...ops.map((op) => op.id)]);
  const opIds = [...new Set([...pending, ...ops.map((op) => op.id)])];
  return { product, links, ops, badge: orderBadge(opIds, (id) => states.get(id)) };
}

/** One link as the bulk-edit form holds it: numbers null while empty, text '' while empty. */
export interface LinkForm {
  supplierCode: string;
  buyPrice: number | null;
  sku2: string;
  leadTime: number | null;
  isDefault: boolean;
  notes: string;
}

export function linkFormOf(link: ProductSupplier): LinkForm {
  return {
    supplierCode: link.supplier_code,
    buyPrice: link.supplier_buy_ex,
    sku2: link.supplier_sku2 ?? '',
    leadTime: link.lead_time,
    isDefault: link.is_default,
    notes: link.notes ?? '',
  };
}

/** Errors keyed `<code>.<field>` (`ACME.leadTime`), or `$` for the whole change. */
export type LinkErrors = Record<string, string[]>;

type LinkField = 'buyPrice' | 'leadTime' | 'sku2' | 'notes' | 'supplierCode';

const FIELD_OF: Record<string, LinkField> = {
  supplier_buy_ex: 'buyPrice',
  lead_time: 'leadTime',
  supplier_sku2: 'sku2',
  notes: 'notes',
  supplier_code: 'supplierCode',
};

const MESSAGES: Record<LinkField, string> = {
  buyPrice: 'Enter a buy price in dollars and cents, for example 12.50.',
  leadTime: 'Enter the lead time in whole days, 0 or more.',
  sku2: 'This barcode is not accepted.',
  notes: 'These notes are not accepted.',
  supplierCode: 'Choose a supplier.',
};

/**
 * A link's sanity bounds where the API is silent, in one place (../edits/formBounds.ts says why each): the
 * API bounds the buy price only at ±922337203685477.6 and the lead time, barcode and notes not at all. Keyed
 * by body field, so only what the user changed is held to them.
 */
const LinkBoundsSchema = z.object({
  supplier_buy_ex: boundedNumber(z.number(), 'Buy price', {
    max: UNIT_PRICE_MAX,
    places: PRICE_PLACES,
  }).optional(),
  lead_time: boundedNumber(z.number(), 'Lead time', { max: LEAD_TIME_MAX }).optional(),
  supplier_sku2: textAtMost(REFERENCE_MAX).nullish(),
  notes: textAtMost(NOTES_MAX).nullish(),
});

/** The item for one link's form: only the fields changed from `seen` (all given fields for a new link). */
function itemOf(form: LinkForm, seen: ProductSupplier | null, errors: LinkErrors): ProductSupplierItem {
  const code = form.supplierCode;
  const item: Record<string, unknown> = { supplier_code: code };
  // A new link may leave buy price and lead time to the server (the product's); a linked one keeps a value.
  if (form.buyPrice === null) {
    if (seen) (errors[`${code}.buyPrice`] ??= []).push('A buy price is needed; enter 0 for none.');
  } else if (form.buyPrice !== seen?.supplier_buy_ex) item.supplier_buy_ex = form.buyPrice;
  if (form.leadTime === null) {
    if (seen) (errors[`${code}.leadTime`] ??= []).push('A lead time is needed; enter 0 for none.');
  } else if (form.leadTime !== seen?.lead_time) item.lead_time = form.leadTime;
  if (form.sku2 !== (seen?.supplier_sku2 ?? '')) item.supplier_sku2 = form.sku2 === '' ? null : form.sku2;
  if (form.notes !== (seen?.notes ?? '')) item.notes = form.notes === '' ? null : form.notes;
  if (form.isDefault !== (seen?.is_default ?? false)) item.is_default = form.isDefault;
  for (const issue of LinkBoundsSchema.safeParse(item).error?.issues ?? [])
    errors[`${code}.${FIELD_OF[String(issue.path[0])] ?? 'supplierCode'}`] ??= [issue.message];
  const parsed = ProductSupplierItemSchema.safeParse(item);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])] ?? 'supplierCode';
      const key = `${code}.${field}`;
      if (!errors[key]) errors[key] = [MESSAGES[field]];
    }
  return item as ProductSupplierItem;
}

/** At most one default: the server keeps one per product, so the form asks for one too. */
function checkOneDefault(forms: readonly LinkForm[], errors: LinkErrors) {
  const defaults = forms.filter((form) => form.isDefault);
  for (const extra of defaults.slice(1))
    (errors[`${extra.supplierCode}.isDefault`] ??= []).push(
      `Only one default supplier: ${defaults[0]!.supplierCode} is already the default.`,
    );
}

export type LinkEditResult = { ok: true; op: OpRecord | null } | { ok: false; errors: LinkErrors };

/** The cached link without local bookkeeping: its server shape (the merge base, a cache row). */
const serverLink = (link: CachedProductSupplier) => serverRecordOf(link) as unknown as ProductSupplier;

/** The links' codes, for an op's label: "ACME, BOLT". */
const codesOf = (items: readonly ProductSupplierItem[]) => items.map((item) => item.supplier_code).join(', ');

/** The links after `items` are applied: changed fields, and a new default clearing the old one. */
function linksAfter(
  links: readonly ProductSupplier[],
  items: readonly ProductSupplierItem[],
): ProductSupplier[] {
  const newDefault = items.find((item) => item.is_default === true)?.supplier_code;
  return links.map((link) => {
    const item = items.find((candidate) => candidate.supplier_code === link.supplier_code);
    const next: ProductSupplier = { ...link };
    if (item) {
      if (item.supplier_buy_ex !== undefined) next.supplier_buy_ex = item.supplier_buy_ex;
      if (item.lead_time !== undefined) next.lead_time = item.lead_time;
      if (item.supplier_sku2 !== undefined) next.supplier_sku2 = item.supplier_sku2;
      if (item.notes !== undefined) next.notes = item.notes;
      if (item.is_default !== undefined) next.is_default = item.is_default;
    }
    if (newDefault !== undefined && link.supplier_code !== newDefault) next.is_default = false;
    return next;
  });
}

/**
 * The bulk edit: validates every link's form and, when something changed, queues ONE
 * `updateProductSuppliers` naming only the changed links and fields, and updates the cached links, in one
 * transaction. `seen` is the links as the form opened with (default: the cached ones now): the merge base.
 */
export async function saveProductSupplierEdits(
  db: DockhandDb,
  productId: number,
  forms: readonly LinkForm[],
  options: { now?: Date; seen?: readonly CachedProductSupplier[] } = {},
): Promise<LinkEditResult> {
  return db.transaction('rw', editTables(db), async () => {
    const cached = await db.productSuppliers.where('product_id').equals(productId).toArray();
    const seen = (options.seen ?? cached).map(serverLink);
    const errors: LinkErrors = {};
    checkOneDefault(forms, errors);
    const items = forms
      .map((form) => {
        const before = seen.find((link) => link.supplier_code === form.supplierCode) ?? null;
        if (!before)
          (errors[`${form.supplierCode}.supplierCode`] ??= []).push('This link is no longer here.');
        return itemOf(form, before, errors);
      })
      .filter((item) => Object.keys(item).length > 1);
    if (Object.keys(errors).length) return { ok: false, errors };
    if (!items.length) return { ok: true, op: null };
    const changed = linksAfter(cached.map(serverLink), items);
    const op = await enqueue(db, {
      kind: 'updateProductSuppliers',
      params: { product_id: productId },
      body: items,
      baseVersion: seen,
      cacheChanges: [{ table: 'productSuppliers', put: changed }],
      label: `Update supplier ${codesOf(items)} of product ${productId}`,
      now: options.now ?? new Date(),
    });
    return { ok: true, op };
  });
}

/**
 * Adds links to suppliers this computer knows by code. A code already linked is refused (the server answers
 * 409); unsent values take the product's buy price and lead time, as the server does.
 */
export async function addProductSuppliers(
  db: DockhandDb,
  productId: number,
  forms: readonly LinkForm[],
  options: { now?: Date } = {},
): Promise<LinkEditResult> {
  return db.transaction('rw', editTables(db), async () => {
    const errors: LinkErrors = {};
    if (!forms.length) return { ok: false, errors: { $: ['Choose at least one supplier to add.'] } };
    const product = await db.products.get(productId);
    const linked = await db.productSuppliers.where('product_id').equals(productId).toArray();
    const all = [...linked.map(linkFormOf), ...forms];
    checkOneDefault(
      all.filter((form) => form.isDefault && forms.some((added) => added.supplierCode === form.supplierCode)),
      errors,
    );
    const rows: ProductSupplier[] = [];
    const items: ProductSupplierItem[] = [];
    for (const form of forms) {
      const code = form.supplierCode;
      if (linked.some((link) => link.supplier_code === code))
        (errors[`${code}.supplierCode`] ??= []).push(`${code} is already a supplier of this product.`);
      const supplier = await db.suppliers.where('supplier_code').equals(code).first();
      if (!supplier)
        (errors[`${code}.supplierCode`] ??= []).push(`No supplier with code ${code} on this computer.`);
      const item = itemOf(form, null, errors);
      items.push(item);
      rows.push({
        product_id: productId,
        supplier_code: code,
        supplier_name: supplier?.name ?? null,
        is_enabled: supplier?.is_enabled ?? true,
        supplier_buy_ex: item.supplier_buy_ex ?? product?.supplier_buy_ex ?? 0,
        supplier_sku2: item.supplier_sku2 ?? null,
        lead_time: item.lead_time ?? Math.max(0, Math.round(product?.lead_time ?? 0)),
        is_default: item.is_default ?? false,
        notes: item.notes ?? null,
        is_deleted: false,
      });
    }
    if (Object.keys(errors).length) return { ok: false, errors };
    const writes: CacheWrite[] = [{ table: 'productSuppliers', put: rows }];
    // A new default clears the old one on the server; the cached links say so at once.
    if (rows.some((row) => row.is_default)) {
      const cleared = linked
        .filter((link) => link.is_default)
        .map((link) => ({ ...serverLink(link), is_default: false }));
      if (cleared.length) writes.push({ table: 'productSuppliers', put: cleared });
    }
    const op = await enqueue(db, {
      kind: 'createProductSuppliers',
      params: { product_id: productId },
      body: items,
      cacheChanges: writes,
      label: `Add supplier ${codesOf(items)} to product ${productId}`,
      now: options.now ?? new Date(),
    });
    return { ok: true, op };
  });
}

/** Removes every supplier of the product: the links go from the cache at once. */
export async function removeAllProductSuppliers(
  db: DockhandDb,
  productId: number,
  options: { now?: Date } = {},
): Promise<LinkEditResult> {
  return db.transaction('rw', editTables(db), async () => {
    const links = await db.productSuppliers.where('product_id').equals(productId).toArray();
    if (!links.length) return { ok: false, errors: { $: ['This product has no suppliers to remove.'] } };
    const op = await enqueue(db, {
      kind: 'deleteProductSuppliers',
      params: { product_id: productId },
      // The codes removed: the engine drops exactly these from the cache when the delete is done.
      baseVersion: links.map(serverLink),
      cacheChanges: [
        {
          table: 'productSuppliers',
          delete: links.map((link) => [productId, link.supplier_code] as [number, string]),
        },
      ],
      label: `Remove every supplier of product ${productId}`,
      now: options.now ?? new Date(),
    });
    return { ok: true, op };
  });
}

/**
 * Product supplier ops: attach (create), bulk update and delete-all, FIFO per product. Links are keyed by
 * [product_id, supplier_code] and have no id of their own, so the create has no temp id to map.
 */
import { z } from 'zod';
import type { ProductSupplierItem } from '../../../../src/api/requests';
import { ProductSupplierSchema, type ProductSupplier } from '../../../../src/api/resources';
import { OP_CATALOG } from '../../../../src/db/opCatalog';
import type { OpRecord } from '../../../../src/db/ops';
import type { OpRunContext, ReconcileOutcome } from '../opKind';
import { put, remove } from './cache';
import { createSpec, deleteSpec, updateSpec } from './factories';
import { callOptions } from './lookup';
import { idText } from './labels';

const LinksSchema = z.array(ProductSupplierSchema);
const rows = (links: ProductSupplier[]) => [put('productSuppliers', links)];
const codesOf = (items: readonly ProductSupplierItem[]) => items.map((item) => item.supplier_code).join(', ');

const listLinks = (context: OpRunContext, productId: number) =>
  context.client.call('listProductSuppliers', { params: { product_id: productId } }, callOptions(context));

/** A live link carries every value the item sent (unsent ones were defaulted by the server). */
function carries(link: ProductSupplier, item: ProductSupplierItem): boolean {
  const { supplier_code: _code, ...sent } = item;
  return Object.entries(sent).every(
    ([key, value]) => value === undefined || link[key as keyof ProductSupplier] === value,
  );
}

/**
 * The POST is all or nothing (the server checks every item before writing), so: every code live with the
 * sent values → applied (the links, in request order, as the response had them); none of the codes live →
 * absent; anything in between (some codes, or other values) was written by someone else or later → ambiguous.
 */
async function reconcileAttach(
  context: OpRunContext,
  { params, body }: { params: { product_id: number }; body: ProductSupplierItem[] },
): Promise<ReconcileOutcome> {
  const live = await listLinks(context, params.product_id);
  const found = body.map((item) => live.find((link) => link.supplier_code === item.supplier_code));
  const present = found.filter((link) => link !== undefined);
  if (present.length === 0) return { outcome: 'absent' };
  if (present.length === body.length && body.every((item, i) => carries(found[i]!, item)))
    return { outcome: 'applied', result: present };
  return {
    outcome: 'ambiguous',
    reason: `Product ${params.product_id} has some of these suppliers, or with other values`,
    candidates: present,
  };
}

export const createProductSuppliers = createSpec({
  kind: 'createProductSuppliers',
  payload: OP_CATALOG.createProductSuppliers.payload,
  label: ({ params, body }) => `Add supplier ${codesOf(body)} to product ${idText(params.product_id)}`,
  result: LinksSchema,
  rows,
  reconcile: reconcileAttach,
});

export const updateProductSuppliers = updateSpec({
  kind: 'updateProductSuppliers',
  payload: OP_CATALOG.updateProductSuppliers.payload,
  label: ({ params, body }) => `Update supplier ${codesOf(body)} of product ${idText(params.product_id)}`,
  result: LinksSchema,
  rows,
  // The whole list: the base version of a bulk edit is the list the user edited.
  current: (context, { params }) => listLinks(context, params.product_id),
});

/** The codes of the list the user cleared, when the op carries it (the rows were already hidden locally). */
const BaseCodesSchema = z.array(z.object({ supplier_code: z.string() }));

export const deleteProductSuppliers = deleteSpec({
  kind: 'deleteProductSuppliers',
  payload: OP_CATALOG.deleteProductSuppliers.payload,
  label: ({ params }) => `Remove every supplier of product ${idText(params.product_id)}`,
  rows: (op: OpRecord, { params }) => {
    const base = BaseCodesSchema.safeParse(op.baseVersion);
    if (!base.success) return [];
    return [
      remove(
        'productSuppliers',
        base.data.map((link) => [params.product_id, link.supplier_code]),
      ),
    ];
  },
});

/**
 * Supplier return ops: update (including its status) and item create. Both share `supplierReturn:<id>`:
 * items added before a finalise must reach the server before it, since a finalised return refuses items.
 */
import type { z } from 'zod';
import { SUPPLIER_RETURN_STATUSES } from '../../../../src/api/enums';
import {
  SupplierReturnItemSchema,
  SupplierReturnSchema,
  type SupplierReturnItem,
} from '../../../../src/api/resources';
import { OP_CATALOG } from '../../../../src/db/opCatalog';
import type { OpRecord } from '../../../../src/db/ops';
import type { OpRunContext } from '../opKind';
import { put, replacingTemp } from './cache';
import { byLookup, createSpec, updateSpec } from './factories';
import { idText } from './labels';
import { callOptions, searchAll } from './lookup';
import { attemptWindowStart } from './reconcile';

const itemPayload = OP_CATALOG.createSupplierReturnItem.payload;
type ItemPayload = z.output<typeof itemPayload>;

/** Whether an item is what this body would have produced; fields the server defaults count only when sent. */
function matchesBody(item: SupplierReturnItem, body: ItemPayload['body']): boolean {
  const sentOrAny = <V>(sent: V | undefined, actual: V) => sent === undefined || sent === actual;
  return (
    item.product.id === body.product.id &&
    item.supplier_return_reason.id === body.supplier_return_reason.id &&
    item.return_quantity === body.return_quantity &&
    item.supplier_return_item_notes === (body.supplier_return_item_notes ?? null) &&
    item.original_supplier_invoice === (body.original_supplier_invoice ?? null) &&
    sentOrAny(body.original_buy_ex, item.original_buy_ex) &&
    sentOrAny(body.claim_amount_ex, item.claim_amount_ex) &&
    sentOrAny(body.supplier_return_item_source?.id, item.supplier_return_item_source.id)
  );
}

/**
 * Items have no natural key, so the lookup is the return's items created since the attempt (server clock, less
 * a margin) that match product, reason, quantity, notes and every other sent field. Two identical lines added
 * in that window cannot be told apart: the user decides (ambiguous), never a guess.
 */
async function findCreatedSince(
  context: OpRunContext,
  { params, body }: ItemPayload,
  op: OpRecord,
): Promise<SupplierReturnItem[]> {
  const items = await searchAll(context, 'searchSupplierReturnItems', {
    params: { id: params.id },
    query: {
      created_since: await attemptWindowStart(context, op),
      supplier_return_reason_ids: String(body.supplier_return_reason.id),
    },
  });
  return items.filter((item) => matchesBody(item, body));
}

/** Status names by id, for labels only: the reference data numbers them in lifecycle order from 1. */
const statusName = (id: number) => SUPPLIER_RETURN_STATUSES[id - 1] ?? `status ${id}`;

export const updateSupplierReturn = updateSpec({
  kind: 'updateSupplierReturn',
  payload: OP_CATALOG.updateSupplierReturn.payload,
  label: ({ params, body }) => {
    const status = body.supplier_return_status;
    const name = `supplier return ${idText(params.id)}`;
    return status ? `Set ${name} to ${statusName(status.id)}` : `Update ${name}`;
  },
  result: SupplierReturnSchema,
  rows: (record) => [put('supplierReturns', [record])],
  current: (context, { params }) =>
    context.client.call('getSupplierReturn', { params: { id: params.id } }, callOptions(context)),
});

export const createSupplierReturnItem = createSpec({
  kind: 'createSupplierReturnItem',
  payload: itemPayload,
  label: ({ params, body }) =>
    `Return ${body.return_quantity} × product ${idText(body.product.id)} on supplier return ${idText(params.id)}`,
  result: SupplierReturnItemSchema,
  // The return's totals move too; its modified_on moves with them, so the next pull brings it.
  rows: (item, op) => [replacingTemp('supplierReturnItems', op, item)],
  idOf: (item) => item.id,
  reconcile: byLookup('supplier return items', findCreatedSince),
});

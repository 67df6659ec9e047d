/**
 * GET and POST /supplierreturns/{id}/supplierreturnitems, GET …/supplierreturnitems/{item_id}.
 *
 * Create (decided here): original_buy_ex defaults to the product's supplier buy price and claim_amount_ex to
 * original_buy_ex; the source defaults to the first source the reference data lists; the item takes its
 * return's status. Order of checks: 404, 409 when the return is finalised, 400 for an unknown product,
 * source, or an unknown or deleted reason. The return's totals are recomputed, its started_on set by its
 * first item, and it is marked modified.
 *
 * Search: `ids` ignores every other parameter except paging (the result is still a page).
 */
import type { Product, SupplierReturnItem } from '../../../src/api/resources';
import { nextId, type NamedValue, type SimState } from '../../state';
import { notFound } from '../../errors';
import { allOf, idListFilter, searchPage, sinceFilter, supplierReturnItemAccessors } from '../../search';
import { ok, type Handler } from '../context';
import { createdFields, stampOf, touch } from './audit';
import { FieldCheck, found, intParam } from '../checks';
import { references } from './references';
import { rejectIfFinalised } from './returnStatus';
import { itemsOfReturn, priceReturnItem, recomputeReturnTotals } from './returnTotals';

const productSummary = (product: Product) => ({
  id: product.id,
  supplier_sku: product.supplier_sku,
  manufacturer_sku: product.manufacturer_sku,
  supplier_sku2: product.supplier_sku2,
  short_description: product.short_description,
});

function defaultSource(state: SimState): NamedValue {
  const source = state.reference.supplierReturnItemSources[0];
  if (!source) throw new Error('The reference data has no supplier return item sources');
  return { id: source.id, name: source.name };
}

export const getSupplierReturnItem: Handler<'getSupplierReturnItem'> = ({ state, params }) => {
  const ret = found(state.supplierReturns, intParam(params, 'id'), 'supplier return');
  const itemId = intParam(params, 'item_id');
  const item = state.supplierReturnItems.get(itemId);
  if (!item || item.supplier_return_id !== ret.id)
    throw notFound(`item of supplier return ${ret.id}`, itemId);
  return ok(item);
};

export const searchSupplierReturnItems: Handler<'searchSupplierReturnItems'> = ({ state, params, query }) => {
  const ret = found(state.supplierReturns, intParam(params, 'id'), 'supplier return');
  const ofReturn = (item: SupplierReturnItem) => item.supplier_return_id === ret.id;
  const byIds = query.ids !== undefined;
  const where = byIds
    ? allOf(
        ofReturn,
        idListFilter(query.ids, (item) => item.id),
      )
    : allOf(
        ofReturn,
        idListFilter(
          query.supplier_return_reason_ids,
          (item) => item.supplier_return_reason.id,
          'supplier_return_reason_ids',
        ),
        idListFilter(
          query.supplier_return_item_status_ids,
          (item) => item.supplier_return_item_status.id,
          'supplier_return_item_status_ids',
        ),
        idListFilter(
          query.supplier_return_item_source_ids,
          (item) => item.supplier_return_item_source.id,
          'supplier_return_item_source_ids',
        ),
        sinceFilter(
          query,
          (item) => item.created_on,
          (item) => item.modified_on,
        ),
      );
  const request = byIds ? { page_number: query.page_number, page_size: query.page_size } : query;
  return ok(
    searchPage(state.supplierReturnItems.values(), request, {
      op: 'searchSupplierReturnItems',
      accessors: supplierReturnItemAccessors(state),
      idOf: (item) => item.id,
      view: (item) => item,
      where,
    }),
  );
};

export const createSupplierReturnItem: Handler<'createSupplierReturnItem'> = (ctx) => {
  const { state, params, body } = ctx;
  const ret = found(state.supplierReturns, intParam(params, 'id'), 'supplier return');
  rejectIfFinalised(ret);
  const refs = references(state);
  const check = new FieldCheck();
  const product = check.ref('product', body.product, refs.product);
  const reason = check.ref('supplier_return_reason', body.supplier_return_reason, refs.returnReason);
  const source = check.ref(
    'supplier_return_item_source',
    body.supplier_return_item_source,
    refs.supplierReturnItemSource,
  );
  check.throwIfAny();

  const stamp = stampOf(ctx);
  const originalBuy = body.original_buy_ex ?? product!.supplier_buy_ex;
  const item: SupplierReturnItem = {
    id: nextId(state, 'supplierReturnItems'),
    supplier_return_id: ret.id,
    product: productSummary(product!),
    supplier_return_reason: reason!,
    credit_note_item: null,
    return_quantity: body.return_quantity,
    original_buy_ex: originalBuy,
    total_original_buy_ex: 0,
    supplier_return_item_status: { ...ret.supplier_return_status },
    supplier_return_item_source: source ?? defaultSource(state),
    original_supplier_invoice: body.original_supplier_invoice ?? null,
    claim_amount_ex: body.claim_amount_ex ?? originalBuy,
    supplier_return_item_notes: body.supplier_return_item_notes ?? null,
    total_claim_amount_ex: 0,
    total_claim_amount_tax: 0,
    total_claim_amount_inc: 0,
    ...createdFields(stamp),
  };
  priceReturnItem(item, ret.include_tax);
  state.supplierReturnItems.set(item.id, item);
  ret.started_on ??= stamp.at;
  recomputeReturnTotals(ret, itemsOfReturn(state, ret.id));
  touch(ret, stamp);
  return ok(item);
};

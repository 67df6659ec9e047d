/**
 * /products/{product_id}/suppliers: the suppliers attached to a product, keyed by supplier_code.
 * Links are kept per product, soft-deleted ones included (flagged is_deleted), in state.productSuppliers.
 * A link's supplier_name and is_enabled are the supplier record's, read at response time, so renaming or
 * disabling a supplier shows on every product at once.
 */
import type { ProductSupplierItem } from '../../../src/api/requests';
import type { ProductSupplier, Supplier } from '../../../src/api/resources';
import { ApiError, conflict } from '../../errors';
import type { SimState } from '../../state';
import { noContent, ok, type Handler, type HandlerContext } from '../context';
import { FieldCheck, fieldPath, found, pathParam } from '../checks';
import { sent } from './shared';

type Ctx = Pick<HandlerContext, 'state' | 'params'>;

/**
 * The product the path names (404 when missing) and its links. A product without links gets its (empty)
 * list stored only when a write adds to it, so reads never change the state.
 */
function linksOf(ctx: Ctx) {
  const productId = pathParam(ctx.params, 'product_id', 'number');
  const product = found(ctx.state.products, productId, 'product');
  return { productId, product, links: ctx.state.productSuppliers.get(productId) ?? [] };
}

/** Suppliers by code, built once per request (a product names a handful; there are hundreds of suppliers). */
function suppliersByCode(state: SimState): Map<string, Supplier> {
  const byCode = new Map<string, Supplier>();
  for (const supplier of state.suppliers.values())
    if (supplier.supplier_code) byCode.set(supplier.supplier_code, supplier);
  return byCode;
}

/** The link as the API returns it: the supplier's current name and switch over the stored copies. */
function view(link: ProductSupplier, byCode: Map<string, Supplier>): ProductSupplier {
  const supplier = byCode.get(link.supplier_code);
  return supplier ? { ...link, supplier_name: supplier.name, is_enabled: supplier.is_enabled } : link;
}

const live = (link: ProductSupplier) => !link.is_deleted;
const liveWithCode = (links: readonly ProductSupplier[], code: string) =>
  links.find((link) => live(link) && link.supplier_code === code);

/*
 * Writes never edit a stored link: each builds the product's next list from copies and stores it whole, since
 * generated records may share objects and a half-applied edit must never be visible.
 */

/** The list with `link` at `index` (or appended), and, when it is the default, no other default left. */
function placed(links: readonly ProductSupplier[], index: number, link: ProductSupplier): ProductSupplier[] {
  const next = index >= 0 ? links.with(index, link) : [...links, link];
  if (!link.is_default) return next;
  return next.map((other) => (other !== link && other.is_default ? { ...other, is_default: false } : other));
}

/** The item's sent fields (omitted fields unchanged; supplier_code is the key, never changed). */
function fieldsOf(item: ProductSupplierItem) {
  const { supplier_code: _code, ...fields } = item;
  return sent(fields);
}

/**
 * Replaces, on every product, the links to the supplier with this code by `change(link)`: how a supplier's new
 * code or its deletion reaches the links that name it.
 */
export function relinkSupplier(
  state: SimState,
  code: string,
  change: (link: ProductSupplier) => ProductSupplier,
) {
  for (const [productId, links] of state.productSuppliers)
    if (links.some((link) => link.supplier_code === code))
      state.productSuppliers.set(
        productId,
        links.map((link) => (link.supplier_code === code ? change(link) : link)),
      );
}

/**
 * POST: attaches suppliers. Every item must name an existing supplier (400 on `[i].supplier_code`) that is
 * not already a live supplier of the product (409). A soft-deleted link to the same supplier is revived with
 * the item's values. Unsent values default to the product's own buy price and lead time, null (sku2, notes)
 * and not default. Nothing is written unless every item passes. Answers the created links in request order.
 */
const createProductSuppliers: Handler<'createProductSuppliers'> = (ctx) => {
  const { productId, product, links } = linksOf(ctx);
  const byCode = suppliersByCode(ctx.state);
  const errors = new FieldCheck();
  ctx.body.forEach((item, index) => {
    if (!byCode.has(item.supplier_code))
      errors.fail(
        fieldPath(index, 'supplier_code'),
        `No supplier with supplier_code "${item.supplier_code}"`,
      );
  });
  errors.throwIfAny();
  for (const item of ctx.body)
    if (liveWithCode(links, item.supplier_code))
      throw conflict(`Supplier "${item.supplier_code}" is already a supplier of product ${productId}`);

  let next: ProductSupplier[] = links;
  for (const item of ctx.body) {
    const supplier = byCode.get(item.supplier_code)!;
    const link: ProductSupplier = {
      product_id: productId,
      supplier_code: item.supplier_code,
      supplier_name: supplier.name,
      is_enabled: supplier.is_enabled,
      supplier_buy_ex: product.supplier_buy_ex,
      supplier_sku2: null,
      lead_time: Math.max(0, Math.round(product.lead_time)),
      is_default: false,
      notes: null,
      is_deleted: false,
      ...fieldsOf(item),
    };
    next = placed(
      next,
      next.findIndex((old) => old.supplier_code === item.supplier_code),
      link,
    );
  }
  ctx.state.productSuppliers.set(productId, next);
  return ok(ctx.body.map((item) => view(liveWithCode(next, item.supplier_code)!, byCode)));
};

const listProductSuppliers: Handler<'listProductSuppliers'> = (ctx) => {
  const byCode = suppliersByCode(ctx.state);
  return ok(
    linksOf(ctx)
      .links.filter(live)
      .map((link) => view(link, byCode)),
  );
};

/**
 * PUT: bulk update of the listed links; omitted fields unchanged. Every item must name a live supplier of
 * this product, else 400 on `[i].supplier_code` (the body, not the URL, is wrong; attaching is the POST).
 * Nothing is written unless every item passes. Answers the updated links in request order.
 */
const updateProductSuppliers: Handler<'updateProductSuppliers'> = (ctx) => {
  const { productId, links } = linksOf(ctx);
  const errors = new FieldCheck();
  ctx.body.forEach((item, index) => {
    if (!liveWithCode(links, item.supplier_code))
      errors.fail(
        fieldPath(index, 'supplier_code'),
        `"${item.supplier_code}" is not a supplier of product ${productId}; attach it with POST first`,
      );
  });
  errors.throwIfAny();
  let next: ProductSupplier[] = links;
  for (const item of ctx.body) {
    const index = next.findIndex((link) => live(link) && link.supplier_code === item.supplier_code);
    next = placed(next, index, { ...next[index]!, ...fieldsOf(item) });
  }
  ctx.state.productSuppliers.set(productId, next);
  const byCode = suppliersByCode(ctx.state);
  return ok(ctx.body.map((item) => view(liveWithCode(next, item.supplier_code)!, byCode)));
};

/** DELETE: soft-deletes every link of the product (none is default afterwards). Repeating it is harmless. */
const deleteProductSuppliers: Handler<'deleteProductSuppliers'> = (ctx) => {
  const { productId, links } = linksOf(ctx);
  if (links.length > 0)
    ctx.state.productSuppliers.set(
      productId,
      links.map((link) => ({ ...link, is_deleted: true, is_default: false })),
    );
  return noContent();
};

/** GET one: 404 when the product has no live link with that code (exact, case-sensitive match). */
const getProductSupplier: Handler<'getProductSupplier'> = (ctx) => {
  const { productId, links } = linksOf(ctx);
  const code = pathParam(ctx.params, 'supplier_code', 'string');
  const link = liveWithCode(links, code);
  if (!link)
    throw new ApiError(404, 'Not Found', `Product ${productId} has no supplier with supplier_code "${code}"`);
  return ok(view(link, suppliersByCode(ctx.state)));
};

export const productSupplierHandlers = {
  createProductSuppliers,
  listProductSuppliers,
  updateProductSuppliers,
  deleteProductSuppliers,
  getProductSupplier,
};

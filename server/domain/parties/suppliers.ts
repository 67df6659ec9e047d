/**
 * GET, PUT and DELETE /suppliers/{id}. The API has no supplier create: suppliers come from the
 * generated data. An update is partial; references arrive as `{id}` and are stored as `{id, name}`.
 */
import type { SupplierUpdate } from '../../../src/api/requests';
import type { Supplier } from '../../../src/api/resources';
import { conflict } from '../../errors';
import type { SimState } from '../../state';
import { noContent, ok, type Handler } from '../context';
import { relinkSupplier } from './productSuppliers';
import { supplierReferencedBy } from './references';
import { FieldCheck, found, idParam } from '../checks';
import { sent, stamp } from './shared';

/** The API's defaults for the two SKU switches, restored when a request sends null. */
const PO_SKU_DEFAULTS = { po_sku1_enabled: false, po_sku2_enabled: true } as const;

const getSupplier: Handler<'getSupplier'> = (ctx) =>
  ok(found(ctx.state.suppliers, idParam(ctx.params), 'supplier'));

const updateSupplier: Handler<'updateSupplier'> = (ctx) => {
  const id = idParam(ctx.params);
  const current = found(ctx.state.suppliers, id, 'supplier');
  const { address, shipping_port, country_of_origin, ...fields } = ctx.body;
  const errors = new FieldCheck();
  const countries = ctx.state.reference.countries;
  const port = errors.resolve(
    ctx.state.shippingPorts.values(),
    shipping_port,
    'shipping_port',
    'shipping port',
  );
  const origin = errors.resolve(countries, country_of_origin, 'country_of_origin', 'country');
  const addressCountry = errors.resolve(countries, address?.country, 'address.country', 'country');
  checkCode(ctx.state, id, fields.supplier_code, errors);
  errors.throwIfAny();

  const updated: Supplier = {
    ...current,
    ...scalars(fields),
    ...(port ? { shipping_port: port } : {}),
    ...(origin ? { country_of_origin: origin } : {}),
    // The address is edited line by line, like every nested object of a partial PUT.
    address: {
      ...current.address,
      ...sent({ ...address, country: undefined }),
      ...(addressCountry ? { country: { id: addressCountry.id } } : {}),
    },
    modified_on: stamp(ctx),
  };
  ctx.state.suppliers.set(id, updated);
  propagate(ctx.state, current, updated);
  return ok(updated);
};

/** The plain fields of the body, with the two normalisations the stored record needs. */
function scalars(fields: Omit<SupplierUpdate, 'address' | 'shipping_port' | 'country_of_origin'>) {
  const out: Partial<Supplier> = sent(fields) as Partial<Supplier>;
  // The request admits '' as "no address"; the record's email fields are either a valid address or null.
  for (const key of ['contact_email', 'order_email'] as const) if (out[key] === '') out[key] = null;
  for (const key of ['po_sku1_enabled', 'po_sku2_enabled'] as const)
    if (out[key] === null) out[key] = PO_SKU_DEFAULTS[key];
  return out;
}

/**
 * A supplier's code is how product suppliers name it (and the key of their GET), so it can be changed but
 * not cleared (400), and no two suppliers share one (409).
 */
function checkCode(state: SimState, id: number, code: string | null | undefined, errors: FieldCheck) {
  if (code === undefined) return;
  if (code === null || code === '') {
    errors.fail('supplier_code', 'A supplier keeps a supplier_code: product suppliers refer to it');
    return;
  }
  for (const other of state.suppliers.values())
    if (other.id !== id && other.supplier_code === code)
      throw conflict(`Supplier ${String(other.id)} already has supplier_code "${code}"`);
}

/**
 * Where the API joins the supplier rather than copying it, the change shows at once: product supplier links
 * follow a changed code (they are keyed by it), and a product's embedded supplier follows every field it
 * mirrors. Documents (purchase orders, returns, credit notes) keep the name they were written with.
 */
function propagate(state: SimState, before: Supplier, after: Supplier) {
  if (before.supplier_code && before.supplier_code !== after.supplier_code)
    relinkSupplier(state, before.supplier_code, (link) => ({ ...link, supplier_code: after.supplier_code! }));
  for (const product of state.products.values())
    if (product.supplier.id === after.id)
      state.products.set(product.id, {
        ...product,
        supplier: {
          id: product.supplier.id,
          supplier_code: after.supplier_code,
          name: after.name,
          is_enabled: after.is_enabled,
          modified_on: after.modified_on,
        },
      });
}

/**
 * A supplier that any purchase order, supplier return, credit note or product still names cannot be deleted
 * (409; disabling it with is_enabled false is the way to retire it). An unreferenced one is removed, its
 * product supplier links are soft-deleted with it, and it then answers 404.
 */
const deleteSupplier: Handler<'deleteSupplier'> = (ctx) => {
  const id = idParam(ctx.params);
  const supplier = found(ctx.state.suppliers, id, 'supplier');
  const user = supplierReferencedBy(ctx.state, id);
  if (user)
    throw conflict(
      `Supplier ${id} is referenced by ${user} and cannot be deleted; set is_enabled to false to retire it`,
    );
  ctx.state.suppliers.delete(id);
  if (supplier.supplier_code)
    relinkSupplier(ctx.state, supplier.supplier_code, (link) => ({
      ...link,
      is_deleted: true,
      is_default: false,
    }));
  return noContent();
};

export const supplierHandlers = { getSupplier, updateSupplier, deleteSupplier };

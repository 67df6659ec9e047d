/**
 * Editing and deleting a supplier offline. Each is ONE op written by the outbox (../outbox.ts) with the
 * cached row it changes, in one transaction: `updateSupplier` carries only the fields the user changed and
 * the supplier as they saw it (the engine's 3-way merge base); `deleteSupplier` removes the row at once.
 *
 * The server refuses to delete a supplier that purchase orders, returns, credit notes or products name
 * (409, suggesting to disable it instead): `deletionImpact` counts what the cache knows of, so the
 * confirmation can say so before anything is queued, and offers disabling instead.
 */
import type { SupplierUpdate } from '../../api/requests';
import type { OpRecord } from '../ops';
import { saveRecordUpdate } from '../edits/queueEdit';
import { editTables, enqueue } from '../outbox';
import type { DockhandDb } from '../schema';
import { validateSupplierForm, type FormErrors, type SupplierForm } from './supplierForm';
import type { CachedSupplier } from './supplierRecords';

/** The supplier as the user knows it: "supplier ACME (Acme Apparel)". */
export function supplierName(supplier: Pick<CachedSupplier, 'id' | 'name' | 'supplier_code'>): string {
  const name = supplier.name || `supplier ${supplier.id}`;
  return supplier.supplier_code ? `${name} (${supplier.supplier_code})` : name;
}

/**
 * The cached row with the body applied as the server stores it (PUT merges the address key by key). A
 * reference's name is taken from the cache (`names`), since the body names only its id.
 */
export function supplierRowAfter(
  supplier: CachedSupplier,
  update: SupplierUpdate,
  names: { port?: string | undefined; country?: string | undefined } = {},
): CachedSupplier {
  const { address, shipping_port, country_of_origin, ...rest } = update;
  const row = { ...supplier } as Record<string, unknown>;
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) row[key] = value;
  const next = row as unknown as CachedSupplier;
  if (address) {
    const { country, ...lines } = address;
    next.address = { ...supplier.address, ...lines, ...(country ? { country: { id: country.id } } : {}) };
  }
  if (shipping_port)
    next.shipping_port = { id: shipping_port.id, name: names.port ?? supplier.shipping_port.name };
  if (country_of_origin)
    next.country_of_origin = {
      id: country_of_origin.id,
      name: names.country ?? supplier.country_of_origin.name,
    };
  // A cleared po_sku flag returns to its default on the server (server/README.md).
  if (update.po_sku1_enabled === null) next.po_sku1_enabled = false;
  if (update.po_sku2_enabled === null) next.po_sku2_enabled = true;
  return next;
}

/** The changed fields in words, for the op's label in the sync centre. */
function changedText(body: SupplierUpdate): string {
  const labels = new Map<string, string>([
    ['supplier_code', 'code'],
    ['name', 'name'],
    ['address', 'address'],
    ['is_enabled', body.is_enabled === false ? 'disabled' : 'enabled'],
  ]);
  const words = Object.keys(body).map((key) => labels.get(key) ?? key.replace(/_/g, ' '));
  return [...new Set(words)].join(', ');
}

export type SupplierEditResult =
  { ok: true; op: OpRecord | null; supplier: CachedSupplier } | { ok: false; errors: FormErrors };

/** A code another cached supplier already has (the server keeps codes unique: 409). */
async function codeTaken(db: DockhandDb, id: number, code: string): Promise<string | null> {
  const others = await db.suppliers.where('supplier_code').equalsIgnoreCase(code).toArray();
  const other = others.find((row) => row.id !== id);
  return other ? `${supplierName(other as CachedSupplier)} already has code ${code}` : null;
}

/**
 * Validates the form and, when it changed something, queues `updateSupplier` and updates the cached row,
 * in one transaction. Nothing changed: `op` is null and nothing is written. Invalid: field errors, nothing
 * written. `seen` is the supplier as the form opened with (default: the cached row now): the body holds
 * what the user changed from it, and it is the merge base.
 */
export async function saveSupplierEdits(
  db: DockhandDb,
  id: number,
  form: SupplierForm,
  options: { now?: Date; seen?: CachedSupplier } = {},
): Promise<SupplierEditResult> {
  const saved = await saveRecordUpdate<CachedSupplier, SupplierUpdate>(db, {
    kind: 'updateSupplier',
    table: 'suppliers',
    id,
    missing: 'This supplier is not on this computer any more.',
    ...options,
    check: async (_supplier, seen) => {
      const valid = validateSupplierForm(seen, form);
      const taken =
        valid.ok && valid.body.supplier_code ? await codeTaken(db, id, valid.body.supplier_code) : null;
      return taken ? { ok: false, errors: { code: [taken] } } : valid;
    },
    after: async (supplier, body) => {
      const port = body.shipping_port ? await db.shippingPorts.get(body.shipping_port.id) : undefined;
      const countryName = body.country_of_origin
        ? (
            await db.suppliers
              .filter((row) => row.country_of_origin.id === body.country_of_origin!.id)
              .first()
          )?.country_of_origin.name
        : undefined;
      return supplierRowAfter(supplier, body, { port: port?.name ?? undefined, country: countryName });
    },
    label: (supplier, body) => `Update ${supplierName(supplier)} (${changedText(body)})`,
  });
  return saved.ok ? { ok: true, op: saved.op, supplier: saved.row } : saved;
}

/** What deleting a supplier would meet: the records on this computer that name it. */
export interface DeletionImpact {
  orders: number;
  /** Orders not yet Received or Cancelled. */
  openOrders: number;
  returns: number;
  products: number;
}

export async function deletionImpact(db: DockhandDb, id: number): Promise<DeletionImpact> {
  const orders = await db.purchaseOrders.where('supplier.id').equals(id).toArray();
  return {
    orders: orders.length,
    openOrders: orders.filter((order) => !['Received', 'Cancelled'].includes(order.status.name)).length,
    returns: await db.supplierReturns.where('supplier.id').equals(id).count(),
    products: await db.products.where('supplier.id').equals(id).count(),
  };
}

/** Whether the server would refuse the delete, as far as this computer knows. */
export const deletionRefused = (impact: DeletionImpact) =>
  impact.orders + impact.returns + impact.products > 0;

/**
 * Queues `deleteSupplier` and removes the cached row at once (a pull will not bring it back while the
 * delete waits). The server soft-deletes the supplier's product links with it.
 */
export async function deleteSupplier(
  db: DockhandDb,
  id: number,
  options: { now?: Date } = {},
): Promise<{ ok: true; op: OpRecord } | { ok: false; message: string }> {
  return db.transaction('rw', editTables(db), async () => {
    const supplier = (await db.suppliers.get(id)) as CachedSupplier | undefined;
    if (!supplier) return { ok: false, message: 'This supplier is not on this computer any more.' };
    const op = await enqueue(db, {
      kind: 'deleteSupplier',
      params: { id },
      cacheChanges: [{ table: 'suppliers', delete: [id] }],
      label: `Delete ${supplierName(supplier)}`,
      now: options.now ?? new Date(),
    });
    return { ok: true, op };
  });
}

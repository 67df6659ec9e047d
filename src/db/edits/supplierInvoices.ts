/**
 * Editing a supplier invoice offline: the header and direct costs (./supplierInvoiceForm.ts), and finalising.
 * Each save is ONE `updateSupplierInvoice` op written by the outbox (../outbox.ts) with the cached row it
 * changes, in one transaction: the body carries only the fields the user changed, and `baseVersion` is the
 * cached record as the user saw it, minus local bookkeeping, for the engine's 3-way merge.
 *
 * An invoice received on this PC and not yet synced has a temp id (negative): its update names that id, so
 * the outbox finds it (opCatalog: the id path parameter is a temp id) and the op stays blocked behind the
 * invoice's create in the same aggregate, `supplierInvoice:<id>`, until the server id replaces it.
 *
 * A changed freight, misc or duty shows at once with its tax and total, and moves the invoice's totals by
 * exactly as much (./directCosts.ts, the arithmetic the server uses); every other figure the server computes
 * stays the server's until the update's answer replaces the row.
 */
import type { SupplierInvoiceUpdate } from '../../api/requests';
import type { OpRecord } from '../ops';
import { enqueue } from '../outbox';
import type { CachedSupplierInvoice, DockhandDb } from '../schema';
import { inEditTransaction, serverRecordOf } from './queueEdit';
import { costFigures, costOfTyped, typedAmountOf, withDirectCosts } from './directCosts';
import {
  dayOf,
  finaliseErrorsOf,
  invoiceFormFieldOf,
  validateInvoiceForm,
  type FormErrors,
  type InvoiceForm,
  type ValidInvoiceForm,
} from './supplierInvoiceForm';

export * from './supplierInvoiceForm';

/** The invoice as the user knows it: "Invoice INV-1042", or an unsynced one by its temp id. */
export function invoiceName(invoice: Pick<CachedSupplierInvoice, 'id' | 'supplier_invoice_number'>): string {
  if (invoice.supplier_invoice_number) return `invoice ${invoice.supplier_invoice_number}`;
  return invoice.id < 0 ? `new invoice ${-invoice.id}` : `invoice ${invoice.id}`;
}

/** Why an invoice cannot be edited in Dockhand, or null when it can. */
export type InvoiceLock = 'finalised' | 'finalising' | null;

/**
 * A finalised invoice is read-only, and so is one whose finalise is queued: the local row already says
 * Finalised (the edit shows at once) but the server has not set finalised_on yet.
 */
export function invoiceLock(invoice: Pick<CachedSupplierInvoice, 'status' | 'finalised_on'>): InvoiceLock {
  if (invoice.status !== 'Finalised') return null;
  return invoice.finalised_on === null ? 'finalising' : 'finalised';
}

const LOCK_MESSAGES: Record<Exclude<InvoiceLock, null>, string> = {
  finalised: 'This invoice is finalised: it can no longer be changed in Dockhand.',
  finalising: 'This invoice is being finalised: it can no longer be changed in Dockhand.',
};

/**
 * The update body for the fields the form changed, and nothing else; `{}` when nothing changed. The origin
 * country is never returned by the server, so a value typed is always a change.
 */
export function invoiceUpdateBody(
  invoice: CachedSupplierInvoice,
  form: ValidInvoiceForm,
): SupplierInvoiceUpdate {
  const out: SupplierInvoiceUpdate = {};
  if (form.number !== (invoice.supplier_invoice_number ?? '')) out.supplier_invoice_number = form.number;
  if (form.invoicedOn !== '' && form.invoicedOn !== dayOf(invoice.supplier_invoiced_on))
    out.supplier_invoiced_on = form.invoicedOn;
  if (form.notes !== (invoice.notes ?? '')) out.notes = form.notes;
  if (form.distributeCostsBy !== (invoice.distribute_costs_by ?? ''))
    out.distribute_costs_by = form.distributeCostsBy;
  if (form.internationalOrder !== invoice.international_order)
    out.international_order = form.internationalOrder;
  if (form.landedCosts !== null && form.landedCosts !== invoice.landed_costs_calculation)
    out.landed_costs_calculation = form.landedCosts;
  if (form.originCountryId !== null) out.origin_country = { id: form.originCountryId };
  if (form.currencyConversion !== null && form.currencyConversion !== invoice.currency_conversion)
    out.currency_conversion = form.currencyConversion;
  if (form.roundingAdjustment !== invoice.rounding_adjustment)
    out.rounding_adjustment = form.roundingAdjustment;

  const { freight, misc, duty } = invoice.direct_costs;
  const costs: NonNullable<SupplierInvoiceUpdate['direct_costs']> = {};
  // The amount is compared as typed (with its tax when flagged) and sent as its ex part (./directCosts.ts).
  const line = <K extends 'freight' | 'misc'>(
    key: K,
    stored: { total_ex: number; includes_tax: boolean },
    amount: number,
    includesTax: boolean,
  ) => {
    const change: { total_ex?: number; includes_tax?: boolean } = {};
    if (amount === typedAmountOf(stored) && includesTax === stored.includes_tax) return;
    const ex = costOfTyped(amount, includesTax).total_ex;
    if (ex !== stored.total_ex) change.total_ex = ex;
    if (includesTax !== stored.includes_tax) change.includes_tax = includesTax;
    if (Object.keys(change).length > 0) costs[key] = change;
  };
  line('freight', freight, form.freightEx, form.freightIncludesTax);
  line('misc', misc, form.miscEx, form.miscIncludesTax);
  if (form.dutyEx !== duty.total_ex) costs.duty = { total_ex: form.dutyEx };
  if (Object.keys(costs).length > 0) out.direct_costs = costs;
  return out;
}

/**
 * The cached row with the body applied as the server stores it (PUT merges nested objects key by key); a
 * changed cost's tax and total, and the invoice's totals, move with it (./directCosts.ts).
 */
export function invoiceRowAfter(
  invoice: CachedSupplierInvoice,
  update: SupplierInvoiceUpdate,
): CachedSupplierInvoice {
  const { origin_country: _notReturned, direct_costs: costs, supplier_invoiced_on: day, ...header } = update;
  const row: CachedSupplierInvoice = { ...invoice, ...header };
  // A calendar date is stored as midnight UTC of that day (server/domain/purchasing/dates.ts).
  if (day !== undefined) row.supplier_invoiced_on = `${day}T00:00:00.000Z`;
  if (!costs) return row;
  const current = invoice.direct_costs;
  const merged = (line: typeof current.freight, change: typeof costs.freight) =>
    change ? costFigures(change.total_ex ?? line.total_ex, change.includes_tax ?? line.includes_tax) : line;
  const duty = costs.duty ? costFigures(costs.duty.total_ex ?? current.duty.total_ex, false) : null;
  return withDirectCosts(row, {
    freight: merged(current.freight, costs.freight),
    misc: merged(current.misc, costs.misc),
    duty: duty ? { total_ex: duty.total_ex, total_tax: 0, total_inc: duty.total_inc } : current.duty,
  });
}

/** The changed fields in a few words, for the op's label in the sync centre. */
function changedText(update: SupplierInvoiceUpdate): string {
  const names: string[] = [];
  if (update.supplier_invoice_number !== undefined) names.push('number');
  if (update.supplier_invoiced_on !== undefined) names.push('date');
  if (update.notes !== undefined) names.push('notes');
  const landed = ['international_order', 'landed_costs_calculation', 'origin_country', 'currency_conversion'];
  if (landed.some((key) => key in update)) names.push('landed costs');
  if (update.distribute_costs_by !== undefined) names.push('cost distribution');
  if (update.rounding_adjustment !== undefined) names.push('rounding');
  for (const cost of ['freight', 'misc', 'duty'] as const) if (update.direct_costs?.[cost]) names.push(cost);
  return names.join(', ');
}

export type InvoiceEditResult =
  { ok: true; op: OpRecord | null; invoice: CachedSupplierInvoice } | { ok: false; errors: FormErrors };

const notCached = (): InvoiceEditResult => ({
  ok: false,
  errors: { $: ['This invoice is not in the local cache any more.'] },
});

/**
 * Queues one update of `invoice` (the cached row, already checked editable) with `body`, and shows it at
 * once. `seen` is the record as the user saw it when they began: the merge base, so a server change that
 * arrived meanwhile to a field they also changed is a conflict, not silently overwritten.
 */
async function queueUpdate(
  db: DockhandDb,
  invoice: CachedSupplierInvoice,
  seen: CachedSupplierInvoice,
  body: SupplierInvoiceUpdate,
  label: string,
  now: Date,
): Promise<InvoiceEditResult> {
  const row = invoiceRowAfter(invoice, body);
  const op = await enqueue(db, {
    kind: 'updateSupplierInvoice',
    params: { id: invoice.id },
    body,
    baseVersion: serverRecordOf(seen),
    cacheChanges: [{ table: 'supplierInvoices', put: [serverRecordOf(row)] }],
    label,
    now,
  });
  return { ok: true, op, invoice: (await db.supplierInvoices.get(invoice.id)) ?? row };
}

/** Runs `edit` on the cached invoice in one transaction with the outbox; field errors for a refused body. */
async function editing(
  db: DockhandDb,
  id: number,
  edit: (invoice: CachedSupplierInvoice) => Promise<InvoiceEditResult>,
): Promise<InvoiceEditResult> {
  return inEditTransaction(
    db,
    async (): Promise<InvoiceEditResult> => {
      const invoice = await db.supplierInvoices.get(id);
      if (!invoice) return notCached();
      const lock = invoiceLock(invoice);
      if (lock) return { ok: false, errors: { $: [LOCK_MESSAGES[lock]] } };
      return edit(invoice);
    },
    { fieldOf: invoiceFormFieldOf },
  );
}

/**
 * Fields the user emptied that the API cannot empty: an update sends a date, a calculation or a rate, never
 * "none" (the contract has no null for them). Said at the field instead of silently keeping the old value.
 */
function clearedFields(seen: CachedSupplierInvoice, form: InvoiceForm): FormErrors | null {
  const errors: FormErrors = {};
  if (form.invoicedOn === '' && seen.supplier_invoiced_on !== null)
    errors.invoicedOn = ['Once entered, the date can be corrected but not removed'];
  if (form.landedCosts === null && seen.landed_costs_calculation !== null)
    errors.landedCosts = ['Once chosen, the calculation can be changed but not removed'];
  if (form.currencyConversion === null && seen.currency_conversion !== null)
    errors.currencyConversion = ['Once entered, the rate can be corrected but not removed'];
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * The server refuses a number another invoice already has on the same order (409): said at the field
 * instead, from the cached invoices of the same orders.
 */
async function numberTaken(db: DockhandDb, invoice: CachedSupplierInvoice, number: string) {
  const orders = invoice.purchase_order_receipts.map((receipt) => receipt.purchase_order_id);
  const others = await db.supplierInvoices.where('_poIds').anyOf(orders).toArray();
  const other = others.find((row) => row.id !== invoice.id && row.supplier_invoice_number === number);
  return other ? `Another invoice on the same order already has number ${number}` : null;
}

/**
 * Validates the form and, when it changed something, queues the update and updates the cached row, in one
 * transaction. Nothing changed: `op` is null and nothing is written. Invalid: field errors, nothing written.
 *
 * `seen` is the invoice as the form was opened with (default: the cached row now). The body holds what the
 * user changed from it, so a pulled server change to a field they did not touch is never sent back, and it
 * is the merge base.
 */
export async function saveInvoiceEdits(
  db: DockhandDb,
  id: number,
  form: InvoiceForm,
  options: { now?: Date; seen?: CachedSupplierInvoice } = {},
): Promise<InvoiceEditResult> {
  return editing(db, id, async (invoice) => {
    const seen = options.seen ?? invoice;
    const valid = validateInvoiceForm(form, seen);
    if (!valid.ok) return valid;
    const cleared = clearedFields(seen, form);
    if (cleared) return { ok: false, errors: cleared };
    const body = invoiceUpdateBody(seen, valid.value);
    if (Object.keys(body).length === 0) return { ok: true, op: null, invoice };
    const taken =
      body.supplier_invoice_number && (await numberTaken(db, invoice, body.supplier_invoice_number));
    if (taken) return { ok: false, errors: { number: [taken] } };
    const label = `Update ${invoiceName(invoice)} (${changedText(body)})`;
    return queueUpdate(db, invoice, seen, body, label, options.now ?? new Date());
  });
}

/**
 * Queues the invoice's finalise ({status: 'Finalised'}). The row says Finalised at once, so every screen
 * treats it as read-only while the op waits; the server then sets finalised_on and by, and may move the
 * order to Received (it alone knows the other invoices on it).
 */
export async function finaliseInvoice(
  db: DockhandDb,
  id: number,
  options: { now?: Date } = {},
): Promise<InvoiceEditResult> {
  return editing(db, id, async (invoice) => {
    const refused = finaliseErrorsOf(invoice);
    if (refused) return { ok: false, errors: refused };
    return queueUpdate(
      db,
      invoice,
      invoice,
      { status: 'Finalised' },
      `Finalise ${invoiceName(invoice)}`,
      options.now ?? new Date(),
    );
  });
}

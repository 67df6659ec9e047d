import { beforeEach, describe, expect, it } from 'vitest';
import { SupplierInvoiceSchema } from '../../api/resources';
import { sampleSupplierInvoice } from '../../api/resources/fixtures';
import { createDexieStore } from '../dexieStore';
import { allocateTempId, enqueue } from '../outbox';
import type { DockhandDb, CachedSupplierInvoice } from '../schema';
import { editedForm, onlyOp } from '../testing/editedForm';
import { memoryDb } from '../testing/memoryStore';
import {
  finaliseInvoice,
  invoiceFormOf,
  invoiceLock,
  saveInvoiceEdits,
  validateInvoiceForm,
  type InvoiceForm,
} from './supplierInvoices';

let db: DockhandDb;
const now = new Date('2026-03-10T09:30:00Z');

/** In Progress, freight 50 ex (no tax flag), misc 10 ex (taxed), duty 12.50, one receipt of PO 1001. */
const invoice = sampleSupplierInvoice({ id: 7001, notes: 'Two cartons' });

beforeEach(async () => {
  db = memoryDb('invoice-edits');
  await db.supplierInvoices.put({ ...invoice, _fetchedAt: '2026-03-09T00:00:00Z' });
});

const { edited } = editedForm<CachedSupplierInvoice, InvoiceForm>(
  (id) => db.supplierInvoices.get(id),
  invoiceFormOf,
  7001,
);

describe('saveInvoiceEdits', () => {
  it('queues only the changed fields, with the cached server record as the merge base', async () => {
    const result = await saveInvoiceEdits(db, 7001, await edited({ notes: 'Checked', freightEx: 85 }), {
      now,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));

    const op = await onlyOp(db);
    expect(op).toMatchObject({
      kind: 'updateSupplierInvoice',
      state: 'queued',
      aggregate: 'supplierInvoice:7001',
      params: { id: 7001 },
      body: { notes: 'Checked', direct_costs: { freight: { total_ex: 85 } } },
      dependsOnTempIds: [],
    });
    expect(op.label).toBe('Update invoice INV-55810 (notes, freight)');
    // The base is exactly what the server sent: no local bookkeeping (`_fetchedAt`, `_poIds`).
    expect(op.baseVersion).toEqual(invoice);
    expect(() => SupplierInvoiceSchema.parse(op.baseVersion)).not.toThrow();
  });

  it('shows the edit on the cached row at once, pending, the totals moved by the changed cost only', async () => {
    const result = await saveInvoiceEdits(db, 7001, await edited({ notes: 'Checked', freightEx: 85 }), {
      now,
    });
    if (!result.ok) throw new Error('not saved');
    const row = (await db.supplierInvoices.get(7001))!;
    expect(row).toMatchObject({
      notes: 'Checked',
      _pendingOps: [result.op!.id],
      _fetchedAt: '2026-03-09T00:00:00Z',
      _poIds: [invoice.purchase_order_receipts[0]!.purchase_order_id],
      // Freight 50 → 85 with no tax in it: 35 more ex; the 5 of tax the sample's unflagged freight
      // carried is gone, and the total inc moves by both.
      total_buy_price_ex: invoice.total_buy_price_ex + 35,
      total_tax: invoice.total_tax - 5,
      total_buy_price_inc: invoice.total_buy_price_inc + 35 - 5,
    });
    expect(row.direct_costs.freight).toEqual({
      includes_tax: false,
      total_ex: 85,
      total_tax: 0,
      total_inc: 85,
    });
    expect(result.invoice).toEqual(row);
  });

  it('sends every header field and cost line the form changes, each in its request spelling', async () => {
    const form = await edited({
      number: ' INV-55810-A ',
      invoicedOn: '2026-03-04',
      distributeCostsBy: 'Quantity',
      internationalOrder: true,
      landedCosts: 'Currency Conversion',
      originCountryId: 156,
      currencyConversion: 1.52,
      roundingAdjustment: -0.02,
      freightIncludesTax: true,
      miscEx: null,
      dutyEx: 30,
    });
    const result = await saveInvoiceEdits(db, 7001, form, { now });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect((await onlyOp(db)).body).toEqual({
      supplier_invoice_number: 'INV-55810-A',
      supplier_invoiced_on: '2026-03-04',
      distribute_costs_by: 'Quantity',
      international_order: true,
      landed_costs_calculation: 'Currency Conversion',
      origin_country: { id: 156 },
      currency_conversion: 1.52,
      rounding_adjustment: -0.02,
      // The 50 of freight now includes its tax: 45.45 + 4.55. An empty amount reads as none: 0.
      direct_costs: {
        freight: { includes_tax: true, total_ex: 45.45 },
        misc: { total_ex: 0 },
        duty: { total_ex: 30 },
      },
    });
    const row = (await db.supplierInvoices.get(7001))!;
    expect(row.supplier_invoiced_on).toBe('2026-03-04T00:00:00.000Z');
    expect(row).not.toHaveProperty('origin_country');
  });

  it('writes nothing when nothing changed (an empty field equal to a null value is no change)', async () => {
    await db.supplierInvoices.update(7001, { notes: null });
    const result = await saveInvoiceEdits(db, 7001, await edited({ notes: '' }), { now });
    expect(result).toMatchObject({ ok: true, op: null });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.supplierInvoices.get(7001))!._pendingOps).toBeUndefined();
  });

  it('gives field-level errors in words, and writes nothing', async () => {
    const form = await edited({
      number: '  ',
      invoicedOn: '16/03/2026',
      landedCosts: 'Currency Conversion',
      currencyConversion: null,
      freightEx: -5,
      originCountryId: 2.5,
    });
    const result = await saveInvoiceEdits(db, 7001, form, { now });
    expect(result).toEqual({
      ok: false,
      errors: {
        number: ['Enter the invoice number from the supplier’s invoice'],
        invoicedOn: ['Enter the date on the supplier’s invoice, or leave it empty'],
        freightEx: ['Freight cannot be negative'],
        originCountryId: ['Country of origin must be a whole number'],
        currencyConversion: ['Enter the conversion rate'],
      },
    });
    expect(
      validateInvoiceForm({
        ...form,
        number: 'X',
        invoicedOn: '',
        freightEx: 0,
        originCountryId: null,
        currencyConversion: 0,
      }),
    ).toEqual({
      ok: false,
      errors: { currencyConversion: ['The conversion rate must be more than 0'] },
    });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.supplierInvoices.get(7001))!.notes).toBe('Two cartons');
  });

  it('sends only what the user changed since opening the form, with what they saw as the base', async () => {
    const seen = (await db.supplierInvoices.get(7001))!;
    const form = { ...invoiceFormOf(seen), notes: 'Mine' };
    // Meanwhile a pull brings the server's new freight and notes.
    const pulled = {
      ...invoice,
      notes: 'Theirs',
      direct_costs: { ...invoice.direct_costs, freight: { ...invoice.direct_costs.freight, total_ex: 70 } },
    };
    await db.supplierInvoices.put(pulled);
    const result = await saveInvoiceEdits(db, 7001, form, { now, seen });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const op = await onlyOp(db);
    // Freight is not sent back at its old value; notes changed on both sides is the engine's to find.
    expect(op.body).toEqual({ notes: 'Mine' });
    expect(op.baseVersion).toMatchObject({ notes: 'Two cartons' });
    expect((await db.supplierInvoices.get(7001))!).toMatchObject({
      notes: 'Mine',
      direct_costs: { freight: { total_ex: 70 } },
    });
  });

  it('refuses a number another invoice has on the same order (the server would answer 409)', async () => {
    await db.supplierInvoices.put(sampleSupplierInvoice({ id: 7002, supplier_invoice_number: 'INV-2' }));
    const result = await saveInvoiceEdits(db, 7001, await edited({ number: 'INV-2' }), { now });
    expect(result).toEqual({
      ok: false,
      errors: { number: ['Another invoice on the same order already has number INV-2'] },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses to empty what the API cannot empty (date, calculation, rate), at each field', async () => {
    await db.supplierInvoices.update(7001, {
      landed_costs_calculation: 'Currency Conversion',
      currency_conversion: 1.5,
    });
    const form = await edited({ invoicedOn: '', landedCosts: null, currencyConversion: null });
    expect(await saveInvoiceEdits(db, 7001, form, { now })).toEqual({
      ok: false,
      errors: {
        invoicedOn: ['Once entered, the date can be corrected but not removed'],
        landedCosts: ['Once chosen, the calculation can be changed but not removed'],
        currencyConversion: ['Once entered, the rate can be corrected but not removed'],
      },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('bases a second edit on the row with the first one, so the engine sends each change once', async () => {
    await saveInvoiceEdits(db, 7001, await edited({ notes: 'First' }), { now });
    const second = await saveInvoiceEdits(db, 7001, await edited({ dutyEx: 0 }), { now });
    if (!second.ok) throw new Error('not saved');
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((op) => op.body)).toEqual([
      { notes: 'First' },
      { direct_costs: { duty: { total_ex: 0 } } },
    ]);
    expect(ops[1]!.baseVersion).toMatchObject({ notes: 'First' });
    expect((await db.supplierInvoices.get(7001))!._pendingOps).toEqual(ops.map((op) => op.id));
  });
});

describe('an invoice received here and not yet synced (temp id)', () => {
  async function offlineInvoice(): Promise<CachedSupplierInvoice> {
    const id = await allocateTempId(db, 'supplierInvoices', { now });
    const row = sampleSupplierInvoice({ id, supplier_invoice_number: 'DOCKET-9', notes: null });
    const receipt = row.purchase_order_receipts[0]!;
    await enqueue(db, {
      kind: 'createSupplierInvoice',
      params: {},
      body: {
        supplier_invoice_number: 'DOCKET-9',
        purchase_order_receipts: [
          {
            purchase_order_id: receipt.purchase_order_id,
            purchase_order_receipt_items: receipt.purchase_order_receipt_items.map((line) => ({
              purchase_order_item_id: line.purchase_order_item_id,
              quantity_received: line.quantity_received,
            })),
          },
        ],
      },
      createsTempId: id,
      cacheChanges: [{ table: 'supplierInvoices', put: [row] }],
      label: 'Invoice DOCKET-9',
      now,
    });
    return (await db.supplierInvoices.get(id))!;
  }

  it('is edited by its temp id; the update waits for the create, then goes out under the server id', async () => {
    const temp = await offlineInvoice();
    const result = await saveInvoiceEdits(db, temp.id, await edited({ notes: 'Short one carton' }, temp.id), {
      now,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const update = (await db.outbox.where('id').equals(result.op!.id).first())!;
    expect(update).toMatchObject({
      state: 'blocked',
      params: { id: temp.id },
      aggregate: `supplierInvoice:${temp.id}`,
      dependsOnTempIds: [temp.id],
    });
    expect((await db.supplierInvoices.get(temp.id))!.notes).toBe('Short one carton');

    // The create lands: the update is rewritten to the server id and may go.
    const store = createDexieStore(db);
    const create = (await db.outbox.where('kind').equals('createSupplierInvoice').first())!;
    const at = new Date('2026-03-10T10:00:00Z').toISOString();
    await store.markSending({ id: create.id, at });
    const server = sampleSupplierInvoice({ id: 9100, supplier_invoice_number: 'DOCKET-9', notes: null });
    await store.completeOp({
      id: create.id,
      at,
      resultId: 9100,
      cacheWrites: [{ table: 'supplierInvoices', put: [server] }],
      tempIds: [],
    });
    expect(await db.outbox.where('id').equals(update.id).first()).toMatchObject({
      state: 'queued',
      params: { id: 9100 },
      aggregate: 'supplierInvoice:9100',
      dependsOnTempIds: [],
      body: { notes: 'Short one carton' },
    });
  });
});

describe('finalising', () => {
  it('queues {status: Finalised}; the invoice is read-only from then on', async () => {
    const result = await finaliseInvoice(db, 7001, { now });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(await onlyOp(db)).toMatchObject({
      body: { status: 'Finalised' },
      label: 'Finalise invoice INV-55810',
      baseVersion: { status: 'In Progress' },
    });
    const row = (await db.supplierInvoices.get(7001))!;
    expect(invoiceLock(row)).toBe('finalising');

    const refused = await saveInvoiceEdits(db, 7001, await edited({ notes: 'Too late' }), { now });
    expect(refused).toEqual({
      ok: false,
      errors: { $: ['This invoice is being finalised: it can no longer be changed in Dockhand.'] },
    });
    expect(await finaliseInvoice(db, 7001, { now })).toMatchObject({ ok: false });
    expect(await db.outbox.count()).toBe(1);
  });

  it('refuses to finalise an invoice without the supplier’s invoice date, at the date field', async () => {
    await db.supplierInvoices.update(7001, { supplier_invoiced_on: null });
    expect(await finaliseInvoice(db, 7001, { now })).toEqual({
      ok: false,
      errors: {
        invoicedOn: [
          'Enter the supplier’s invoice date and save it before finalising: a finalised invoice cannot be changed.',
        ],
      },
    });
    expect(await db.outbox.count()).toBe(0);
    expect(invoiceLock((await db.supplierInvoices.get(7001))!)).toBeNull();
  });

  it('refuses edits to an invoice the server has finalised', async () => {
    await db.supplierInvoices.update(7001, { status: 'Finalised', finalised_on: '2026-03-09T10:00:00Z' });
    const row = (await db.supplierInvoices.get(7001))!;
    expect(invoiceLock(row)).toBe('finalised');
    expect(await saveInvoiceEdits(db, 7001, invoiceFormOf(row), { now })).toEqual({
      ok: false,
      errors: { $: ['This invoice is finalised: it can no longer be changed in Dockhand.'] },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('says so when the invoice is not cached', async () => {
    expect(await finaliseInvoice(db, 4242, { now })).toEqual({
      ok: false,
      errors: { $: ['This invoice is not in the local cache any more.'] },
    });
  });
});

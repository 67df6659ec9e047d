import { beforeEach, describe, expect, it } from 'vitest';
import { CustomerSchema } from '../../api/resources';
import { sampleCustomer, sampleDeliveryAddress } from '../../api/resources/fixtures';
import { createDexieStore } from '../dexieStore';
import type { DockhandDb } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { customerFormOf, blankCustomerForm, validateCustomerEdit, validateNewCustomer } from './customerForm';
import { createCustomer, saveCustomerEdits } from './customerEdits';
import type { CachedCustomer } from './customerIndex';
import { customerChoices, loadCustomer } from './customerRecord';
import { deliveryAddressFormOf, saveDeliveryAddress, validateDeliveryAddress } from './deliveryAddresses';

let db: DockhandDb;
const now = new Date('2026-03-10T09:30:00Z');
const home = sampleDeliveryAddress({ id: 301, default: true, suburb: 'Pyrmont' });
const work = sampleDeliveryAddress({ id: 302, default: false, suburb: 'Ultimo', address_line1: '1 Bay St' });
const sam = sampleCustomer({ id: 2001, acn: '51 824 753 556', delivery_addresses: [home, work] });

beforeEach(async () => {
  db = memoryDb('customer-edits');
  await db.customers.bulkPut([
    sam,
    sampleCustomer({
      id: 2002,
      customer_number: 'C-2002',
      customer_type: { id: 2, name: 'Trade' },
      home_outlet: { id: 2, name: 'Parramatta' },
    }),
  ]);
  await db.standardPriceGroups.put({ id: 1, name: 'Wholesale', modified_on: sam.modified_on });
  await db.fixedPriceGroups.bulkPut([
    { id: 1, name: 'Shadowed by standard 1', modified_on: sam.modified_on },
    { id: 7, name: 'Staff', modified_on: sam.modified_on },
  ]);
});

const cached = async (id = 2001) => (await db.customers.get(id)) as CachedCustomer;
const serverShape = ({ _pendingOps: _p, _temp: _t, ...row }: CachedCustomer) => row;

describe('the customer form', () => {
  it('says what a new customer lacks in a clerk’s words, at each field', () => {
    const result = validateNewCustomer({
      ...blankCustomerForm(),
      dateOfBirth: '17/05/1990',
      accountEnabled: true,
      paymentTerms: 2.5,
      creditLimit: -1,
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        customerTypeId: ['Choose a customer type.'],
        homeOutletId: ['Choose a home outlet.'],
        firstName: ['Give the customer a first name, a last name or a company name.'],
        dateOfBirth: ['Enter the date of birth as a date, or leave it empty.'],
        paymentTerms: ['Payment terms are a whole number of days, 0 or more.'],
        creditLimit: ['The credit limit is an amount of 0 or more.'],
      },
    });
  });

  it('opens with the stored ACN as the ABN and sends only what changed, the ABN as abn', () => {
    const form = customerFormOf(sam);
    expect(form.abn).toBe('51 824 753 556');
    const result = validateCustomerEdit(sam, {
      ...form,
      abn: '12 345 678 901',
      phone: '02 9000 1111',
      mobile: '',
      billingSuburb: 'Glebe',
      receiveSms: true,
      accountEnabled: true,
      creditLimit: 5000,
      priceGroupIds: [1, 7],
    });
    expect(result).toEqual({
      ok: true,
      body: {
        abn: '12 345 678 901',
        phone: '02 9000 1111',
        mobile: null,
        billing_address: { suburb: 'Glebe' },
        marketing: { receive_sms: true },
        account_customer: { enabled: true, credit_limit: 5000 },
        price_groups: [{ id: 1 }, { id: 7 }],
      },
    });
  });

  it('holds what the user types to the sanity bounds, each at its field (issue #26)', () => {
    const result = validateCustomerEdit(sam, {
      ...customerFormOf(sam),
      firstName: 'S'.repeat(51),
      billingLine1: 'x'.repeat(10_000),
      accountEnabled: true,
      paymentTerms: 366,
      creditLimit: 1_000_000_000.01,
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: ['At most 50 characters (this has 51).'],
        billingLine1: ['At most 100 characters (this has 10,000).'],
        paymentTerms: ['Payment terms must be 365 or less'],
        creditLimit: ['The credit limit must be 1,000,000,000 or less'],
      },
    });
    // A longer value the server already holds is not the clerk's to fix when they change something else.
    const long = { ...sam, company: 'C'.repeat(120) };
    expect(validateCustomerEdit(long, { ...customerFormOf(long), phone: '02 9000 2222' })).toMatchObject({
      ok: true,
    });
    expect(
      validateCustomerEdit(sam, { ...customerFormOf(sam), accountEnabled: true, paymentTerms: 365 }).ok,
    ).toBe(true);
  });

  it('holds a delivery address to its bounds on the lines the user changed', () => {
    const before = deliveryAddressFormOf(home);
    expect(validateDeliveryAddress(before, { ...before, countryCode: 'AUST', postcode: '2000' })).toEqual({
      ok: false,
      errors: { countryCode: ['At most 3 characters (this has 4).'] },
    });
    const stored = { ...before, line2: 'y'.repeat(150) };
    expect(validateDeliveryAddress(stored, { ...stored, suburb: 'Glebe' }).ok).toBe(true);
  });

  it('refuses to clear every name of a customer', () => {
    const result = validateCustomerEdit(sam, { ...customerFormOf(sam), firstName: ' ', lastName: '' });
    expect(result.ok).toBe(false);
  });

  it('offers a fixed price group only when no standard group has its id', async () => {
    const choices = await customerChoices(db);
    expect(choices.priceGroups.map((choice) => choice.label)).toEqual(['Staff (fixed)', 'Wholesale']);
    expect(choices.types.map((choice) => choice.label)).toEqual(['Retail', 'Trade']);
  });
});

describe('createCustomer', () => {
  it('queues the create and shows the customer at once under a temp id, in response shape', async () => {
    const result = await createCustomer(
      db,
      {
        ...blankCustomerForm(),
        firstName: 'Ada',
        lastName: 'Ng',
        abn: '11 222 333 444',
        customerTypeId: 2,
        homeOutletId: 2,
      },
      { now, deliveryAddress: { address_line1: '4 Pier Rd', suburb: 'Pyrmont', default: true } },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const op = result.op!;
    expect(op).toMatchObject({ kind: 'createCustomer', state: 'queued', label: 'New customer Ada Ng' });
    expect(op.body).toEqual({
      first_name: 'Ada',
      last_name: 'Ng',
      abn: '11 222 333 444',
      customer_type: { id: 2 },
      home_outlet: { id: 2 },
      delivery_addresses: [{ address_line1: '4 Pier Rd', suburb: 'Pyrmont', default: true }],
    });
    const row = await cached(op.createsTempId!);
    expect(row.id).toBeLessThan(0);
    expect(row._pendingOps).toEqual([op.id]);
    const shaped = CustomerSchema.parse(serverShape(row));
    expect(shaped).toMatchObject({
      acn: '11 222 333 444',
      customer_type: { id: 2, name: 'Trade' },
      home_outlet: { id: 2, name: 'Parramatta' },
      delivery_addresses: [{ id: 0, address_line1: '4 Pier Rd', default: true }],
    });
    const detail = await loadCustomer(db, row.id);
    expect(detail.badge).toBe('pending');
    expect(detail.ops.map((queued) => queued.id)).toEqual([op.id]);
  });

  it('follows the temp id to the server id once the create is done', async () => {
    const result = await createCustomer(db, {
      ...blankCustomerForm(),
      company: 'Bolt Hardware',
      customerTypeId: 1,
      homeOutletId: 1,
    });
    if (!result.ok) throw new Error('not created');
    const tempId = result.op!.createsTempId!;
    const store = createDexieStore(db);
    await store.markSending({ id: result.op!.id, at: now.toISOString() });
    await store.completeOp({
      id: result.op!.id,
      at: now.toISOString(),
      resultId: 50123,
      cacheWrites: [
        {
          table: 'customers',
          put: [sampleCustomer({ id: 50123, company: 'Bolt Hardware' })],
          delete: [tempId],
        },
      ],
      tempIds: [{ tempId, serverId: 50123 }],
    });
    expect(await loadCustomer(db, tempId)).toMatchObject({ customer: null, movedTo: 50123 });
  });
});

describe('saveCustomerEdits', () => {
  it('queues only the changes, with the customer as seen as the merge base, and shows them at once', async () => {
    const seen = await cached();
    const result = await saveCustomerEdits(
      db,
      2001,
      { ...customerFormOf(seen), phone: '02 9000 1111', customerTypeId: 2, loyaltyEnabled: false },
      { now, seen },
    );
    if (!result.ok) throw new Error('not saved');
    expect(result.op).toMatchObject({
      kind: 'updateCustomer',
      params: { id: 2001 },
      body: { phone: '02 9000 1111', customer_type: { id: 2 }, loyalty_program: { enabled: false } },
      baseVersion: sam,
    });
    const row = await cached();
    expect(CustomerSchema.parse(serverShape(row))).toEqual({
      ...sam,
      phone: '02 9000 1111',
      customer_type: { id: 2, name: 'Trade' },
      loyalty_program: { ...sam.loyalty_program, enabled: false },
    });
  });

  it('refuses a customer number another customer has, before anything is queued', async () => {
    const result = await saveCustomerEdits(db, 2002, {
      ...customerFormOf(await cached(2002)),
      customerNumber: 'C-2001',
    });
    expect(result).toEqual({
      ok: false,
      errors: { customerNumber: ['Sam Nguyen already has customer number C-2001.'] },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues nothing when nothing changed', async () => {
    const result = await saveCustomerEdits(db, 2001, customerFormOf(await cached()));
    expect(result).toMatchObject({ ok: true, op: null });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('saveDeliveryAddress', () => {
  it('writes the edit into the cached customer at once, the default moving as the server moves it', async () => {
    const result = await saveDeliveryAddress(
      db,
      2001,
      302,
      { ...deliveryAddressFormOf(work), suburb: 'Glebe', isDefault: true },
      { now },
    );
    if (!result.ok) throw new Error('not saved');
    expect(result.op).toMatchObject({
      kind: 'updateDeliveryAddress',
      aggregate: 'customer:2001',
      params: { id: 2001, address_id: 302 },
      body: { suburb: 'Glebe', default: true },
      baseVersion: work,
    });
    // Labelled with the address being saved (Glebe), never the one replaced (Ultimo).
    expect(result.op?.label).toMatch(/^Update delivery address of .+ to 1 Bay St.*Glebe/);
    expect(result.op?.label).not.toContain('Ultimo');
    const row = await cached();
    expect(row._pendingOps).toEqual([result.op!.id]);
    expect(row.delivery_addresses).toEqual([
      { ...home, default: false },
      { ...work, suburb: 'Glebe', default: true },
    ]);
    expect((await loadCustomer(db, 2001)).badge).toBe('pending');

    // Done: the engine writes nothing for this op; the edit stays shown, no longer pending.
    const store = createDexieStore(db);
    await store.markSending({ id: result.op!.id, at: now.toISOString() });
    await store.completeOp({ id: result.op!.id, at: now.toISOString(), cacheWrites: [], tempIds: [] });
    const after = await cached();
    expect(after._pendingOps ?? []).toEqual([]);
    expect(after.delivery_addresses[1]?.suburb).toBe('Glebe');
  });

  it('queues nothing for an unchanged address and says when the address is gone', async () => {
    expect(await saveDeliveryAddress(db, 2001, 301, deliveryAddressFormOf(home))).toMatchObject({
      ok: true,
      op: null,
    });
    expect(await saveDeliveryAddress(db, 2001, 999, deliveryAddressFormOf(home))).toEqual({
      ok: false,
      errors: { $: ['This delivery address is not on this computer any more.'] },
    });
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { sampleCustomer, sampleDeliveryAddress } from '../../api/resources/fixtures';
import type { DockhandDb } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { addDeliveryAddress, removeDeliveryAddress } from './deliveryAddressList';
import { blankDeliveryAddressForm } from './deliveryAddresses';

let db: DockhandDb;
const home = sampleDeliveryAddress({ id: 301, default: true, suburb: 'Pyrmont' });
const work = sampleDeliveryAddress({ id: 302, default: false, suburb: 'Ultimo' });
const sam = sampleCustomer({ id: 2001, delivery_addresses: [home, work] });
const item = ({ id: _id, modified_on: _at, ...rest }: typeof home) => rest;

beforeEach(async () => {
  db = memoryDb('delivery-address-list');
  await db.customers.put(sam);
});

describe('adding and removing delivery addresses', () => {
  it('sends the whole list with the new address, which takes the default; shown unnumbered at once', async () => {
    const result = await addDeliveryAddress(db, 2001, {
      ...blankDeliveryAddressForm(),
      line1: '4 Pier Rd',
      suburb: 'Glebe',
      isDefault: true,
    });
    if (!result.ok) throw new Error('not queued');
    expect(result.op).toMatchObject({
      kind: 'updateCustomer',
      aggregate: 'customer:2001',
      label: 'Add delivery address 4 Pier Rd, Glebe to Sam Nguyen',
      body: {
        delivery_addresses: [
          { ...item(home), default: false },
          { ...item(work), default: false },
          { address_line1: '4 Pier Rd', suburb: 'Glebe', default: true },
        ],
      },
      baseVersion: sam,
    });
    const row = (await db.customers.get(2001))!;
    expect(row.delivery_addresses.map((address) => [address.id, address.suburb, address.default])).toEqual([
      [0, 'Pyrmont', false],
      [0, 'Ultimo', false],
      [0, 'Glebe', true],
    ]);
    expect(row._pendingOps).toEqual([result.op!.id]);
  });

  it('refuses an empty address, and removes one by its place in the list', async () => {
    expect(await addDeliveryAddress(db, 2001, blankDeliveryAddressForm())).toEqual({
      ok: false,
      errors: { line1: ['Fill in at least one line of the address.'] },
    });
    const result = await removeDeliveryAddress(db, 2001, 0);
    if (!result.ok) throw new Error('not queued');
    expect(result.op?.body).toEqual({ delivery_addresses: [item(work)] });
    expect((await db.customers.get(2001))!.delivery_addresses).toEqual([{ ...work, id: 0 }]);
  });
});

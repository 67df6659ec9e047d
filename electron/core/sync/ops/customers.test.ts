import { describe, expect, it } from 'vitest';
import { CustomerSchema, type Customer } from '../../../../src/api/resources';
import { startSimulator } from '../../../../server/index';
import { ApiCallError } from '../../api/errors';
import { createCustomer, updateDeliveryAddress } from './customers';
import { deletedFrom, rowsFor, sendEdit, unique } from './testing/harness';
import { opsSuite } from './testing/opsSuite';

const suite = opsSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));

/** A person unique per test, so one test's customers are never another's candidates. */
const person = (extra: { customer_number?: string } = {}) => ({
  first_name: 'Ada',
  last_name: unique('Ng'),
  email: 'ada@example.com',
  ...extra,
});

describe('createCustomer', () => {
  it('declares its aggregate and label, puts the customer and drops its temp row', async () => {
    const body = person({ customer_number: unique('OPS') });
    const queued = suite.h.op('createCustomer', { body, createsTempId: -3 });
    expect(queued.aggregate).toBe('customer:-3');
    expect(queued.label).toBe(`New customer Ada ${body.last_name}`);
    const { op, result } = await suite.h.send(queued);
    const writes = createCustomer.cacheWrites(op, result);
    const [row] = rowsFor(writes, 'customers', CustomerSchema);
    expect(row?.customer_number).toBe(body.customer_number);
    expect(deletedFrom(writes, 'customers')).toEqual([-3]);
    expect(createCustomer.resultIdOf?.(result)).toBe(row!.id);
  });

  it('finds a lost create by its customer_number', async () => {
    const body = person({ customer_number: unique('OPS') });
    const uncertain = await suite.h.sendDropped(suite.h.op('createCustomer', { body }));
    const decision = await createCustomer.reconcile(suite.h.context, uncertain);
    expect(decision).toMatchObject({ outcome: 'applied', result: { customer_number: body.customer_number } });
  });

  it('finds a lost create without a number by names and contact fields created since the attempt', async () => {
    const body = person();
    const uncertain = await suite.h.sendDropped(suite.h.op('createCustomer', { body }));
    const decision = await createCustomer.reconcile(suite.h.context, uncertain);
    expect(decision.outcome).toBe('applied');
    const found = (decision as { result: Customer }).result;
    expect(suite.sim.state.customers.get(found.id)?.last_name).toBe(body.last_name);
  });

  it('answers absent when the request never ran, with or without a number', async () => {
    for (const body of [person({ customer_number: unique('OPS') }), person()]) {
      const uncertain = await suite.h.sendReset(suite.h.op('createCustomer', { body }));
      expect(await createCustomer.reconcile(suite.h.context, uncertain)).toEqual({ outcome: 'absent' });
    }
  });

  it('is ambiguous when two identical unnumbered customers were created since the attempt', async () => {
    const body = person();
    await suite.h.send(suite.h.op('createCustomer', { body }));
    const uncertain = await suite.h.sendDropped(suite.h.op('createCustomer', { body }));
    const decision = await createCustomer.reconcile(suite.h.context, uncertain);
    expect(decision.outcome).toBe('ambiguous');
    expect((decision as { candidates: unknown[] }).candidates).toHaveLength(2);
  });
});

describe('updateCustomer / updateDeliveryAddress', () => {
  it('reads the current customer and puts the update', async () => {
    const edit = suite.h.op('updateCustomer', { params: { id: 50001 }, body: { mobile: '0400 333 444' } });
    expect(edit.aggregate).toBe('customer:50001');
    const row = await sendEdit(suite.h, edit, suite.sim.state.customers.get(50001), {
      table: 'customers',
      shape: CustomerSchema,
    });
    expect(row).toMatchObject({ id: 50001, mobile: '0400 333 444' });
  });

  it('reads the address from its customer; shares the customer’s aggregate', async () => {
    const edit = suite.h.op('updateDeliveryAddress', {
      params: { id: 50003, address_id: 2000003 },
      body: { suburb: 'Fitzroy', default: true },
    });
    expect(edit.aggregate).toBe('customer:50003');
    expect(edit.label).toBe('Update delivery address 2000003 of customer 50003');
    const before = suite.sim.state.customers.get(50003)!.delivery_addresses.find((a) => a.id === 2000003);
    expect(await updateDeliveryAddress.readCurrent?.(suite.h.context, edit)).toEqual(before);
    const { op, result } = await suite.h.send(edit);
    expect(result).toMatchObject({ id: 2000003, suburb: 'Fitzroy', default: true });
    // The address lives inside the customer row: the pull brings it (see customers.ts).
    expect(updateDeliveryAddress.cacheWrites(op, result)).toEqual([]);

    const missing = suite.h.op('updateDeliveryAddress', {
      params: { id: 50001, address_id: 2000003 },
      body: {},
    });
    const error = await updateDeliveryAddress
      .readCurrent?.(suite.h.context, missing)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect((error as ApiCallError).kind).toBe('not-found');
  });
});

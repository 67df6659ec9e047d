import { beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../api/resources';
import { sampleCustomer } from '../../api/resources/fixtures';
import type { DockhandDb } from '../schema';
import { tableMiddleware } from '../tableMiddleware';
import { memoryDb } from '../testing/memoryStore';
import type { SlicePolicy } from '../yieldingRead';
import { listCustomers, NO_CUSTOMER_FILTERS, type CustomerFilters } from './customerList';

/** Counts the customer rows read whole (keys-only reads are free), as Dexie's DBCore sees them. */
function customerRowReads() {
  let rows = 0;
  const middleware = tableMiddleware('customerRowReads', (down, name) =>
    name !== 'customers'
      ? {}
      : {
          getMany: async (req) => {
            const found = await down.getMany(req);
            rows += found.filter(Boolean).length;
            return found;
          },
          query: async (req) => {
            const answer = await down.query(req);
            if (req.values) rows += answer.result.length;
            return answer;
          },
        },
  );
  return { middleware, read: () => rows };
}

let db: DockhandDb;
let reads: ReturnType<typeof customerRowReads>;

const modified = (minute: number) => `2026-03-10T09:${String(minute).padStart(2, '0')}:00.000Z`;
const retail = { id: 1, name: 'Retail' };
const trade = { id: 2, name: 'Trade' };
const sydney = { id: 1, name: 'Sydney CBD' };
const parramatta = { id: 2, name: 'Parramatta' };

function customer(id: number, overrides: Partial<Customer> = {}): Customer {
  return sampleCustomer({ id, customer_number: `C${id}`, modified_on: modified(id), ...overrides });
}

beforeEach(async () => {
  reads = customerRowReads();
  db = memoryDb('customer-list');
  db.use(reads.middleware);
  await db.customers.bulkPut([
    customer(1, { first_name: 'Ada', last_name: 'Ng', email: 'ada@example.com', customer_type: retail }),
    customer(2, {
      first_name: null,
      last_name: null,
      company: 'Bolt Hardware',
      phone: '02 9555 0100',
      customer_type: trade,
      home_outlet: parramatta,
      account_customer: { ...sampleCustomer().account_customer, enabled: true },
      loyalty_program: { enabled: false, auto_price_group: false },
    }),
    customer(3, { first_name: 'Cy', last_name: 'Abbot', customer_type: retail, home_outlet: sydney }),
  ]);
});

const ids = async (filters: Partial<CustomerFilters> = {}, search = '', sort = null as never) =>
  (await listCustomers(db, { ...NO_CUSTOMER_FILTERS, ...filters }, search, sort)).rows.map((row) => row.id);

describe('listCustomers', () => {
  it('filters by type, home outlet, account and loyalty, and searches number, names, email and phone', async () => {
    expect(await ids()).toEqual([3, 2, 1]);
    expect(await ids({ typeId: 2 })).toEqual([2]);
    expect(await ids({ outletId: 2 })).toEqual([2]);
    expect(await ids({ account: 'yes' })).toEqual([2]);
    expect(await ids({ account: 'no', loyalty: 'yes' })).toEqual([3, 1]);
    expect(await ids({}, 'c3')).toEqual([3]);
    expect(await ids({}, 'bolt')).toEqual([2]);
    expect(await ids({}, 'ADA@example')).toEqual([1]);
    expect(await ids({}, '9555 0100')).toEqual([2]);
    expect(await ids({ typeId: 1 }, 'bolt')).toEqual([]);
  });

  it('sorts by a column either way, and offers the types and outlets customers name', async () => {
    expect(await ids({}, '', { key: 'number', direction: 'desc' } as never)).toEqual([3, 2, 1]);
    expect(await ids({}, '', { key: 'type', direction: 'asc' } as never)).toEqual([3, 1, 2]);
    const list = await listCustomers(db, NO_CUSTOMER_FILTERS, '', null);
    expect(list.total).toBe(3);
    expect(list.types).toEqual([
      { value: 1, label: 'Retail' },
      { value: 2, label: 'Trade' },
    ]);
    expect(list.outlets.map((choice) => choice.label)).toEqual(['Parramatta', 'Sydney CBD']);
    expect(list.rows.find((row) => row.id === 2)).toMatchObject({
      name: 'Bolt Hardware',
      phone: '02 9555 0100',
    });
  });

  it('reads every row once, then only what a commit changed, added or an op names', async () => {
    await ids();
    expect(reads.read()).toBe(3);

    // A pulled page: one customer changed on the server (newer modified_on), one new.
    const before = reads.read();
    await db.customers.bulkPut([
      customer(2, { first_name: null, last_name: null, company: 'Bolt & Co', modified_on: modified(8) }),
      customer(4, { first_name: 'Di', last_name: 'Zed', modified_on: modified(8) }),
    ]);
    expect(await ids({}, 'bolt & co')).toEqual([2]);
    expect(await ids()).toEqual([3, 2, 1, 4]);
    // Only the rows at or after the newest modified_on read so far (a later row may share its millisecond):
    // customer 3 and the two written, then the two written.
    expect(reads.read() - before).toBe(5);

    // A removed row (a temp row replaced by its server row) leaves the list; the only row read is the one
    // still at the newest modified_on.
    const removed = reads.read();
    await db.customers.delete(4);
    expect(await ids()).toEqual([3, 2, 1]);
    expect(reads.read() - removed).toBe(1);
  });

  it('sees a local edit that kept modified_on through the op that made it', async () => {
    await ids();
    await db.customers.put({ ...customer(1, { customer_type: trade }), _pendingOps: ['op-1'] });
    await db.outbox.add({
      id: 'op-1',
      kind: 'updateCustomer',
      aggregate: 'customer:1',
      params: { id: 1 },
      body: { customer_type: { id: 2 } },
      dependsOnTempIds: [],
      state: 'queued',
      attempts: 0,
      createdAt: modified(1),
      label: 'Update Ada Ng',
    });
    expect(await ids({ typeId: 2 })).toEqual([2, 1]);
    const list = await listCustomers(db, NO_CUSTOMER_FILTERS, '', null);
    expect(list.rows.find((row) => row.id === 1)?.badge).toBe('pending');
  });

  it('gives the thread back during its pass over many customers, with the same list as one pass', async () => {
    await db.customers.bulkPut(
      Array.from({ length: 300 }, (_, i) =>
        customer(100 + i, { last_name: `Name ${i % 37}`, customer_type: i % 2 ? trade : retail }),
      ),
    );
    const filters = { ...NO_CUSTOMER_FILTERS, typeId: 2 };
    const sort = { key: 'name', direction: 'desc' } as const;
    let yields = 0;
    // A clock that moves 10 ms each time it is read: every look (one per 64 customers) is past the budget.
    let time = 0;
    const slices: SlicePolicy = {
      rows: 500,
      budgetMs: 8,
      now: () => (time += 10),
      yieldNow: async () => void yields++,
    };
    const sliced = await listCustomers(db, filters, 'name', sort, slices);
    const slicedYields = yields;
    // One pass with nothing to give back (a clock that stands still): the list as it was before slicing.
    const whole = await listCustomers(db, filters, 'name', sort, { ...slices, now: () => 0 });
    expect(sliced).toEqual(whole);
    expect(sliced.rows).toHaveLength(150);
    // 303 customers, a look at the clock every 64 items, each look past the budget: the first read's rows
    // turned into keys, the first sort (one run) and the pass, 909 items in all (14 looks), and one yield
    // before the pass.
    expect(slicedYields).toBe(14 + 1);
  });
});

/**
 * What the customer list filters, searches and sorts on, for every cached customer, kept in memory per
 * database and brought up to date by reading only what changed since the last read.
 *
 * The list is live, so its query re-runs on every commit to `customers`, and a first sync commits 20,000+
 * customers page by page: re-reading every row each time made that quadratic (the purchase order list's
 * lesson, src/screens/purchaseOrders/listQuery.ts). The customer filters (type, home outlet, account,
 * loyalty) have no index in src/db/schema.ts, and two are booleans, which IndexedDB cannot index, so each
 * refresh reads:
 *   - every primary key (keys only: no row is read or cloned), to find customers added or removed;
 *   - the rows whose `modified_on` is at or above the newest one already projected: what a pull or an op's
 *     response wrote (the server's clock only moves forward, the order the pull's cursors rely on too);
 *   - the rows the outbox's customer ops name: local edits keep the server's `modified_on`, and a discard
 *     puts an older row back.
 * Whole rows are read once, the first time, 500 at a time (and when a customer is new to the projection).
 */
import type { Customer } from '../../api/resources';
import type { OpKind } from '../ops';
import type { DockhandDb, LocalMeta } from '../schema';
import { mapInSlices, SliceBudget } from '../yieldingRead';

export type CachedCustomer = Customer & LocalMeta;

/** One customer as the list needs it: what it shows, filters, searches and sorts by. */
export interface CustomerKeys {
  id: number;
  number: string | null;
  /** "Last, First" or the company when the customer has no name. */
  name: string;
  company: string | null;
  email: string | null;
  /** Phone, else mobile. */
  phone: string | null;
  type: { id: number; name: string };
  outlet: { id: number; name: string };
  account: boolean;
  loyalty: boolean;
  salesChannels: readonly number[];
  pendingOps: readonly string[];
  /** Number, names, company, email, phone and mobile, lower-cased: what the search box matches. */
  text: string;
  /** What each sortable column orders by, worked out once per row rather than on every sort. */
  sort: Record<'name' | 'number' | 'company' | 'email' | 'type' | 'outlet', string | null>;
  modifiedOn: string;
}

const CUSTOMER_OP_KINDS: readonly OpKind[] = ['createCustomer', 'updateCustomer', 'updateDeliveryAddress'];

/** The customer as a person is named: "Sam Nguyen", the company, or its number. */
export function customerName(customer: Pick<Customer, 'id' | 'first_name' | 'last_name' | 'company'>) {
  const person = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  return person || customer.company || (customer.id < 0 ? 'New customer' : `Customer ${customer.id}`);
}

/** Text that `<` orders naturally, ignoring case ("C9" before "C10"); missing text is null. */
export const naturalKey = (text: string | null) =>
  text ? text.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(12, '0')) : null;

export function customerKeysOf(customer: CachedCustomer): CustomerKeys {
  const listName =
    [customer.last_name, customer.first_name].filter(Boolean).join(', ') || customerName(customer);
  return {
    id: customer.id,
    number: customer.customer_number,
    name: listName,
    company: customer.company,
    email: customer.email,
    phone: customer.phone || customer.mobile || null,
    type: { id: customer.customer_type.id, name: customer.customer_type.name },
    outlet: { id: customer.home_outlet.id, name: customer.home_outlet.name },
    account: customer.account_customer.enabled,
    loyalty: customer.loyalty_program.enabled,
    salesChannels: customer.sales_channels.map((channel) => channel.id),
    pendingOps: customer._pendingOps ?? [],
    text: [
      customer.customer_number,
      customer.first_name,
      customer.last_name,
      customer.company,
      customer.email,
      customer.phone,
      customer.mobile,
    ]
      .filter(Boolean)
      .join('\n')
      .toLowerCase(),
    sort: {
      name: naturalKey(listName),
      number: naturalKey(customer.customer_number),
      company: naturalKey(customer.company),
      email: naturalKey(customer.email),
      type: naturalKey(customer.customer_type.name),
      outlet: naturalKey(customer.home_outlet.name),
    },
    modifiedOn: customer.modified_on,
  };
}

interface Projection {
  entries: Map<number, CustomerKeys>;
  /** The newest `modified_on` projected so far ('' before the first read). */
  watermark: string;
  /** Bumped by every refresh that changed the projection: a refresh that read before another applied reads again. */
  version: number;
}

const projections = new WeakMap<DockhandDb, Projection>();

function projectionOf(db: DockhandDb): Projection {
  let projection = projections.get(db);
  if (!projection) projections.set(db, (projection = { entries: new Map(), watermark: '', version: 0 }));
  return projection;
}

/** The customer ids the outbox's customer ops name (updates by path, creates by their temp id). */
function idsNamedBy(ops: readonly { params: Record<string, unknown>; createsTempId?: number }[]) {
  const ids = new Set<number>();
  for (const op of ops) {
    if (typeof op.params.id === 'number') ids.add(op.params.id);
    if (op.createsTempId !== undefined) ids.add(op.createsTempId);
  }
  return ids;
}

/** Rows read a chunk at a time: the window turns each chunk into objects between reads, never 20,000 at once. */
const FIRST_READ_CHUNK = 500;

async function rowsInChunks(db: DockhandDb, keys: readonly number[]): Promise<CachedCustomer[]> {
  const rows: CachedCustomer[] = [];
  for (let at = 0; at < keys.length; at += FIRST_READ_CHUNK) {
    const chunk = await db.customers.bulkGet(keys.slice(at, at + FIRST_READ_CHUNK));
    for (const row of chunk) if (row) rows.push(row);
  }
  return rows;
}

async function readChanges(db: DockhandDb, projection: Projection) {
  return db.transaction('r', db.customers, db.outbox, async () => {
    const keys = await db.customers.toCollection().primaryKeys();
    if (projection.entries.size === 0) return { keys, rows: await rowsInChunks(db, keys) };
    const ops = await db.outbox.where('kind').anyOf(CUSTOMER_OP_KINDS).toArray();
    const changed = await db.customers.where('modified_on').aboveOrEqual(projection.watermark).toArray();
    const wanted = idsNamedBy(ops);
    for (const key of keys) if (!projection.entries.has(key)) wanted.add(key);
    for (const row of changed) wanted.delete(row.id);
    const named = (await db.customers.bulkGet([...wanted])).filter((row) => row !== undefined);
    return { keys, rows: [...changed, ...named] };
  });
}

/**
 * Every cached customer's keys, up to date with the cache as one read transaction saw it. Call inside a
 * live query: its reads (the keys of the whole table) make every commit to customers re-run it.
 *
 * The rows read are turned into keys outside the transaction, giving the thread back as `budget` is spent
 * (the first read is 20,000 rows: one pass of string work that took a few hundred ms at 4× CPU throttle,
 * issue #24); the projection is then changed in one go, so a refresh never sees it half applied.
 */
export async function customerKeys(
  db: DockhandDb,
  budget: SliceBudget = new SliceBudget(),
): Promise<ReadonlyMap<number, CustomerKeys>> {
  const projection = projectionOf(db);
  for (;;) {
    const version = projection.version;
    const { keys, rows } = await readChanges(db, projection);
    const made = await mapInSlices(rows, customerKeysOf, budget);
    // Another refresh applied a newer read meanwhile: applying this older one could undo it.
    if (projection.version !== version) continue;
    const present = new Set(keys);
    for (const id of projection.entries.keys()) if (!present.has(id)) projection.entries.delete(id);
    for (const entry of made) projection.entries.set(entry.id, entry);
    for (const row of rows)
      if (row.modified_on > projection.watermark) projection.watermark = row.modified_on;
    projection.version++;
    return projection.entries;
  }
}

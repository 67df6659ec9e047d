/**
 * The customer list over the cache: the filters (customer type, home outlet, account customer, loyalty),
 * the search (number, name, company, email, phone) and the sort, applied to the in-memory keys of
 * ./customerIndex.ts, so a pulled page costs a read of what changed and one pass over 20,000 small
 * entries, never a read of every row. The filter choices come from the same keys.
 */
import { DEFAULT_SLICES, SliceBudget, type SlicePolicy } from '../yieldingRead';
import type { OpState } from '../ops';
import { NOTABLE_STATES, orderBadge, type OrderBadge } from '../recordBadge';
import type { DockhandDb } from '../schema';
import { customerKeys, type CustomerKeys } from './customerIndex';
import { CustomerOrder } from './customerOrder';

export const CUSTOMER_SORT_KEYS = ['name', 'number', 'company', 'email', 'type', 'outlet'] as const;
export type CustomerSortKey = (typeof CUSTOMER_SORT_KEYS)[number];
export interface CustomerSort {
  key: CustomerSortKey;
  direction: 'asc' | 'desc';
}

/** A yes/no filter: null shows both. */
export type YesNo = 'yes' | 'no';

export interface CustomerFilters {
  typeId: number | null;
  outletId: number | null;
  account: YesNo | null;
  loyalty: YesNo | null;
}

export const NO_CUSTOMER_FILTERS: CustomerFilters = {
  typeId: null,
  outletId: null,
  account: null,
  loyalty: null,
};

export interface CustomerListRow extends Omit<CustomerKeys, 'text' | 'sort' | 'pendingOps' | 'modifiedOn'> {
  badge: OrderBadge | null;
}

export interface Choice {
  value: number;
  label: string;
}

export interface CustomerList {
  rows: CustomerListRow[];
  /** Every cached customer, filtered or not. */
  total: number;
  /** The customer types and home outlets the cached customers name, by name. */
  types: Choice[];
  outlets: Choice[];
}

export function searchWords(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

const yesNoMatches = (filter: YesNo | null, value: boolean) =>
  filter === null || value === (filter === 'yes');

export function matches(keys: CustomerKeys, filters: CustomerFilters, words: readonly string[]): boolean {
  return (
    (filters.typeId === null || keys.type.id === filters.typeId) &&
    (filters.outletId === null || keys.outlet.id === filters.outletId) &&
    yesNoMatches(filters.account, keys.account) &&
    yesNoMatches(filters.loyalty, keys.loyalty) &&
    words.every((word) => keys.text.includes(word))
  );
}

/** Each database's list order, kept between runs so a pulled page re-sorts only what it changed. */
const orders = new WeakMap<DockhandDb, CustomerOrder>();

function orderOf(db: DockhandDb): CustomerOrder {
  let order = orders.get(db);
  if (!order) orders.set(db, (order = new CustomerOrder()));
  return order;
}

/**
 * A customer's row without a badge, made once per keys object (the projection replaces it on a change):
 * a run of the list no longer makes 20,000 new objects when a page changed 500 customers.
 */
const plainRows = new WeakMap<CustomerKeys, CustomerListRow>();

function rowOf(keys: CustomerKeys, stateOf: (id: string) => OpState | undefined): CustomerListRow {
  const plain = keys.pendingOps.length === 0 ? plainRows.get(keys) : undefined;
  if (plain) return plain;
  const { text: _text, sort: _sort, pendingOps, modifiedOn: _modified, ...row } = keys;
  if (pendingOps.length > 0) return { ...row, badge: orderBadge(pendingOps, stateOf) };
  const made = { ...row, badge: null };
  plainRows.set(keys, made);
  return made;
}

/** One collator for every sort (`localeCompare` sets one up per call). */
const collator = new Intl.Collator();

/** Notes a named choice the first time its id is seen. */
function note(labels: Map<number, string>, { id, name }: { id: number; name: string }, fallback: string) {
  if (!labels.has(id)) labels.set(id, name || `${fallback} ${id}`);
}

function choicesOf(labels: ReadonlyMap<number, string>): Choice[] {
  return [...labels]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The op states of the ops named, as far as a badge tells them apart (the rest read "Pending"). */
async function notableStates(db: DockhandDb): Promise<Map<string, OpState>> {
  const ops = await db.outbox.where('state').anyOf(NOTABLE_STATES).toArray();
  return new Map(ops.map((op) => [op.id, op.state]));
}

/**
 * The list as the filters, search and sort make it, with its filter choices. The pass over every customer
 * gives the thread back every few milliseconds (../yieldingRead.ts), so 20,000 customers are never
 * one task (issue #24: up to a second at 4× CPU throttle), and starts in a task of its own, not in the
 * IndexedDB callback of the last read. The choices are gathered in the same pass.
 */
export async function listCustomers(
  db: DockhandDb,
  filters: CustomerFilters,
  search: string,
  sort: CustomerSort | null,
  slices: SlicePolicy = DEFAULT_SLICES,
): Promise<CustomerList> {
  const budget = new SliceBudget(slices);
  const entries = await customerKeys(db, budget);
  const states = await notableStates(db);
  await budget.pause();
  const words = searchWords(search);
  // Sorted (incrementally) before filtering: the filter keeps the order, and the order outlives a filter.
  const all = await orderOf(db).of(entries, sort, budget);
  const stateOf = (id: string) => states.get(id);
  const rows: CustomerListRow[] = [];
  const types = new Map<number, string>();
  const outlets = new Map<number, string>();
  for (const keys of all) {
    if (matches(keys, filters, words)) rows.push(rowOf(keys, stateOf));
    note(types, keys.type, 'Customer type');
    note(outlets, keys.outlet, 'Outlet');
    const due = budget.tick();
    if (due) await due;
  }
  return { rows, total: all.length, types: choicesOf(types), outlets: choicesOf(outlets) };
}

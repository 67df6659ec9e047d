/**
 * Supplier and outlet choices as live state, for every list filter and form that names one (one
 * definition, so both name a supplier the same way). Call during component initialisation; `db` is a
 * getter so the queries follow a component's `db` prop, and `after` holds them back (the purchase order
 * list's first rows: IndexedDB answers a database's reads in turn, and the choices read every supplier).
 *
 * Both walk a whole index (the suppliers products name, the outlets orders name), so they re-run coalesced
 * (../lib/coalescedQuery.ts): during a first sync at most once every two seconds, not after each pulled slice.
 *
 * The suppliers are read only once something asks for them (issue #24): the list filters' supplier box
 * (src/components/form/ChoiceSearch.svelte) asks when it is opened or a supplier is chosen, so opening the
 * purchase order list mid-sync no longer reads 2,000 suppliers (a task of 250–460 ms on a loaded PC) for a
 * box nobody opened. A form's select asks as it is drawn, as before.
 */
import type { DockhandDb } from '../db/schema';
import { liveWith } from './live.svelte';
import { outletChoices, supplierChoices, type Choice } from '../db/parties';

export type { Choice } from '../db/parties';

export function partyOptions(
  db: () => DockhandDb,
  options: {
    enabledOnly?: boolean;
    /** Read nothing until this holds: a screen whose first rows matter more than its filters' choices. */
    after?: () => boolean;
  } = {},
) {
  const { enabledOnly, after = () => true } = options;
  // Set a microtask after the first ask: state may not change inside the template or derived that asked.
  let suppliersAsked = $state(false);
  const suppliers = liveWith(
    () => after() && suppliersAsked,
    (go) => (go ? supplierChoices(db(), { enabledOnly }) : []),
    [] as Choice[],
    { coalesce: { db, tables: ['suppliers', 'products'] } },
  );
  const outlets = liveWith(after, (go) => (go ? outletChoices(db(), { enabledOnly }) : []), [] as Choice[], {
    coalesce: { db, tables: ['outlets', 'purchaseOrders'] },
  });
  return {
    get suppliers() {
      if (!suppliersAsked) queueMicrotask(() => (suppliersAsked = true));
      return suppliers.current;
    },
    get outlets() {
      return outlets.current;
    },
  };
}

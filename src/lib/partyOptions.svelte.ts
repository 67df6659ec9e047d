/**
 * Supplier and outlet choices as live state, for every list filter and form that names one (one
 * definition, so both name a supplier the same way). Call during component initialisation; `db` is a
 * getter so the queries follow a component's `db` prop.
 */
import type { DockhandDb } from '../db/schema';
import { live } from './live.svelte';
import { outletChoices, supplierChoices, type Choice } from '../db/parties';

export type { Choice } from '../db/parties';

export function partyOptions(db: () => DockhandDb, options: { enabledOnly?: boolean } = {}) {
  const suppliers = live<Choice[]>(() => supplierChoices(db(), options), []);
  const outlets = live<Choice[]>(() => outletChoices(db(), options), []);
  return {
    get suppliers() {
      return suppliers.current;
    },
    get outlets() {
      return outlets.current;
    },
  };
}

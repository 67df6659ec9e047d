/**
 * A store port whose page stores (applyPulledPage) go through `applyPulledPage`; every other method is the
 * store's own. The run's wrappers are built on it: the tier gate (./tierGate.ts), the wait for the totals
 * (./puller.ts) and the run's memory of stored rows (./repeatedRows.ts).
 */
import type { StorePort } from '../../../../src/db/storePort';

export function withPageStore(store: StorePort, applyPulledPage: StorePort['applyPulledPage']): StorePort {
  const wrapped = Object.create(store) as StorePort;
  wrapped.applyPulledPage = applyPulledPage;
  return wrapped;
}

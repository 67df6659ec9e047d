/**
 * Taking an item off a supplier return (DOM-free, tested over fake-indexeddb).
 *
 * The API has no delete (nor update) of a return item: /supplierreturns/{id}/supplierreturnitems offers GET and
 * POST only (shared/seed/api-v2.1.md 4.11, src/api/endpoints), and the simulator the same. So an item the server
 * holds cannot be removed from Dockhand, and no op is invented for it. What can go is an item added here that
 * has not been sent yet: removing it discards its queued create through the sync engine (the sync centre's
 * discard: the op is marked discarded and its pending row undone in one transaction, refused while the
 * create is on its way), so it is never sent, offline or not. Undo queues the same item again, as a new create (./returnItems.ts, restoreReturnItem).
 */
import type { OpRecord, OpState } from '../ops';
import type { CachedReturnItem } from './returnRecords';

/** While the create is on its way its outcome is the server's: it can't be taken back then. */
const IN_FLIGHT: readonly OpState[] = ['sending', 'uncertain'];

export type ItemRemoval =
  | { kind: 'removable'; opId: string }
  | { kind: 'sending' }
  /** On the server (or created there by a sent op): the API can't take it off. */
  | { kind: 'on-server' };

/** Whether `item` can be removed, from the return's live ops (as loadSupplierReturn reads them). */
export function itemRemoval(item: Pick<CachedReturnItem, 'id'>, ops: readonly OpRecord[]): ItemRemoval {
  if (item.id > 0) return { kind: 'on-server' };
  const create = ops.find((op) => op.kind === 'createSupplierReturnItem' && op.createsTempId === item.id);
  if (!create) return { kind: 'on-server' };
  if (IN_FLIGHT.includes(create.state)) return { kind: 'sending' };
  return { kind: 'removable', opId: create.id };
}

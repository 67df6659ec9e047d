/**
 * How many ops of the outbox are in each state: the one count behind the store port's `countByState` (the
 * engine's status, the headless tools) and the status bar's live figures (src/components/status).
 */
import { OP_STATES } from './ops';
import type { DockhandDb } from './schema';
import { emptyCounts, type OpCounts } from './storePort';

/**
 * One read transaction, so an op moving between two states is never counted in both; each state is an
 * index count (`state`), never a read of the ops themselves.
 */
export function countOutbox(db: DockhandDb): Promise<OpCounts> {
  return db.transaction('r', db.outbox, async () => {
    const counts = emptyCounts();
    for (const state of OP_STATES) counts[state] = await db.outbox.where('state').equals(state).count();
    return counts;
  });
}

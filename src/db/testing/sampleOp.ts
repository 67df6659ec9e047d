/**
 * An op as the outbox holds it, for tests that need ops in given states and care little what they change:
 * a supplier's notes, labelled "Change <id>". One home, so the outbox's record shape is written once in tests.
 */
import type { OpRecord } from '../ops';

export function sampleOp(id: string, more: Partial<OpRecord> = {}): OpRecord {
  return {
    id,
    kind: 'updateSupplier',
    aggregate: `supplier:${id}`,
    params: { id: 41 },
    body: { notes: id },
    dependsOnTempIds: [],
    state: 'queued',
    attempts: 0,
    createdAt: '2026-03-10T09:30:00.000Z',
    label: `Change ${id}`,
    ...more,
  };
}

/**
 * The pieces every create's reconciliation is made of (docs/architecture.md, "Sync state machine"): a window
 * that surely contains the lost attempt, and the one rule for deciding: exactly one candidate is the
 * attempt's record, none means it never happened, several go to the user. The lookups themselves read via
 * ./lookup.
 */
import type { OpRecord } from '../../../../src/db/ops';
import type { ReconcileOutcome } from '../opKind';

/**
 * How far before `lastAttemptAt` a created record may be stamped. The server stamps with its own clock; a
 * client clock ahead of it would otherwise hide the record and turn an applied create into a duplicate,
 * whereas a wider window only risks more candidates (ambiguous, which the user settles).
 */
export const RECONCILE_SKEW_MS = 5 * 60_000;

/** The earliest `created_on` the op's last attempt can have produced, as an ISO date-time. */
export function attemptWindowStart(op: Pick<OpRecord, 'lastAttemptAt' | 'createdAt'>): string {
  // Without a write-ahead time (never expected for an uncertain op), the op's creation is a safe lower bound.
  const start = Date.parse(op.lastAttemptAt ?? op.createdAt);
  return new Date(start - RECONCILE_SKEW_MS).toISOString();
}

/** Exactly one → that record; none → it did not happen; several → never a guess. */
export function decide(candidates: readonly unknown[], what: string): ReconcileOutcome {
  if (candidates.length === 1) return { outcome: 'applied', result: candidates[0] };
  if (candidates.length === 0) return { outcome: 'absent' };
  return {
    outcome: 'ambiguous',
    reason: `${candidates.length} ${what} match the request whose response was lost; choose the one it created`,
    candidates: [...candidates],
  };
}

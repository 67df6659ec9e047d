/**
 * The pieces every create's reconciliation is made of (docs/architecture.md, "Sync state machine"): a window
 * that surely contains the lost attempt, and the one rule for deciding: exactly one candidate is the
 * attempt's record, none means it never happened, several go to the user. The lookups themselves read via
 * ./lookup.
 */
import type { OpRecord } from '../../../../src/db/ops';
import type { OpRunContext, ReconcileOutcome } from '../opKind';

/**
 * How far before the attempt's server time a created record may be stamped. The attempt's time is the
 * server's own (below), so this only covers servers that disagree among themselves (several behind one
 * address) or a client that cannot read the server's time; a wider window only risks more candidates
 * (ambiguous, which the user settles), a narrower one a duplicate.
 */
export const RECONCILE_SKEW_MS = 5 * 60_000;

/**
 * The earliest `created_on` the op's last attempt can have produced, as an ISO date-time on the server's
 * clock. The write-ahead mark (`lastAttemptAt`) is this PC's time, which may run fast or have been set since:
 * taken as it is, a PC clock 10 minutes fast starts the search after the record was stamped, finds nothing,
 * and the create is sent twice. The API client turns it into the server's time (electron/core/api/
 * serverClock.ts: every response's `Date`, the smallest offset seen lately), never later than the truth.
 */
export async function attemptWindowStart(
  context: OpRunContext,
  op: Pick<OpRecord, 'lastAttemptAt' | 'createdAt'>,
): Promise<string> {
  // Without a write-ahead time (never expected for an uncertain op), the op's creation is a safe lower bound.
  const attempt = Date.parse(op.lastAttemptAt ?? op.createdAt);
  // A client that cannot tell the server's time (a test double, a server sending no Date): the PC's clock.
  const onServer = (await context.client.serverTime?.at(attempt, context.signal)) ?? attempt;
  return new Date(onServer - RECONCILE_SKEW_MS).toISOString();
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

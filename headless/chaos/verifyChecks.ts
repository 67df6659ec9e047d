/**
 * What the verifier (./verify.ts) hands its parts (./verifyReceipts.ts, ./verifyStates.ts): each ledger
 * entry with the op it became, and the hooks that judge an entry. Kept below all three so the parts need not
 * import the verifier that calls them.
 */
import type { OpRecord } from '../../src/db/ops';
import type { LedgerEntry } from './ledger';
import type { ServerView } from './serverView';

export type Entry = LedgerEntry & { op: OpRecord | undefined };

export interface Checks {
  entries: Entry[];
  done(e: Entry): boolean;
  serverId(id: number): number | undefined;
  server: ServerView;
  lose(e: Entry, why: string): void;
  apply(e: Entry): void;
}

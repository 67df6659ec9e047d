/**
 * Why a record's queued change waits for the user, in a clerk's words: the server refused it (said by the
 * one translator, ./rejectionWords.ts: which line, which field, what it must be), it conflicts with a change made on the server, or
 * it is held behind another change. Any record page shows this (components/status/SyncNotice.svelte) for
 * the worst of its live ops, as the sync centre does for every op. Pure: no DOM, no Dexie.
 */
import type { OpRecord } from '../db/ops';
import { fieldLabel } from './fieldLabels';
import { NO_NAMES, rejectionOf, type LineNames, type RejectedField } from './rejectionWords';

export interface RecordTrouble {
  op: OpRecord;
  kind: 'failed' | 'conflicted' | 'blocked';
  /** One sentence: why the change has not reached the server. */
  summary: string;
  /** The server's complaints per field, each a sentence naming the line and field in words. */
  fields: RejectedField[];
}

/** Why an op waits for the user, said for the clerk: field names in words, never as JSON paths. */
export function troubleOf(op: OpRecord, names: LineNames = NO_NAMES): RecordTrouble | null {
  const label = (path: string) => fieldLabel(op.kind, path);
  const rejection = rejectionOf(op, names);
  const fields = rejection.fields;
  if (op.state === 'conflicted') {
    const changed = (op.conflicts ?? []).map((conflict) => label(conflict.field));
    return {
      op,
      kind: 'conflicted',
      summary: `Someone changed ${changed.join(', ')} on the server too. Choose which value to keep.`,
      fields: [],
    };
  }
  if (op.state === 'failed') return { op, kind: 'failed', summary: rejection.summary, fields };
  if (op.state === 'blocked') {
    // The engine's reason is a sentence naming what it waits for ("Waiting for "Invoice D-1…" to be sent.").
    const summary = op.reason ?? 'Waiting for an earlier change to reach the server first.';
    return { op, kind: 'blocked', summary, fields };
  }
  return null;
}

/** Worst first, as the badge ranks them. */
const TROUBLE_ORDER: readonly OpRecord['state'][] = ['failed', 'conflicted', 'blocked'];

/** The trouble of the worst of a record's live ops, or null when none waits for the user. */
export function worstTrouble(ops: readonly OpRecord[]): RecordTrouble | null {
  const troubled = TROUBLE_ORDER.map((state) => ops.find((op) => op.state === state)).find(Boolean);
  return troubled ? troubleOf(troubled) : null;
}

/**
 * Why a record's queued change waits for the user, in a clerk's words: the server refused it (with its
 * complaints per field, each field named as on the form), it conflicts with a change made on the server, or
 * it is held behind another change. Any record page shows this (components/status/SyncNotice.svelte) for
 * the worst of its live ops, as the sync centre does for every op. Pure: no DOM, no Dexie.
 */
import type { OpRecord } from '../db/ops';
import { fieldLabel } from './fieldLabels';

export interface RecordTrouble {
  op: OpRecord;
  kind: 'failed' | 'conflicted' | 'blocked';
  /** One sentence: why the change has not reached the server. */
  summary: string;
  /** The server's complaints per field, each field named in words. */
  fields: { label: string; messages: string[] }[];
}

/** Why an op waits for the user, said for the clerk: field names in words, never as JSON paths. */
export function troubleOf(op: OpRecord): RecordTrouble | null {
  const label = (path: string) => fieldLabel(op.kind, path);
  const fields = Object.entries(op.problem?.errors ?? {}).map(([path, messages]) => ({
    label: label(path),
    messages,
  }));
  if (op.state === 'conflicted') {
    const names = (op.conflicts ?? []).map((conflict) => label(conflict.field));
    return {
      op,
      kind: 'conflicted',
      summary: `Someone changed ${names.join(', ')} on the server too. Choose which value to keep.`,
      fields: [],
    };
  }
  if (op.state === 'failed') {
    const said = op.problem?.detail ?? op.problem?.title ?? op.reason ?? 'The server refused this change.';
    return { op, kind: 'failed', summary: said, fields };
  }
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

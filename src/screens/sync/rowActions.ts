/**
 * What the sync centre offers on one queued change, and how an open edit and "Retry" agree.
 *
 * The rule: while the user has an edit open on a change, the row's Retry is not available. Retry would send
 * the change as it was and, once the change left the editable states, close the editor and drop the edit
 * (the bug issue #11 names). Saving the edit first was the alternative, but a half-typed edit may not be
 * valid, and a button labelled "Retry" should not send what the user has not yet decided to save. So the
 * editor's own "Save and retry" is the one retry while it is open, and Cancel gives Retry back.
 *
 * The editor also stays open when the change moves on under it (retried from another window, sent): what
 * the user typed stays on screen, and the editor says whether saving can still apply it.
 */
import type { OpRecord } from '../../db/ops';

type OpView = Pick<OpRecord, 'state' | 'nextAttemptAt'>;

export interface RowActions {
  retry: { shown: boolean; enabled: boolean; label: string; hint?: string };
  edit: { shown: boolean };
  discard: { shown: boolean };
}

export const RETRY_WHILE_EDITING =
  'An edit is open: "Save and retry" sends it, or Cancel it to retry the change as it was.';

/** States whose body an edit can still replace before it is sent (src/db/storePort.ts editAndRetry). */
const EDITABLE_UNSENT: readonly OpRecord['state'][] = ['failed', 'conflicted', 'queued', 'blocked'];

export function rowActions(op: OpView, editorOpen: boolean): RowActions {
  const retryable = op.state === 'failed' || (op.state === 'queued' && op.nextAttemptAt !== undefined);
  return {
    retry: {
      shown: retryable,
      enabled: retryable && !editorOpen,
      label: op.state === 'failed' ? 'Retry' : 'Retry now',
      ...(retryable && editorOpen ? { hint: RETRY_WHILE_EDITING } : {}),
    },
    edit: { shown: op.state === 'failed' || op.state === 'conflicted' || editorOpen },
    discard: { shown: !['done', 'discarded', 'sending', 'uncertain'].includes(op.state) },
  };
}

/**
 * What the open editor says about the change as it is now: nothing while the edit can be saved as usual,
 * a warning once saving can no longer apply it (sent meanwhile), a note while it waits to be sent anyway.
 */
export function editorNotice(op: OpView): { kind: 'stale' | 'requeued'; text: string } | null {
  if (op.state === 'failed' || op.state === 'conflicted') return null;
  if (EDITABLE_UNSENT.includes(op.state)) {
    return {
      kind: 'requeued',
      text: 'This change is queued to be sent again as it was. Save now to send your edit instead.',
    };
  }
  return {
    kind: 'stale',
    text:
      'This change was sent meanwhile, so your edit can no longer replace it. Your edit stays here: copy ' +
      'it from the fields (or Technical details) if you still need it, then close the editor.',
  };
}

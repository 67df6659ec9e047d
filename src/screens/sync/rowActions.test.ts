/**
 * The sync centre's row actions: an open edit and Retry never disagree (Retry waits while the edit is
 * open), the editor stays with the user's edit when the change moves on under it, and the sync now answer
 * reads as words.
 */
import { describe, expect, it } from 'vitest';
import { editorNotice, RETRY_WHILE_EDITING, rowActions } from './rowActions';
import { syncNowNotice } from './syncNowNotice';

const failed = { state: 'failed' as const };
const backingOff = { state: 'queued' as const, nextAttemptAt: '2026-03-02T08:00:05.000Z' };

describe('row actions', () => {
  it('offers Retry on a failed change, and not while an edit of it is open', () => {
    expect(rowActions(failed, false).retry).toEqual({ shown: true, enabled: true, label: 'Retry' });
    expect(rowActions(failed, true).retry).toEqual({
      shown: true,
      enabled: false,
      label: 'Retry',
      hint: RETRY_WHILE_EDITING,
    });
  });

  it('offers "Retry now" on a change waiting for its backoff, held the same way while editing', () => {
    expect(rowActions(backingOff, false).retry).toMatchObject({
      shown: true,
      enabled: true,
      label: 'Retry now',
    });
    expect(rowActions(backingOff, true).retry).toMatchObject({ enabled: false, hint: RETRY_WHILE_EDITING });
  });

  it('offers no Retry on changes the engine is handling or the user must resolve first', () => {
    for (const state of ['queued', 'sending', 'uncertain', 'conflicted', 'blocked', 'done'] as const) {
      expect(rowActions({ state }, false).retry.shown).toBe(false);
    }
  });

  it('keeps the editor reachable while it is open, whatever the change became', () => {
    expect(rowActions({ state: 'conflicted' }, false).edit.shown).toBe(true);
    expect(rowActions({ state: 'queued' }, false).edit.shown).toBe(false);
    expect(rowActions({ state: 'queued' }, true).edit.shown).toBe(true);
    expect(rowActions({ state: 'done' }, true).edit.shown).toBe(true);
  });

  it('never offers discard on a change that is being sent or finished', () => {
    for (const state of ['sending', 'uncertain', 'done', 'discarded'] as const) {
      expect(rowActions({ state }, false).discard.shown).toBe(false);
    }
    for (const state of ['queued', 'blocked', 'failed', 'conflicted'] as const) {
      expect(rowActions({ state }, false).discard.shown).toBe(true);
    }
  });
});

describe('the open editor as the change moves on', () => {
  it('says nothing while the change waits for the user', () => {
    expect(editorNotice(failed)).toBeNull();
    expect(editorNotice({ state: 'conflicted' })).toBeNull();
  });

  it('says saving still replaces the change while it is queued again but not yet sent', () => {
    expect(editorNotice({ state: 'queued' })).toMatchObject({ kind: 'requeued' });
    expect(editorNotice({ state: 'blocked' })).toMatchObject({ kind: 'requeued' });
  });

  it('says the edit can no longer apply once the change was sent, keeping it on screen', () => {
    for (const state of ['sending', 'uncertain', 'done', 'discarded'] as const) {
      const notice = editorNotice({ state });
      expect(notice?.kind).toBe('stale');
      expect(notice?.text).toMatch(/copy it from the fields \(or Technical details\)/);
    }
  });
});

describe('the sync now answer in words', () => {
  it('says it is syncing, or why not, or that the command failed', () => {
    expect(syncNowNotice({ ok: true, value: { started: true } })).toMatchObject({ kind: 'info' });
    expect(
      syncNowNotice({
        ok: true,
        value: { started: false, reason: 'Nothing to do yet: this computer is offline.' },
      }),
    ).toEqual({ kind: 'offline', text: 'Nothing to do yet: this computer is offline.' });
    expect(
      syncNowNotice({
        ok: false,
        error: { code: 'not_connected', message: 'Not connected: sync is not running.' },
      }),
    ).toEqual({ kind: 'warning', text: 'Sync now failed: Not connected: sync is not running.' });
  });
});

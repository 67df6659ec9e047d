/**
 * The window is told nothing about sync before the engine says something true (issue #26: a window opened
 * offline showed "Online · Syncing…" from the status hub's placeholders).
 */
import { describe, expect, it } from 'vitest';
import { placeholderSyncStatus } from '../../../src/bridge/syncStatus';
import type { SyncStatus } from '../sync/types';
import { statusOnceKnown } from './engineSession';

function fakeHub(initial: SyncStatus) {
  let status = initial;
  const listeners = new Set<(status: SyncStatus) => void>();
  return {
    get: () => status,
    subscribe(listener: (status: SyncStatus) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(patch: Partial<SyncStatus>) {
      status = { ...status, ...patch };
      for (const listener of listeners) listener(status);
    },
    listeners: () => listeners.size,
  };
}

const PLACEHOLDER = placeholderSyncStatus();

describe('statusOnceKnown', () => {
  it('holds back what the hub says before the engine runs, then passes everything on', () => {
    const hub = fakeHub(PLACEHOLDER);
    const pushed: SyncStatus[] = [];
    const shown = statusOnceKnown(hub, (status) => pushed.push(status));
    // The pull describes its cursors during the start: still the placeholder's "online".
    hub.publish({ pullProgress: { customers: { done: 0, total: 10, finished: false } } });
    expect(pushed).toEqual([]);
    expect(shown.current()).toBeNull();

    // The start publishes what connectivity found: offline.
    hub.publish({ running: true, online: false, activity: 'offline', pausedReason: 'offline' });
    expect(pushed.map((s) => [s.running, s.online])).toEqual([[true, false]]);
    expect(shown.current()?.online).toBe(false);
    shown.startSettled();
    expect(pushed).toHaveLength(1);

    // Later statuses go through, a stop included.
    hub.publish({ running: false, activity: 'stopped' });
    expect(pushed.map((s) => s.activity)).toEqual(['offline', 'stopped']);
    shown.stop();
    expect(hub.listeners()).toBe(0);
  });

  it('a start that failed opens the gate with the hub’s status (stopped)', () => {
    const hub = fakeHub(PLACEHOLDER);
    const pushed: SyncStatus[] = [];
    const shown = statusOnceKnown(hub, (status) => pushed.push(status));
    hub.publish({ storeTrouble: { failures: 1, lastError: 'QuotaExceededError' } });
    expect(pushed).toEqual([]);
    shown.startSettled();
    expect(pushed.map((s) => [s.running, s.storeTrouble?.lastError])).toEqual([
      [false, 'QuotaExceededError'],
    ]);
    expect(shown.current()?.running).toBe(false);
  });

  it('nothing after stop, even when the start settles late', () => {
    const hub = fakeHub(PLACEHOLDER);
    const pushed: SyncStatus[] = [];
    const shown = statusOnceKnown(hub, (status) => pushed.push(status));
    shown.stop();
    shown.startSettled();
    hub.publish({ running: true });
    expect(pushed).toEqual([]);
  });
});

/**
 * The status stream's throttle: a burst from the engine reaches the renderer as at most one event per
 * interval, the newest one always arrives, and what arrives matches the bridge contract. Time is a manual
 * clock the test steps, so the checks hold however slow the machine is.
 */
import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../src/bridge/contract';
import { idleSyncStatus } from '../../../src/bridge/testing/syncStatus';
import type { SyncStatus } from '../sync/types';
import { SILENT_APP_LOGGER } from './logger';
import type { RendererLink } from './rendererLink';
import { createStatusForwarder, statusStateKey, statusView, type ForwarderClock } from './statusForwarder';

function status(pending: number, extra: Partial<SyncStatus> = {}): SyncStatus {
  return idleSyncStatus({ counts: { ...idleSyncStatus().counts, pending }, activity: 'pushing', ...extra });
}

/** A clock whose time moves only when the test says; due timers fire in order as it passes them. */
function manualClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: ForwarderClock = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
  };
  function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = end;
  }
  return { clock, advance, pendingTimers: () => timers.size };
}

function recordingLink(clock: ForwarderClock) {
  const events: { at: number; event: BridgeEvent }[] = [];
  const link: RendererLink = {
    label: 'test',
    closed: false,
    emit: (event) => events.push({ at: clock.now(), event }),
    requestStore: () => Promise.reject(new Error('unused')),
  };
  return { link, events };
}

const pendingOf = (event: BridgeEvent) => (event.event === 'sync.status' ? event.payload.counts.pending : -1);

describe('createStatusForwarder', () => {
  it('sends the first status at once, then at most one per interval, ending with the newest', () => {
    const { clock, advance, pendingTimers } = manualClock();
    const { link, events } = recordingLink(clock);
    const forwarder = createStatusForwarder(link, SILENT_APP_LOGGER, 50, clock);

    // A burst of 200 statuses over 200 ms: one every millisecond.
    for (let i = 1; i <= 200; i++) {
      forwarder.push(status(i));
      if (i === 1) expect(events.map((e) => pendingOf(e.event))).toEqual([1]);
      advance(1);
    }
    advance(50);

    const sent = events.map((e) => ({ at: e.at, pending: pendingOf(e.event) }));
    // Sent at 0, then as each window opens, each time the newest status pushed by then.
    expect(sent).toEqual([
      { at: 0, pending: 1 },
      { at: 50, pending: 50 },
      { at: 100, pending: 100 },
      { at: 150, pending: 150 },
      { at: 200, pending: 200 },
    ]);
    expect(pendingTimers()).toBe(0);

    // Quiet for longer than the interval: the next status goes at once again.
    advance(500);
    forwarder.push(status(201));
    expect(events.at(-1)).toEqual({ at: 750, event: expect.anything() });
    expect(pendingOf(events.at(-1)!.event)).toBe(201);
    forwarder.dispose();
  });

  it('holds a status pushed inside the window until the window opens, replacing older waiting ones', () => {
    const { clock, advance } = manualClock();
    const { link, events } = recordingLink(clock);
    const forwarder = createStatusForwarder(link, SILENT_APP_LOGGER, 100, clock);
    forwarder.push(status(1));
    advance(30);
    forwarder.push(status(2));
    forwarder.push(status(3));
    advance(69);
    expect(events).toHaveLength(1);
    advance(1);
    expect(events.map((e) => [e.at, pendingOf(e.event)])).toEqual([
      [0, 1],
      [100, 3],
    ]);
    forwarder.dispose();
  });

  it('flush sends the waiting status now; nothing after dispose', () => {
    const { clock, advance, pendingTimers } = manualClock();
    const { link, events } = recordingLink(clock);
    const forwarder = createStatusForwarder(link, SILENT_APP_LOGGER, 1_000, clock);
    forwarder.push(status(1));
    forwarder.push(status(2, { running: false, activity: 'stopped' }));
    expect(events).toHaveLength(1);
    forwarder.flush();
    expect(events.map((e) => pendingOf(e.event))).toEqual([1, 2]);
    expect(pendingTimers()).toBe(0);
    forwarder.push(status(3));
    expect(pendingTimers()).toBe(1);
    forwarder.dispose();
    expect(pendingTimers()).toBe(0);
    forwarder.flush();
    forwarder.push(status(4));
    advance(5_000);
    expect(events).toHaveLength(2);
  });

  /** A status during a first sync, `done` rows of 10,000 pulled. */
  function pulling(done: number, extra: Partial<SyncStatus> = {}): SyncStatus {
    return status(0, {
      activity: 'pulling',
      pullProgress: { customers: { done, total: 10_000, finished: false, etaMs: 10_000 - done } },
      pull: {
        tier: 'background',
        dockReady: true,
        firstSync: true,
        done,
        total: 10_000,
        etaMs: 10_000 - done,
      },
      ...extra,
    });
  }
  const doneOf = (event: BridgeEvent) => (event.event === 'sync.status' ? event.payload.pull.done : -1);

  it('sends progress-only ticks at most once per progress interval, the newest figures last', () => {
    const { clock, advance } = manualClock();
    const { link, events } = recordingLink(clock);
    const forwarder = createStatusForwarder(link, SILENT_APP_LOGGER, 100, clock, 400);
    // 2,000 ticks over two seconds: rows landing one page at a time, figures only.
    for (let i = 1; i <= 2_000; i++) {
      forwarder.push(pulling(i));
      advance(1);
    }
    advance(400);
    const sent = events.map((e) => [e.at, doneOf(e.event)]);
    expect(sent).toEqual([
      [0, 1],
      [400, 400],
      [800, 800],
      [1_200, 1_200],
      [1_600, 1_600],
      [2_000, 2_000],
    ]);
    forwarder.dispose();
  });

  it('sends a change of state within the short interval, even among progress ticks', () => {
    const { clock, advance } = manualClock();
    const { link, events } = recordingLink(clock);
    const forwarder = createStatusForwarder(link, SILENT_APP_LOGGER, 100, clock, 400);
    forwarder.push(pulling(1));
    advance(150);
    forwarder.push(pulling(150));
    advance(10);
    // The network goes: the tick waiting for 400 ms is replaced by this change, which goes at once.
    forwarder.push(pulling(160, { online: false, activity: 'offline' }));
    expect(events.map((e) => [e.at, doneOf(e.event)])).toEqual([
      [0, 1],
      [160, 160],
    ]);
    // A progress tick right after it does not undo the change's hurry, nor send before the window opens.
    advance(20);
    forwarder.push(pulling(180, { online: false, activity: 'offline' }));
    advance(79);
    expect(events).toHaveLength(2);
    advance(400);
    expect(events.map((e) => [e.at, doneOf(e.event)])).toEqual([
      [0, 1],
      [160, 160],
      [560, 180],
    ]);
    // A change replaced while waiting by a tick that looks like progress only (the network came back at
    // once) keeps its hurry: it goes when the short interval opens, not the long one.
    advance(1_000);
    forwarder.push(pulling(200));
    expect(events.at(-1)!.at).toBe(1_659);
    advance(10);
    forwarder.push(pulling(210, { online: false, activity: 'offline' }));
    forwarder.push(pulling(220));
    advance(90);
    expect(events.at(-1)!.at).toBe(1_759);
    expect(doneOf(events.at(-1)!.event)).toBe(220);
    forwarder.dispose();
  });

  it('tells progress from state: figures are not state, anything else is', () => {
    expect(statusStateKey(pulling(1))).toBe(statusStateKey(pulling(9_000)));
    expect(statusStateKey(pulling(1))).not.toBe(statusStateKey(pulling(1, { online: false })));
    const finished = pulling(10_000);
    finished.pullProgress.customers!.finished = true;
    expect(statusStateKey(finished)).not.toBe(statusStateKey(pulling(10_000)));
  });

  it('emits the contract’s view: no undefined optionals', () => {
    const view = statusView(status(0, { pausedReason: undefined }));
    expect(Object.hasOwn(view, 'pausedReason')).toBe(false);
    expect(statusView(status(0, { pausedReason: 'offline' })).pausedReason).toBe('offline');
  });
});

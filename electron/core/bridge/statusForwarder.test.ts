/**
 * The status stream's throttle: a burst from the engine reaches the renderer as at most one event per
 * interval, the newest one always arrives, and what arrives matches the bridge contract.
 */
import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../src/bridge/contract';
import type { SyncStatus } from '../sync/types';
import { SILENT_APP_LOGGER } from './logger';
import type { RendererLink } from './rendererLink';
import { createStatusForwarder, statusView } from './statusForwarder';

function status(pending: number, extra: Partial<SyncStatus> = {}): SyncStatus {
  return {
    running: true,
    online: true,
    authenticated: true,
    pausedReason: undefined,
    counts: { pending, sending: 0, failed: 0, blocked: 0, conflicted: 0, uncertain: 0 },
    activity: 'pushing',
    lastPull: {},
    pullProgress: {},
    watchdog: { stuck: false },
    ...extra,
  };
}

function recordingLink() {
  const events: { at: number; event: BridgeEvent }[] = [];
  const link: RendererLink = {
    label: 'test',
    closed: false,
    emit: (event) => events.push({ at: Date.now(), event }),
    requestStore: () => Promise.reject(new Error('unused')),
  };
  return { link, events };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pendingOf = (event: BridgeEvent) => (event.event === 'sync.status' ? event.payload.counts.pending : -1);

describe('createStatusForwarder', () => {
  it('sends the first status at once, then at most one per interval, ending with the newest', async () => {
    const { link, events } = recordingLink();
    const forwarder = createStatusForwarder(link, SILENT_APP_LOGGER, 50);
    for (let i = 1; i <= 200; i++) {
      forwarder.push(status(i));
      if (i % 20 === 0) await sleep(5);
    }
    await sleep(80);
    expect(pendingOf(events[0]!.event)).toBe(1);
    expect(pendingOf(events.at(-1)!.event)).toBe(200);
    expect(events.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < events.length; i++) {
      expect(events[i]!.at - events[i - 1]!.at).toBeGreaterThanOrEqual(45);
    }
    forwarder.dispose();
  });

  it('flush sends the waiting status now; nothing after dispose', async () => {
    const { link, events } = recordingLink();
    const forwarder = createStatusForwarder(link, SILENT_APP_LOGGER, 1_000);
    forwarder.push(status(1));
    forwarder.push(status(2, { running: false, activity: 'stopped' }));
    expect(events).toHaveLength(1);
    forwarder.flush();
    expect(events.map((e) => pendingOf(e.event))).toEqual([1, 2]);
    forwarder.push(status(3));
    forwarder.dispose();
    forwarder.flush();
    await sleep(20);
    expect(events).toHaveLength(2);
  });

  it('emits the contract’s view: no undefined optionals', () => {
    const view = statusView(status(0, { pausedReason: undefined }));
    expect(Object.hasOwn(view, 'pausedReason')).toBe(false);
    expect(statusView(status(0, { pausedReason: 'offline' })).pausedReason).toBe('offline');
  });
});

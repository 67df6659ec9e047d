import { describe, expect, it } from 'vitest';
import type { SyncStatusView } from '../../bridge/contract';
import {
  SAVED_HERE,
  lastSyncText,
  pullStageText,
  pullStallText,
  receiptSentText,
  waitingText,
} from './syncWords';

type PullView = SyncStatusView['pull'];
const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const pull = (more: Partial<PullView>): PullView => ({
  tier: 'idle',
  dockReady: false,
  firstSync: true,
  done: 0,
  total: 0,
  ...more,
});

describe('last sync', () => {
  it('says the first sync is under way rather than a time, until a whole pull completed', () => {
    expect(lastSyncText(pull({ tier: 'background', dockReady: true }), NOW)).toBe('first sync under way');
    expect(lastSyncText(undefined, NOW)).toBe('…');
  });

  it('says when the last whole pull ended, even right after a restart', () => {
    const at = new Date(NOW - 3 * 60_000).toISOString();
    expect(lastSyncText(pull({ firstSync: false, dockReady: true, lastSyncAt: at }), NOW)).toBe('3 min ago');
    expect(lastSyncText(pull({ firstSync: false, dockReady: true }), NOW)).toBe('never');
  });
});

describe('first sync stage', () => {
  it('names the open orders first, then dock-ready, with rows and time left; nothing once it is over', () => {
    expect(pullStageText(pull({ tier: 'dock', done: 10, total: 400, etaMs: 90_000 }))).toBe(
      'Getting open orders first (10 of 400 rows, about 2 min left)',
    );
    expect(pullStageText(pull({ tier: 'background', dockReady: true, done: 400, total: 400 }))).toBe(
      'Dock-ready: open orders are in; history still downloading (400 of 400 rows)',
    );
    expect(pullStageText(pull({ tier: 'dock' }))).toBe('Getting open orders first');
    expect(pullStageText(pull({ firstSync: false, dockReady: true }))).toBeNull();
  });
});

describe('a stalled pull', () => {
  const inS = (s: number) => new Date(NOW + s * 1_000).toISOString();

  it('says this PC is slow to save, and when it retries, in place of the stage', () => {
    const stalled = pull({
      tier: 'background',
      dockReady: true,
      done: 1_000,
      total: 31_575,
      stalled: { reason: 'store-slow', retryAt: inS(20), resources: ['supplierInvoices'] },
    });
    expect(pullStallText(stalled, NOW)).toBe(
      'This PC is slow to save the downloaded data — retrying in 20 s',
    );
    expect(pullStageText(stalled, NOW)).toBe(pullStallText(stalled, NOW));
    // No clock: no countdown, still stalled; once its time has come: now.
    expect(pullStageText(stalled)).toBe('This PC is slow to save the downloaded data — retrying');
    expect(pullStallText(stalled, NOW + 20_000)).toMatch(/retrying now$/);
  });

  it('names what failed after a failed pass, and says so after the first sync too', () => {
    const failed = pull({
      firstSync: false,
      dockReady: true,
      stalled: { reason: 'failed', retryAt: inS(90), resources: ['customers', 'byId'] },
    });
    expect(pullStageText(failed, NOW)).toBe(
      'Part of the download failed (customers, suppliers and outlets) — trying again in 2 min',
    );
    expect(pullStallText(pull({ firstSync: false }), NOW)).toBeNull();
  });
});

describe('waiting text', () => {
  it('says "sent when Dockhand is online" only while offline; online, that it waits or is being sent', () => {
    expect(waitingText(false)).toBe(
      'Saved on this computer; it is sent to the server when Dockhand is online.',
    );
    expect(waitingText(true)).toBe('Saved on this computer; waiting to be sent to the server.');
    expect(waitingText(true, true)).toBe('Saved on this computer; sending it to the server…');
    expect(waitingText(undefined)).not.toContain('online');
  });

  it('a form that does not follow the connection never claims it is offline; the receipt toast follows it', () => {
    expect(SAVED_HERE).not.toMatch(/when Dockhand is online/);
    expect(receiptSentText(false)).toBe('It is sent to the server when Dockhand is online.');
    expect(receiptSentText(true)).toBe('Dockhand sends it to the server now.');
    expect(receiptSentText(undefined)).not.toMatch(/when Dockhand is online/);
  });
});

/**
 * The update commands and events through the main bridge, as the renderer sees them: validated against the
 * contract at both ends (the test renderer parses every event with the contract's schema). With no update
 * service (the browser host) every command says updates come with the desktop app; with one (Electron,
 * packaged) its status reaches every renderer as `update.status` events. The service runs a real
 * electron-updater against a real local feed (../update/testing.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../sync/testing/fetches';
import { memoryUpdateSettings } from '../update/settingsFile';
import { realUpdater, startFeedServer, type FeedServer } from '../update/testing';
import { BROWSER_HOST_REASON } from '../update/unsupported';
import { createUpdateService } from '../update/updateService';
import type { DemoSimulator } from './demo';
import { bridgeHarness, type BridgeHarness } from './testing/harness';

let feed: FeedServer;
let h: BridgeHarness<DemoSimulator>;
beforeAll(async () => {
  feed = await startFeedServer();
});
afterAll(() => feed.close());
afterEach(async () => {
  await h.bridge.close();
  for (const renderer of h.renderers) expect(renderer.invalidEvents).toEqual([]);
});

describe('main bridge: updates', () => {
  it('without an updater (the browser host) says updates come with the desktop app, and installs nothing', async () => {
    h = bridgeHarness();
    const r = h.renderer('tab 1');
    const expected = {
      supported: false,
      unsupportedReason: BROWSER_HOST_REASON,
      currentVersion: '0.0.0-test',
    };
    expect(await r.invoke('update.status')).toMatchObject({ ok: true, value: expected });
    expect(await r.invoke('update.check')).toMatchObject({ ok: true, value: expected });
    expect(await r.invoke('update.install')).toEqual({
      ok: true,
      value: { started: false, reason: BROWSER_HOST_REASON },
    });
    expect(await r.invoke('update.setChannel', { channel: 'nightly' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
  });

  it('with an updater, a check found and downloaded reaches every renderer as update.status events', async () => {
    feed.publish({ version: '3.1.0', releaseNotes: 'Credit notes.' });
    let prepared = 0;
    const updates = await createUpdateService({
      updater: realUpdater(feed.url, '3.0.0').updater,
      settings: memoryUpdateSettings(),
      prepareForInstall: () => Promise.resolve(void prepared++),
    });
    h = bridgeHarness({ overrides: { updates } });
    const r = h.renderer('window 1');
    const other = h.renderer('window 2');
    await other.invoke('app.info');
    expect(await r.invoke('update.setChannel', { channel: 'stable' })).toMatchObject({
      ok: true,
      value: { supported: true, channel: 'stable', currentVersion: '3.0.0' },
    });
    await r.invoke('update.check');
    const readyIn = (renderer: typeof r) =>
      renderer.eventsNamed('update.status').some((event) => event.payload.state.kind === 'ready');
    await waitFor(() => readyIn(r) && readyIn(other));
    expect(r.eventsNamed('update.status').at(-1)?.payload.state).toEqual({
      kind: 'ready',
      version: '3.1.0',
      releaseNotes: 'Credit notes.',
    });
    expect(await r.invoke('update.install')).toEqual({ ok: true, value: { started: true } });
    expect(prepared).toBe(1);
  });
});

/**
 * The update service against a REAL local HTTP server serving a generic feed, read by a REAL electron-updater
 * DebUpdater in Node (./testing.ts says what that does and does not exercise). The install-deferred case runs
 * the real sync engine against the simulator, with a create held on the wire.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import { offlineOrder } from '../sync/testing/edits';
import { waitFor } from '../sync/testing/fetches';
import { simulatorSuite } from '../sync/testing/simulatorSuite';
import { manualClock } from '../sync/testing/manualClock';
import { updateSettingsFile } from './settingsFile';
import { safeToInstall } from './safeToInstall';
import { heldOrderCreates, realUpdater } from './testing';
import { expectNothingToInstall, feedSuite, until } from './feedSuite';
import { createUpdateService } from './updateService';

const suite = feedSuite();
const { serviceFor } = suite;

describe('update service: checks against a real generic feed', () => {
  it('finds a newer version, downloads it in the background with progress, and offers it with its notes', async () => {
    suite.feed.publish({ version: '1.4.0', releaseNotes: 'Faster receiving.\nFixes the label printer.' });
    const { service: s, real, seen } = await serviceFor('1.3.2');
    const answered = await s.checkNow();
    expect(answered.lastCheck).toMatchObject({ ok: true, result: 'Version 1.4.0 is available.' });
    // The check answers at once; the download goes on in the background.
    expect(['available', 'downloading']).toContain(answered.state.kind);
    await until(s, 'ready');
    expect(s.status()).toMatchObject({
      supported: true,
      currentVersion: '1.3.2',
      channel: 'stable',
      state: { kind: 'ready', version: '1.4.0', releaseNotes: 'Faster receiving.\nFixes the label printer.' },
      installing: false,
    });
    const kinds = seen.map((status) => status.state.kind);
    expect(kinds).toEqual(expect.arrayContaining(['checking', 'available', 'downloading', 'ready']));
    expect(kinds.indexOf('checking')).toBeLessThan(kinds.indexOf('ready'));
    expect(suite.feed.requests).toContain('/Dockhand-1.4.0-amd64.deb');
    // The verified download sits in the updater's cache, where quitAndInstall takes it from.
    expect(readdirSync(join(real.cacheDir, 'dockhand-updater', 'pending'))).toEqual(
      expect.arrayContaining(['update-info.json', 'Dockhand-1.4.0-amd64.deb']),
    );
  });

  it('says so when the feed offers the installed version', async () => {
    suite.feed.publish({ version: '1.3.2' });
    const { service: s } = await serviceFor('1.3.2');
    const status = await s.checkNow();
    expect(status.state).toEqual({ kind: 'idle' });
    expect(status.lastCheck).toMatchObject({
      ok: true,
      result: 'Dockhand 1.3.2 is the latest version on the stable channel.',
    });
  });

  it('honours a staged rollout: at 0 % this installation is not offered the version, and nothing downloads', async () => {
    suite.feed.publish({ version: '1.5.0', stagingPercentage: 0 });
    const before = suite.feed.requests.length;
    const { service: s } = await serviceFor('1.3.2');
    const status = await s.checkNow();
    expect(status.state).toEqual({ kind: 'idle' });
    expect(status.lastCheck?.result).toMatch(/1\.5\.0 is being rolled out gradually \(0 %.*not in it yet/);
    expect(suite.feed.requests.slice(before)).not.toContain('/Dockhand-1.5.0-amd64.deb');
    // At 100 % every installation is in.
    suite.feed.publish({ version: '1.5.0', stagingPercentage: 100 });
    expect((await s.checkNow()).lastCheck?.result).toBe('Version 1.5.0 is available.');
    await until(s, 'ready');
  });

  it.each([404, 500])(
    'shows a download that fails with %i in words, and a later check can recover',
    async (status) => {
      suite.feed.publish({ version: '1.6.0', fileStatus: status });
      const { service: s } = await serviceFor('1.3.2');
      await s.checkNow();
      await until(s, 'error');
      const state = s.status().state;
      expect(state).toEqual({
        kind: 'error',
        message:
          status === 404
            ? 'Could not download the update: the update server does not have the file (404).'
            : 'Could not download the update: the update server failed (500). Try again later.',
      });
      suite.feed.publish({ version: '1.6.0' });
      await s.checkNow();
      await until(s, 'ready');
    },
  );

  it('refuses a download whose sha512 does not match the feed, and says so', async () => {
    suite.feed.publish({ version: '1.7.0', sha512: Buffer.alloc(64, 7).toString('base64') });
    const { service: s, real } = await serviceFor('1.3.2');
    await s.checkNow();
    await until(s, 'error');
    expect(s.status().state).toEqual({
      kind: 'error',
      message:
        'The downloaded update did not match its checksum and was discarded. It will be downloaded again at the next check.',
    });
    expect(existsSync(join(real.cacheDir, 'dockhand-updater', 'pending', 'Dockhand-1.7.0-amd64.deb'))).toBe(
      false,
    );
    await expectNothingToInstall(s, real);
  });

  it('shows a feed that cannot be read in words, and keeps a downloaded update installable through it', async () => {
    suite.feed.publish({ version: '1.8.0' });
    const { service: s } = await serviceFor('1.3.2');
    await s.checkNow();
    await until(s, 'ready');
    suite.feed.failChannelFile('latest', 500);
    const status = await s.checkNow();
    expect(status.lastCheck).toMatchObject({
      ok: false,
      result: 'Could not check for updates: the update server failed (500). Try again later.',
    });
    expect(status.state).toMatchObject({ kind: 'ready', version: '1.8.0' });
  });

  it('reads the beta channel’s feed once beta is chosen, and remembers the choice and the last check on disk', async () => {
    suite.feed.publish({ version: '1.3.2' });
    suite.feed.publish({ version: '1.9.0-beta.1', channel: 'beta' });
    const file = join(realUpdater(suite.feed.url, '1.3.2').cacheDir, '..', 'update.json');
    const { service: s } = await serviceFor('1.3.2', { settings: updateSettingsFile(file) });
    expect((await s.checkNow()).state).toEqual({ kind: 'idle' });
    expect((await s.setChannel('beta')).channel).toBe('beta');
    const status = await s.checkNow();
    expect(status.lastCheck?.result).toBe('Version 1.9.0-beta.1 is available.');
    expect(suite.feed.requests).toContain('/beta-linux.yml');
    await until(s, 'ready');
    // The next run reads what this one chose and found.
    const again = await createUpdateService({
      updater: realUpdater(suite.feed.url, '1.3.2').updater,
      settings: updateSettingsFile(file),
      prepareForInstall: () => Promise.resolve(),
    });
    expect(again.status()).toMatchObject({
      channel: 'beta',
      lastCheck: { ok: true, result: 'Version 1.9.0-beta.1 is available.' },
    });
  });

  it('an install that cannot start is shown in words and the app restarts on its current version', async () => {
    suite.feed.publish({ version: '1.10.0' });
    let restarts = 0;
    const { service: s, real } = await serviceFor(
      '1.3.2',
      { restartAfterFailedInstall: () => void restarts++ },
      { installFails: true },
    );
    await s.checkNow();
    await until(s, 'ready');
    expect(await s.installWhenSafe()).toEqual({
      started: false,
      reason: 'Could not install the update. The details are in the log.',
    });
    expect(real.installs).toHaveLength(1);
    expect(restarts).toBe(1);
    expect(s.status()).toMatchObject({ installing: false, state: { kind: 'error' } });
  });

  it('keeps a beta build on the beta channel until someone chooses', async () => {
    suite.feed.publish({ version: '2.0.0-beta.2', channel: 'beta' });
    const { service: s } = await serviceFor('2.0.0-beta.1');
    expect(s.status().channel).toBe('beta');
    expect((await s.checkNow()).lastCheck?.result).toBe('Version 2.0.0-beta.2 is available.');
    await until(s, 'ready');
    expect((await s.setChannel('stable')).channel).toBe('stable');
  });

  it('checks at start and again every interval after the last check, on the injected clock', async () => {
    suite.feed.publish({ version: '1.3.2' });
    const clock = manualClock();
    const channelReads = () => suite.feed.requests.filter((path) => path === '/latest-linux.yml').length;
    const before = channelReads();
    const { service: s } = await serviceFor('1.3.2', { clock, intervalMs: 4 * 3600_000 });
    s.start();
    await waitFor(() => channelReads() === before + 1 && clock.nextWake() !== undefined);
    expect(s.status().lastCheck?.at).toBe(clock.date().toISOString());
    clock.advance(4 * 3600_000 - 1);
    expect(channelReads()).toBe(before + 1);
    clock.advance(1);
    await waitFor(() => channelReads() === before + 2 && clock.nextWake() !== undefined);
    s.stop();
    expect(clock.nextWake()).toBeUndefined();
  });
});

describe('update service: installing never interrupts ops being sent', () => {
  const engines = simulatorSuite(() => startSimulator({ port: 0, apiKey: 'demo-key', rateLimit: 100_000 }));

  it('waits for the create on the wire to be answered and recorded, then installs; the op is sent once', async () => {
    const { fetch, release, creates } = heldOrderCreates();
    const { db, engine } = engines.harness({ clientOptions: { fetch } });
    const order = await offlineOrder(db);
    const opState = async () => (await db.outbox.where('id').equals(order.op.id).first())?.state;
    await engine.start();
    await waitFor(async () => (await opState()) === 'sending' && creates() === 1);

    suite.feed.publish({ version: '2.0.0' });
    // What Electron main passes: the engine's idle, then the quit cleanup (which stops the engine).
    const prepareForInstall = safeToInstall(engine, () => engine.stop());
    const { service: s, real } = await serviceFor('1.3.2', { prepareForInstall });
    await s.checkNow();
    await until(s, 'ready');

    const install = s.installWhenSafe();
    await waitFor(() => s.status().installing);
    // The op is still on the wire: nothing has been installed.
    expect(real.installs).toEqual([]);
    expect(await opState()).toBe('sending');
    // A newer release meanwhile changes nothing: what installs is what was downloaded.
    suite.feed.publish({ version: '2.1.0' });
    expect((await s.checkNow()).state).toMatchObject({ kind: 'ready', version: '2.0.0' });

    release();
    expect(await install).toEqual({ started: true });
    expect(real.installs).toEqual([[false, true]]);
    // The answer was recorded before the install began: done, and sent exactly once.
    expect(await opState()).toBe('done');
    expect(creates()).toBe(1);
  });
});

/**
 * What an update must never do under faults, against a REAL local feed read by a REAL electron-updater
 * (./testing.ts): install a file not signed by our publisher, install a download cut off half way, go back a
 * version, or cut off an op the sync engine started after the install was asked for.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import { offlineOrder } from '../sync/testing/edits';
import { waitFor } from '../sync/testing/fetches';
import { simulatorSuite } from '../sync/testing/simulatorSuite';
import { safeToInstall } from './safeToInstall';
import { heldOrderCreates } from './testing';
import { expectNothingToInstall, feedSuite, until } from './feedSuite';

const suite = feedSuite();
const { serviceFor } = suite;

const pending = (cacheDir: string) => {
  const dir = join(cacheDir, 'dockhand-updater', 'pending');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('update faults', () => {
  it('discards an installer not signed by our publisher, says so, and installs nothing', async () => {
    suite.feed.publish({ version: '3.1.0' });
    const asked: string[][] = [];
    const { service: s, real } = await serviceFor(
      '3.0.0',
      {},
      {
        windows: {
          publisherName: 'Dockhand Ltd',
          verifySignature: (publishers) => {
            asked.push(publishers);
            return Promise.resolve('the file is signed by "Someone Else Ltd"');
          },
        },
      },
    );
    await s.checkNow();
    await until(s, 'error');
    // electron-updater asked for our publisher's signature on the downloaded file, and got a refusal.
    expect(asked).toEqual([['Dockhand Ltd']]);
    expect(s.status().state).toEqual({
      kind: 'error',
      message:
        'The downloaded update is not signed by Dockhand’s publisher and was discarded. Nothing was installed: tell whoever looks after this computer.',
    });
    expect(pending(real.cacheDir)).not.toContain('Dockhand-3.1.0-amd64.deb');
    await expectNothingToInstall(s, real);
  });

  it('installs a correctly signed installer on the same Windows path (the refusal above is the signature’s)', async () => {
    suite.feed.publish({ version: '3.2.0' });
    const { service: s, real } = await serviceFor(
      '3.0.0',
      {},
      { windows: { publisherName: 'Dockhand Ltd', verifySignature: () => Promise.resolve(null) } },
    );
    await s.checkNow();
    await until(s, 'ready');
    expect(await s.installWhenSafe()).toEqual({ started: true });
    expect(real.installs).toHaveLength(1);
  });

  it('a download cut off half way is never offered, and the next check downloads it whole', async () => {
    const bytes = Buffer.alloc(256 * 1024, 'dockhand 3.3.0 ');
    suite.feed.publish({ version: '3.3.0', bytes, cutAfterBytes: 100 * 1024 });
    const { service: s, real } = await serviceFor('3.0.0');
    await s.checkNow();
    await until(s, 'error');
    const state = s.status().state;
    expect(state.kind === 'error' && state.message).toMatch(/^Could not download the update/);
    expect(pending(real.cacheDir)).not.toContain('Dockhand-3.3.0-amd64.deb');
    await expectNothingToInstall(s, real);

    suite.feed.publish({ version: '3.3.0', bytes });
    await s.checkNow();
    await until(s, 'ready');
    expect(pending(real.cacheDir)).toContain('Dockhand-3.3.0-amd64.deb');
  });

  it('refuses a downgrade offer, even after a channel change (which turns electron-updater’s downgrades on)', async () => {
    suite.feed.publish({ version: '2.9.0' });
    suite.feed.publish({ version: '2.9.0-beta.3', channel: 'beta' });
    const before = suite.feed.requests.length;
    const { service: s, real } = await serviceFor('3.0.0');
    const refused =
      'The update server offers version 2.9.0, older than this one (3.0.0): Dockhand never goes back a version.';
    expect((await s.checkNow()).lastCheck).toMatchObject({ ok: true, result: refused });
    // Through the service's own channel switch and back.
    await s.setChannel('beta');
    expect((await s.checkNow()).state).toEqual({ kind: 'idle' });
    await s.setChannel('stable');
    expect((await s.checkNow()).lastCheck?.result).toBe(refused);
    // Even when something else sets the channel on the updater itself (electron-updater then allows
    // downgrades and reports 2.9.0 as available): the service still refuses it.
    real.updater.channel = 'latest';
    expect(real.updater.allowDowngrade).toBe(true);
    const status = await s.checkNow();
    expect(status.state).toEqual({ kind: 'idle' });
    expect(status.lastCheck?.result).toBe(refused);
    expect(suite.feed.requests.slice(before).filter((path) => path.endsWith('.deb'))).toEqual([]);
    expect(await s.installWhenSafe()).toMatchObject({ started: false });
    expect(real.installs).toEqual([]);
  });
});

describe('update install: no op starts once the install is asked for', () => {
  const engines = simulatorSuite(() => startSimulator({ port: 0, apiKey: 'demo-key', rateLimit: 100_000 }));

  it('an op queued while the install waits, or at the instant before the stop, stays queued and unsent', async () => {
    const { fetch, release, creates } = heldOrderCreates();
    const { db, engine } = engines.harness({ clientOptions: { fetch } });
    const stateOf = async (id: string) => (await db.outbox.where('id').equals(id).first())?.state;
    const first = await offlineOrder(db);
    await engine.start();
    await waitFor(async () => (await stateOf(first.op.id)) === 'sending' && creates() === 1);

    let late: string | undefined;
    let createsAtStop = -1;
    // The quit cleanup Electron main runs after the drain: here a scan lands at that very instant, and the
    // user presses Sync now, before the engine is stopped.
    const quitCleanup = async () => {
      late = (await offlineOrder(db)).op.id;
      await engine.syncNow();
      await engine.idle();
      createsAtStop = creates();
      await engine.stop();
    };
    suite.feed.publish({ version: '4.0.0' });
    const { service: s, real } = await serviceFor('3.0.0', {
      prepareForInstall: safeToInstall(engine, quitCleanup),
    });
    await s.checkNow();
    await until(s, 'ready');

    const install = s.installWhenSafe();
    await waitFor(() => s.status().installing);
    // While the install waits for the create on the wire, another edit is queued and Sync now pressed.
    const waiting = await offlineOrder(db);
    await engine.syncNow();
    expect(creates()).toBe(1);
    expect(real.installs).toEqual([]);

    release();
    expect(await install).toEqual({ started: true });
    expect(real.installs).toEqual([[false, true]]);
    // The op on the wire got its answer; the two that came later were never sent: queued for after the restart.
    expect(await stateOf(first.op.id)).toBe('done');
    expect(await stateOf(waiting.op.id)).toBe('queued');
    expect(await stateOf(late!)).toBe('queued');
    expect(createsAtStop).toBe(1);
    expect(creates()).toBe(1);
  });
});

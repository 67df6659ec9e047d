/**
 * `npm run sync` against the simulator, in process: --once pulls into the directory's file store and pushes
 * what was queued there beforehand; exit codes for failed ops, usage errors and refused credentials; the key
 * is never printed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../server/index';
import { enqueue } from '../../src/db/outbox';
import { openFileStore } from '../store';
import { runSync } from './sync';
import { tempDirs } from './testing';

let sim: Simulator;
const freshDir = tempDirs('dockhand-sync-');

beforeAll(async () => {
  sim = await startSimulator({ port: 0, rateLimit: 100_000, apiKey: 'sync-test-key' });
});
afterAll(async () => {
  await sim.stop();
});

async function sync(args: string[], env: Record<string, string> = {}) {
  const lines: string[] = [];
  const code = await runSync(args, { env, write: (line) => lines.push(line), progressMs: 10 });
  return { code, output: lines.join('\n') };
}

// No --rate-limit: the engine paces itself by the server's answers (a cap is the second test's).
const flags = (dir: string) => ['--base-url', sim.baseUrl, '--data', dir, '--once'];

describe('npm run sync', () => {
  it('--once pulls into the store and pushes what was queued there', async () => {
    const dir = freshDir();
    const queued = await openFileStore(dir);
    const op = await enqueue(queued.db, {
      kind: 'updateCustomer',
      params: { id: 50002 },
      body: { custom_reference: 'sync-cli' },
      label: 'Update customer 50002',
      cacheChanges: [],
    });
    await queued.close();

    const { code, output } = await sync(flags(dir), { DOCKHAND_API_KEY: 'sync-test-key' });
    expect(code).toBe(0);
    // Open orders first (the dock tier), then the closed ones (electron/core/sync/pull/resources.ts).
    expect(output).toMatch(/pull openPurchaseOrders: \d+ rows, done/);
    expect(output).toMatch(/pull purchaseOrders: \d+ rows, done/);
    expect(output).toMatch(/push: 0 queued, 0 sending, 0 uncertain, 1 done/);
    expect(output).not.toContain('sync-test-key');

    const store = await openFileStore(dir);
    try {
      expect(await store.db.purchaseOrders.count()).toBe(sim.state.purchaseOrders.size);
      expect(await store.db.customers.count()).toBe(sim.state.customers.size);
      expect((await store.db.outbox.get(op.seq!))?.state).toBe('done');
    } finally {
      await store.close();
    }
    expect(sim.state.customers.get(50002)?.custom_reference).toBe('sync-cli');
  }, 300_000); // a hang guard, not a speed check (a whole pull of the small demo)

  it('exits 1 and lists the op when the server rejects it', async () => {
    const dir = freshDir();
    const queued = await openFileStore(dir);
    // Supplier 101 is named by purchase orders: the server refuses to delete it (409).
    await enqueue(queued.db, {
      kind: 'deleteSupplier',
      params: { id: 101 },
      label: 'Delete supplier 101',
      cacheChanges: [],
    });
    await queued.close();

    const { code, output } = await sync([
      ...flags(dir),
      '--api-key',
      'sync-test-key',
      '--rate-limit',
      '60000',
    ]);
    expect(code).toBe(1);
    expect(output).toMatch(/failed deleteSupplier "Delete supplier 101": .*\[409 .*referenced/);
  }, 300_000); // a hang guard, not a speed check (a whole pull of the small demo)

  it('exits 2 on bad flags, naming the flag but never a value', async () => {
    for (const args of [
      ['--data', freshDir(), '--api-key', 'sync-test-key'],
      ['--base-url', 'http://127.0.0.1:1/v2', '--data', 'x', '--api-key', 'sync-test-key'],
      ['--base-url', sim.baseUrl, '--api-key', 'sync-test-key', '--data', 'x', '--bogus'],
      ['--base-url', sim.baseUrl, '--api-key', 'sync-test-key', '--data', 'x', '--rate-limit', 'lots'],
      ['--base-url', sim.baseUrl, '--data', 'x'],
    ]) {
      const { code, output } = await sync(args);
      expect(code).toBe(2);
      expect(output).toContain('Usage: npm run sync');
      expect(output).not.toContain('sync-test-key');
    }
    expect((await sync(['--base-url', 'ftp://x/v2.1', '--api-key', 'k', '--data', 'x'])).output).toMatch(
      /--base-url: The base URL must use http: or https:/,
    );
  });

  it('exits 2 before sending anything when the base URL is plain http to another machine', async () => {
    const dir = join(freshDir(), 'never-created');
    const { code, output } = await sync(
      ['--base-url', 'http://backoffice.example/v2.1', '--data', dir, '--once'],
      {
        DOCKHAND_API_KEY: 'sync-test-key',
      },
    );
    expect(code).toBe(2);
    expect(output).toMatch(
      /^--base-url: Use an https:\/\/ address: this one would send your key unprotected/,
    );
    expect(output).not.toContain('sync-test-key');
    expect(output).not.toMatch(/\n\s+at /);
    expect(existsSync(dir)).toBe(false);
  });

  it('exits 3 when the key is refused or the API does not answer', async () => {
    const refused = await sync([...flags(freshDir()), '--api-key', 'not-the-key']);
    expect(refused.code).toBe(3);
    expect(refused.output).toMatch(/credentials rejected/);
    expect(refused.output).not.toContain('not-the-key');

    const gone = await startSimulator({ port: 0 });
    const baseUrl = gone.baseUrl;
    await gone.stop();
    const args = ['--base-url', baseUrl, '--data', freshDir(), '--once', '--api-key', 'demo-key'];
    const unreachable = await sync(args);
    expect(unreachable.code).toBe(3);
    expect(unreachable.output).toMatch(/API unreachable/);
  }, 30_000);
});

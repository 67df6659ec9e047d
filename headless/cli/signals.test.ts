/**
 * `npm run sync` as a child process (scripts/sync.ts) against the simulator, stopped by a signal mid-sync:
 * it says it is stopping, exits with the signal's code (--once) or its usual one (a long-running sync), and
 * leaves the data directory whole: the store opens, the queued change is still there, and the next run
 * sends it once. A generous test timeout only guards a hang; nothing asserts how long anything took.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../server/index';
import { enqueue } from '../../src/db/outbox';
import { openFileStore } from '../store';
import { runSync } from './sync';

const SCRIPT = join(import.meta.dirname, '../../scripts/sync.ts');
const KEY = 'signals-test-key';

let sim: Simulator;
const dirs: string[] = [];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, rateLimit: 100_000, apiKey: KEY });
});
afterAll(async () => {
  await sim.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A data directory with one change queued in it. */
async function queuedDir(reference: string) {
  const dir = mkdtempSync(join(tmpdir(), 'dockhand-signals-'));
  dirs.push(dir);
  const store = await openFileStore(dir);
  const op = await enqueue(store.db, {
    kind: 'updateCustomer',
    params: { id: 50005 },
    body: { custom_reference: reference },
    label: 'Update customer 50005',
    cacheChanges: [],
  });
  await store.close();
  return { dir, seq: op.seq! };
}

/**
 * `graceMs`: how long the script lets a stop take before it exits anyway. The graceful stops are tested with
 * a grace no loaded machine reaches, so a slow stop cannot pass as the fallback or the fallback as a stop.
 */
function start(args: string[], graceMs = 600_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DOCKHAND_API_KEY: KEY, DOCKHAND_STOP_GRACE_MS: String(graceMs) },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (pattern.test(stderr)) {
          clearInterval(poll);
          resolve();
        } else if (child.exitCode !== null) {
          clearInterval(poll);
          reject(new Error(`exited ${child.exitCode} before ${String(pattern)}: ${stderr}`));
        }
      }, 25);
    });
  return { child, exited, printed, stderr: () => stderr };
}

/** The store opens after the interruption, with the change still in the outbox (sent or not). */
async function kept(dir: string, seq: number) {
  const store = await openFileStore(dir);
  try {
    const op = await store.db.outbox.get(seq);
    expect(op?.state).toMatch(/^(queued|uncertain|done)$/);
  } finally {
    await store.close();
  }
}

/** …and a full run then finishes, the change landed once. */
async function nothingLost(dir: string, seq: number, reference: string) {
  await kept(dir, seq);
  const lines: string[] = [];
  const code = await runSync(['--base-url', sim.baseUrl, '--data', dir, '--once', '--api-key', KEY], {
    env: {},
    write: (line) => lines.push(line),
  });
  expect(code, lines.join('\n')).toBe(0);
  const after = await openFileStore(dir);
  try {
    expect((await after.db.outbox.get(seq))?.state).toBe('done');
  } finally {
    await after.close();
  }
  expect(sim.state.customers.get(50005)?.custom_reference).toBe(reference);
}

describe('npm run sync and signals', () => {
  it('--once: SIGINT mid-sync stops it, exits 130, and the next run finishes with nothing lost', async () => {
    const reference = `signals-once-${Date.now()}`;
    const { dir, seq } = await queuedDir(reference);
    // Paced at 30 requests a minute, the first sync takes minutes: the signal lands mid-sync.
    const run = start(['--base-url', sim.baseUrl, '--data', dir, '--once', '--rate-limit', '30']);
    await run.printed(/^pull \w+: /m);
    run.child.kill('SIGINT');

    expect(await run.exited).toBe(130);
    expect(run.stderr()).toMatch(/SIGINT: stopping/);
    expect(run.stderr()).toMatch(/stopping: abandoning the request in flight safely/);
    await nothingLost(dir, seq, reference);
  }, 180_000);

  it('a long-running sync ends on SIGTERM with its usual exit code, the data closed', async () => {
    const { dir, seq } = await queuedDir(`signals-run-${Date.now()}`);
    const run = start(['--base-url', sim.baseUrl, '--data', dir, '--rate-limit', '30']);
    await run.printed(/^pull \w+: /m);
    run.child.kill('SIGTERM');

    // Nothing failed or conflicted: 0, as when a long-running sync is ended the usual way.
    expect(await run.exited).toBe(0);
    expect(run.stderr()).toMatch(/SIGTERM: stopping/);
    expect(run.stderr()).not.toMatch(/still stopping/);
    await kept(dir, seq);
  }, 120_000);

  it("a stop that outlasts the grace exits anyway with the signal's code, and nothing is lost", async () => {
    const reference = `signals-grace-${Date.now()}`;
    const { dir, seq } = await queuedDir(reference);
    // A grace of 1 ms: the stop cannot finish in it, so the fallback (4.5 s in use) is what ends the process.
    const run = start(['--base-url', sim.baseUrl, '--data', dir, '--once', '--rate-limit', '30'], 1);
    await run.printed(/^pull \w+: /m);
    run.child.kill('SIGTERM');

    expect(await run.exited).toBe(143);
    expect(run.stderr()).toMatch(/still stopping after 0\.001 s: exiting/);
    await nothingLost(dir, seq, reference);
  }, 180_000);
});

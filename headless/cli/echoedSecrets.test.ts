/**
 * A server that repeats our credentials (the simulator's `echoCredentials` fault: every write is answered 400
 * with the request's x-api-key and Authorization in its title, detail and `errors`): a queued write fails, and
 * neither the key nor any token issued reaches what the failure leaves behind, over real HTTP: the outbox record
 * (which the renderer's IndexedDB and the sync centre show), the engine's status (what the bridge forwards to
 * the renderer), the log file as the app writes it, and `npm run sync`'s stderr. Each still says what went wrong.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiLoggerFor, syncLoggerFor } from '../../electron/core/bridge/logger';
import { createFileLogger } from '../../electron/core/log/fileLogger';
import { createRedactor } from '../../electron/core/log/redact';
import { startSimulator, type Simulator } from '../../server/index';
import { enqueue } from '../../src/db/outbox';
import type { OpRecord } from '../../src/db/ops';
import { openFileStore } from '../store';
import { openHeadless, waitUntilSettled } from './headless';
import { runSync } from './sync';
import { tempDirs } from './testing';

// Characters that look different once JSON-escaped or URL-encoded, so every form has to be caught.
const KEY = 'echo-key_7Qz.9x';

let sim: Simulator;
const freshDir = tempDirs('dockhand-echo-');

/** Every token the simulator issues, read off the wire (the CLI's client uses the global fetch). */
const issued: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, control: true, rateLimit: 100_000, apiKey: KEY });
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/auth/token') && response.ok) {
      const body = (await response.clone().json()) as { access_token: string };
      issued.push(body.access_token);
    }
    return response;
  };
});
afterEach(() => sim.control.resetFaults());
afterAll(async () => {
  globalThis.fetch = realFetch;
  await sim.stop();
});

/** Neither the key nor any token, raw or in any escaped form the server's answer may have carried. */
function expectNoSecret(text: string, secrets: string[]) {
  expect(secrets.length).toBeGreaterThan(1); // the key and at least one token, or the check proves nothing
  for (const secret of secrets) {
    for (const form of [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]) {
      expect(text).not.toContain(form);
    }
  }
  expect(text).not.toMatch(/Bearer (?!\[redacted\])/i);
}

async function queueUpdate(dir: string, reference: string): Promise<OpRecord> {
  const store = await openFileStore(dir);
  try {
    return await enqueue(store.db, {
      kind: 'updateCustomer',
      params: { id: 50002 },
      body: { custom_reference: reference },
      label: 'Update customer 50002',
      cacheChanges: [],
    });
  } finally {
    await store.close();
  }
}

const WHAT_WENT_WRONG = /updateCustomer answered 400 \(Rejected by the gateway for x-api-key \[redacted\]/;

describe('a server that echoes our credentials', () => {
  it('leaves them out of the outbox record, the status the renderer gets, and the log file', async () => {
    const dir = freshDir();
    const op = await queueUpdate(dir, 'echo-engine');
    sim.control.setFaults({ echoCredentials: true });

    // Wired as electron/main wires it: the log's redactor learns the key (secret box) and each token (onToken);
    // the API client keeps its own.
    const logDir = freshDir();
    const logRedactor = createRedactor();
    logRedactor.addSecret(KEY);
    const tokens: string[] = [];
    const log = createFileLogger({ dir: logDir, redactor: logRedactor });
    const headless = await openHeadless({
      dir,
      baseUrl: sim.baseUrl,
      apiKey: KEY,
      client: {
        logger: apiLoggerFor(log),
        onToken: (token) => {
          tokens.push(token);
          logRedactor.addSecret(token);
        },
      },
      engine: { pull: false, logger: syncLoggerFor(log) },
    });
    let record: OpRecord;
    try {
      await headless.engine.start();
      expect(await waitUntilSettled(headless, { offlineGraceMs: 10_000, pollMs: 10 })).toBe('idle');
      record = (await headless.port.getOp({ id: op.id })).op!;
      const status = headless.engine.status.get();
      expectNoSecret(JSON.stringify(status), [KEY, ...tokens]);
    } finally {
      await headless.close();
    }
    expect(record.state).toBe('failed');
    expect(record.reason).toMatch(WHAT_WENT_WRONG);
    expect(record.problem).toMatchObject({
      status: 400,
      title: 'Rejected by the gateway for x-api-key [redacted]',
    });
    expect(record.problem?.detail).toMatch(
      /gateway refused the request with x-api-key: \[redacted\] and Authorization: Bearer \[redacted\]/,
    );
    expect(record.problem?.errors).toEqual({
      'x-api-key': ['[redacted]'],
      authorization: ['Bearer [redacted]'],
    });
    expectNoSecret(JSON.stringify(record), [KEY, ...tokens]);

    // The record as the file store keeps it on disk, reopened.
    const reopened = await openFileStore(dir);
    try {
      expectNoSecret(JSON.stringify(await reopened.db.outbox.toArray()), [KEY, ...tokens]);
    } finally {
      await reopened.close();
    }
    const logText = readFileSync(log.file, 'utf8');
    expect(logText).toContain('sync op-failed');
    expectNoSecret(logText, [KEY, ...tokens]);
  }, 300_000); // a hang guard, not a speed check (a whole pull of the small demo)

  it('leaves them out of what npm run sync prints and of the outbox it leaves', async () => {
    const dir = freshDir();
    await queueUpdate(dir, 'echo-cli');
    sim.control.setFaults({ echoCredentials: true });
    const before = issued.length;
    const lines: string[] = [];
    const code = await runSync(['--base-url', sim.baseUrl, '--data', dir, '--once'], {
      env: { DOCKHAND_API_KEY: KEY },
      write: (line) => lines.push(line),
      progressMs: 10,
    });
    const stderr = lines.join('\n');
    const tokens = issued.slice(before);
    expect(code).toBe(1);
    expect(stderr).toMatch(/failed updateCustomer "Update customer 50002": /);
    expect(stderr).toMatch(WHAT_WENT_WRONG);
    expectNoSecret(stderr, [KEY, ...tokens]);

    const store = await openFileStore(dir);
    try {
      const outbox = await store.db.outbox.toArray();
      expect(outbox.map((op) => op.state)).toEqual(['failed']);
      expectNoSecret(JSON.stringify(outbox), [KEY, ...tokens]);
    } finally {
      await store.close();
    }
  }, 400_000); // a cap, not a speed check: --once pulls the whole small dataset first
});

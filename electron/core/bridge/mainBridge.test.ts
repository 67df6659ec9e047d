/**
 * The main bridge's connection commands against the real simulator: what is saved (through the SecretBox,
 * encrypted on disk) and what is not (a failed test, a malformed message), what the renderer is told, and
 * that the key never appears in a result, an event or a log line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../../src/bridge/contract';
import { startSimulator } from '../../../server/index';
import { simulatorSuite } from '../sync/testing/simulatorSuite';
import { storeNameFor } from './connectionTest';
import { bridgeHarness, type BridgeHarness } from './testing/harness';
import { waitUntil } from './testing/links';
import type { DemoSimulator } from './demo';

const KEY = 'bridge-key-3e8b1f0a';
const WRONG = 'wrong-key-77aa';
const suite = simulatorSuite(() => startSimulator({ port: 0, apiKey: KEY, rateLimit: 100_000 }));
const apiUrl = () => suite.sim.baseUrl;
let h: BridgeHarness<DemoSimulator>;
afterEach(async () => {
  await h.bridge.close();
  const said = h.everything();
  expect(said).not.toContain(KEY);
  expect(said).not.toContain(WRONG);
  for (const renderer of h.renderers) expect(renderer.invalidEvents).toEqual([]);
});

const stateOf = (result: unknown) => (result as { ok: true; value: ConnectionState }).value;

describe('main bridge: connection', () => {
  it('answers app.info and, without a connection, suggests the host’s base URL', async () => {
    h = bridgeHarness({ overrides: { suggestedBaseUrl: 'http://10.0.0.5/v2.1', name: 'Dockhand Test' } });
    const r = h.renderer('window 1');
    expect(await r.invoke('app.info')).toEqual({
      ok: true,
      value: { name: 'Dockhand Test', version: '0.0.0-test', host: 'browser' },
    });
    expect(await r.invoke('connection.get')).toEqual({
      ok: true,
      value: { status: 'none', storeName: null, persistent: true, suggestedBaseUrl: 'http://10.0.0.5/v2.1' },
    });
  });

  it('connection.test reports the exact failure and saves nothing', async () => {
    h = bridgeHarness();
    const r = h.renderer('window 1');
    const wrong = await r.invoke('connection.test', { baseUrl: apiUrl(), apiKey: WRONG });
    expect(wrong).toMatchObject({ ok: true, value: { ok: false, failure: 'unauthorized' } });
    const good = await r.invoke('connection.test', { baseUrl: `${apiUrl()}/`, apiKey: KEY });
    expect(good).toMatchObject({ ok: true, value: { ok: true } });
    expect(existsSync(h.secretsFile)).toBe(false);
  });

  it('connection.set with a failing test saves nothing and changes nothing', async () => {
    h = bridgeHarness();
    const r = h.renderer('window 1');
    const result = await r.invoke('connection.set', { baseUrl: apiUrl(), apiKey: WRONG });
    expect(result).toMatchObject({
      ok: true,
      value: { saved: false, test: { ok: false, failure: 'unauthorized' } },
    });
    const malformed = await r.invoke('connection.set', { baseUrl: 'http://127.0.0.1/v2', apiKey: KEY });
    expect(malformed).toMatchObject({
      ok: true,
      value: { saved: false, test: { failure: 'malformed_url' } },
    });
    expect(existsSync(h.secretsFile)).toBe(false);
    expect(await h.reopenSecrets().load()).toBeUndefined();
    expect(stateOf(await r.invoke('connection.get')).status).toBe('none');
    expect(r.eventsNamed('connection.changed')).toEqual([]);
  });

  it('connection.set saves through the SecretBox, announces the state, and a new run reads it', async () => {
    h = bridgeHarness();
    const r = h.renderer('window 1');
    const other = h.renderer('window 2');
    await other.invoke('app.info'); // a second window the bridge knows about
    const result = await r.invoke('connection.set', { baseUrl: `${apiUrl()}//`, apiKey: ` ${KEY} ` });
    const expected: ConnectionState = {
      status: 'configured',
      baseUrl: apiUrl(),
      storeName: storeNameFor(apiUrl()),
      persistent: true,
    };
    expect(result).toEqual({ ok: true, value: { saved: true, state: expected } });
    expect(r.eventsNamed('connection.changed').map((e) => e.payload)).toEqual([expected]);
    expect(other.eventsNamed('connection.changed').map((e) => e.payload)).toEqual([expected]);
    expect(readFileSync(h.secretsFile).toString('latin1')).not.toContain(KEY);
    expect(await h.reopenSecrets().load()).toEqual({ baseUrl: apiUrl(), apiKey: KEY, demo: false });
    expect(h.logs.some((line) => line.message === 'connection saved')).toBe(true);
    // No renderer serves the store yet: no engine.
    expect(await r.invoke('sync.status')).toEqual({ ok: true, value: null });
  });

  it('with a renderer serving the store, sync runs on the saved key and restarts when it is saved again', async () => {
    h = bridgeHarness();
    const r = h.renderer('window 1');
    const saved = await r.invoke('connection.set', { baseUrl: apiUrl(), apiKey: KEY });
    const { storeName } = (saved as { value: { state: ConnectionState } }).value.state;
    const db = r.db(storeName!);
    expect(await r.invoke('store.attach', { storeName })).toEqual({ ok: true, value: {} });
    await waitUntil(async () => (await db.table('purchaseOrders').count()) > 0, 'pulled purchase orders');
    expect(r.eventsNamed('sync.status').at(-1)?.payload.running).toBe(true);

    // The same URL again (a new key, say): the store is the same, so sync restarts on it at once.
    await r.invoke('connection.set', { baseUrl: apiUrl(), apiKey: KEY });
    const started = () => h.logs.filter((line) => line.message === 'engine started').length;
    const stopped = () => h.logs.filter((line) => line.message === 'engine stopped').length;
    await waitUntil(() => started() === 2, 'the second engine');
    expect(stopped()).toBe(1);
  });

  it('connection.clear forgets the key and announces "none"', async () => {
    h = bridgeHarness();
    const r = h.renderer('window 1');
    await r.invoke('connection.set', { baseUrl: apiUrl(), apiKey: KEY });
    const cleared = await r.invoke('connection.clear');
    expect(stateOf(cleared)).toEqual({ status: 'none', storeName: null, persistent: true });
    expect(existsSync(h.secretsFile)).toBe(false);
    expect(r.eventsNamed('connection.changed').at(-1)?.payload.status).toBe('none');
  });

  it('refuses malformed envelopes and payloads with bad_request, changing nothing', async () => {
    h = bridgeHarness();
    const r = h.renderer('window 1');
    const bad = [
      await h.bridge.handle(r.link, 'connection.set'),
      await h.bridge.handle(r.link, { command: 'connection.set' }),
      await h.bridge.handle(r.link, { command: 'connection.set', payload: { baseUrl: 42, apiKey: KEY } }),
      await r.invoke('connection.set', { baseUrl: apiUrl(), apiKey: KEY, demo: true }),
      await r.invoke('connection.set', { baseUrl: apiUrl(), apiKey: '   ' }),
      await r.invoke('demo.start', { dataset: 'huge' }),
      await r.invoke('op.retry', { id: '' }),
      await r.invoke('store.attach', {}),
    ];
    for (const result of bad) expect(result).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await r.invoke('connection.delete')).toMatchObject({
      ok: false,
      error: { code: 'unknown_command' },
    });
    expect(existsSync(h.secretsFile)).toBe(false);
    expect(stateOf(await r.invoke('connection.get')).status).toBe('none');
    expect(r.events).toEqual([]);
  });

  it('op actions and sync.now without a running engine answer not_connected', async () => {
    h = bridgeHarness();
    const r = h.renderer('window 1');
    const calls: [string, unknown][] = [
      ['op.retry', { id: 'op-1' }],
      ['op.edit', { id: 'op-1', body: {} }],
      ['op.discardPreview', { id: 'op-1' }],
      ['op.discard', { id: 'op-1' }],
      ['op.resolve', { id: 'op-1', values: {} }],
      ['sync.now', {}],
    ];
    for (const [command, payload] of calls) {
      expect(await r.invoke(command, payload)).toMatchObject({
        ok: false,
        error: { code: 'not_connected', message: expect.stringMatching(/^Not connected/) },
      });
    }
    expect(await r.invoke('sync.status')).toEqual({ ok: true, value: null });
  });

  it('store.attach refuses a store that is not the connection’s', async () => {
    h = bridgeHarness();
    const r = h.renderer('window 1');
    expect(await r.invoke('store.attach', { storeName: 'dockhand-demo-small' })).toMatchObject({
      ok: false,
      error: { code: 'not_connected' },
    });
    await r.invoke('connection.set', { baseUrl: apiUrl(), apiKey: KEY });
    expect(await r.invoke('store.attach', { storeName: 'dockhand-0000' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(await r.invoke('sync.status')).toEqual({ ok: true, value: null });
  });

  it('after close, commands are refused', async () => {
    h = bridgeHarness();
    const r = h.renderer('window 1');
    await h.bridge.close();
    expect(await r.invoke('app.info')).toMatchObject({ ok: false, error: { code: 'failed' } });
  });
});

/**
 * Secrets the SecretBox never sees reach the log redactor through the bridge's `onSecret`: a key that was only
 * tried by "Test connection" (never saved), and every access token as it is issued, whether to the test or to
 * the running engine. Checked with the real redactor and the real simulator; the tokens are the ones the
 * requests actually carried (read from the Authorization header by a recording fetch).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../../src/bridge/contract';
import { startSimulator } from '../../../server/index';
import { simulatorSuite } from '../sync/testing/simulatorSuite';
import { createRedactor, REDACTED, type Redactor } from '../log/redact';
import type { FetchLike } from '../api/options';
import type { DemoSimulator } from './demo';
import { bridgeHarness, type BridgeHarness } from './testing/harness';
import { waitUntil } from './testing/links';

const KEY = 'registered-key-9a0c';
const TRIED = 'tried-only-key-41f2';
const suite = simulatorSuite(() => startSimulator({ port: 0, apiKey: KEY, rateLimit: 100_000 }));
const apiUrl = () => suite.sim.baseUrl;
let h: BridgeHarness<DemoSimulator>;
afterEach(() => h.bridge.close());

/** Every bearer token a request carried. */
function bearerRecorder(): { fetch: FetchLike; tokens: Set<string> } {
  const tokens = new Set<string>();
  return {
    tokens,
    fetch: (input, init) => {
      const request = new Request(input, init);
      const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
      if (bearer) tokens.add(bearer);
      return globalThis.fetch(request);
    },
  };
}

function harness(redactor: Redactor, fetch: FetchLike) {
  return bridgeHarness({ overrides: { onSecret: (secret) => redactor.addSecret(secret), fetch } });
}

describe('main bridge: secrets the SecretBox never sees are registered with the redactor', () => {
  it('a key only tried by Test connection, right or wrong, and the token the test was issued', async () => {
    const redactor = createRedactor();
    const recorder = bearerRecorder();
    h = harness(redactor, recorder.fetch);
    const r = h.renderer('window 1');
    await r.invoke('connection.test', { baseUrl: apiUrl(), apiKey: TRIED });
    expect(redactor.redactText(`x ${TRIED} y`)).toBe(`x ${REDACTED} y`);
    await r.invoke('connection.test', { baseUrl: apiUrl(), apiKey: KEY });
    expect(redactor.redactText(`x ${KEY} y`)).toBe(`x ${REDACTED} y`);
    // The purchase-order step of the test carried a token: it was registered as it was issued.
    expect(recorder.tokens.size).toBeGreaterThan(0);
    for (const token of recorder.tokens) expect(redactor.redactText(`got ${token}`)).toBe(`got ${REDACTED}`);
  });

  it('every token the running engine is issued', async () => {
    const redactor = createRedactor();
    const recorder = bearerRecorder();
    h = harness(redactor, recorder.fetch);
    const r = h.renderer('window 1');
    const saved = await r.invoke('connection.set', { baseUrl: apiUrl(), apiKey: KEY });
    const { storeName } = (saved as { value: { state: ConnectionState } }).value.state;
    const db = r.db(storeName!);
    recorder.tokens.clear();
    await r.invoke('store.attach', { storeName });
    await waitUntil(async () => (await db.table('purchaseOrders').count()) > 0, 'pulled purchase orders');
    expect(recorder.tokens.size).toBeGreaterThan(0);
    for (const token of recorder.tokens) expect(redactor.redactText(`got ${token}`)).toBe(`got ${REDACTED}`);
  });
});

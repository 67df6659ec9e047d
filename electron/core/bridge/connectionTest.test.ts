/**
 * `connection.test` against real servers: the simulator (right key, wrong key, restricted key), a closed
 * port, a server that never answers, and plain HTTP servers that are not the API. Each outcome must be the
 * exact failure the connect form explains, and no message may echo the key.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSECURE_API_URL_MESSAGE } from '../../../src/api/secureUrl';
import type { ConnectionTestResult } from '../../../src/bridge/contract';
import { startSimulator, type Simulator } from '../../../server/index';
import {
  httpsVersionOf,
  normaliseBaseUrl,
  storeCarriedOver,
  storeNameFor,
  testConnection,
} from './connectionTest';

const KEY = 'conn-test-key-51c9e';
const RESTRICTED = 'restricted-key-0d7aa';
let sim: Simulator;
const servers: Server[] = [];
const results: ConnectionTestResult[] = [];

async function plainServer(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2.1`;
}

async function run(baseUrl: string, apiKey = KEY, timeoutMs?: number) {
  const result = await testConnection({ baseUrl, apiKey }, timeoutMs ? { timeoutMs } : {});
  results.push(result);
  return result;
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: KEY, restrictedKey: RESTRICTED, rateLimit: 100_000 });
});
afterAll(async () => {
  await sim.stop();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  // Whatever happened, no message repeated a key.
  expect(JSON.stringify(results)).not.toContain(KEY);
  expect(JSON.stringify(results)).not.toContain(RESTRICTED);
});

describe('normaliseBaseUrl and storeNameFor', () => {
  it('accepts http(s) URLs ending in /v2.1, forgiving trailing slashes', () => {
    expect(normaliseBaseUrl(' https://API.Example.com/v2.1/ ')).toBe('https://api.example.com/v2.1');
    expect(normaliseBaseUrl('http://127.0.0.1:8080/retail/v2.1//')).toBe('http://127.0.0.1:8080/retail/v2.1');
    expect(normaliseBaseUrl('http://LOCALHOST:8080/v2.1')).toBe('http://localhost:8080/v2.1');
  });

  it.each([
    'http://host:8080/retail/v2.1',
    'http://10.0.0.5/v2.1',
    'ftp://host/v2.1',
    'host/v2.1',
    'not a url',
    'http://host/v2',
    'http://host/v2.10',
    'http://host/',
    'http://user:secret@host/v2.1',
    'http://host/v2.1?x=1',
    'http://host/v2.1#top',
  ])('refuses %s', (text) => {
    expect(normaliseBaseUrl(text)).toBeUndefined();
  });

  it('names the store by a hash of the canonical URL, and the demo by its dataset only', () => {
    const name = storeNameFor('https://api.example.com/v2.1');
    expect(name).toMatch(/^dockhand-[0-9a-f]{16}$/);
    expect(storeNameFor('https://API.example.com/v2.1/')).toBe(name);
    expect(storeNameFor('https://other.example.com/v2.1')).not.toBe(name);
    expect(storeNameFor('http://127.0.0.1:4000/v2.1', 'small')).toBe('dockhand-demo-small');
    expect(storeNameFor('http://127.0.0.1:5000/v2.1', 'large')).toBe('dockhand-demo-large');
  });

  it("keeps a refused http:// connection's database for the same API over https, and only for it", () => {
    const old = 'http://backoffice.example/shop/v2.1';
    expect(httpsVersionOf(old)).toBe('https://backoffice.example/shop/v2.1');
    expect(httpsVersionOf('not a url')).toBeUndefined();
    // Its queued edits live in the http connection's database: the https one opens that database.
    expect(storeCarriedOver(old, 'https://BACKOFFICE.example/shop/v2.1/')).toBe(storeNameFor(old));
    expect(storeNameFor(old)).not.toBe(storeNameFor('https://backoffice.example/shop/v2.1'));
    // Another API, another path, or no refused connection: the new connection's own database.
    expect(storeCarriedOver(old, 'https://other.example/shop/v2.1')).toBeUndefined();
    expect(storeCarriedOver(old, 'https://backoffice.example/v2.1')).toBeUndefined();
    expect(storeCarriedOver(undefined, 'https://backoffice.example/shop/v2.1')).toBeUndefined();
  });
});

describe('testConnection', () => {
  it('succeeds with the simulator and its key, with or without a trailing slash', async () => {
    expect(await run(sim.baseUrl)).toMatchObject({ ok: true });
    expect(await run(`${sim.baseUrl}/`)).toMatchObject({ ok: true });
  });

  it.each(['ftp://127.0.0.1/v2.1', 'http://127.0.0.1:1/v2', 'nonsense', 'http://u:p@127.0.0.1/v2.1'])(
    'malformed_url: %s',
    async (url) => {
      expect(await run(url)).toMatchObject({ ok: false, failure: 'malformed_url' });
    },
  );

  it('malformed_url: plain http to another machine, refused in words before the key goes anywhere', async () => {
    const sent: string[] = [];
    const told: string[] = [];
    for (const baseUrl of [
      'http://backoffice.example/v2.1',
      'http://10.0.0.5:8080/v2.1',
      'HTTP://Shop.Example/v2.1',
    ]) {
      const result = await testConnection(
        { baseUrl, apiKey: KEY },
        {
          fetch: (input) => {
            sent.push(String(input instanceof Request ? input.url : input));
            return Promise.reject(new Error('nothing may be sent'));
          },
          onSecret: (secret) => told.push(secret),
        },
      );
      results.push(result);
      expect(result).toEqual({ ok: false, failure: 'malformed_url', message: INSECURE_API_URL_MESSAGE });
    }
    expect(sent).toEqual([]);
    expect(told).toEqual([]);
    // The same server on this computer is fine (the demo simulator and every test server listen there).
    expect(await run(sim.baseUrl.replace('127.0.0.1', 'localhost'))).toMatchObject({ ok: true });
  });

  it('unreachable: nothing listens on the port', async () => {
    const url = await plainServer(() => {});
    const closing = servers.pop()!;
    await new Promise((resolve) => closing.close(resolve));
    expect(await run(url)).toMatchObject({ ok: false, failure: 'unreachable' });
  });

  it('unreachable: the server never answers within the timeout', async () => {
    const url = await plainServer(() => {}); // accepts, never responds
    const result = await run(url, KEY, 300);
    expect(result).toMatchObject({ ok: false, failure: 'unreachable' });
    expect(result.message).toMatch(/did not answer/);
  });

  it('unauthorized: a wrong key (401 on the token)', async () => {
    expect(await run(sim.baseUrl, 'wrong-key-123')).toMatchObject({
      ok: false,
      failure: 'unauthorized',
      status: 401,
    });
  });

  it('unauthorized: a key no header can carry is refused without sending it', async () => {
    expect(await run(sim.baseUrl, 'key with spaces')).toMatchObject({ ok: false, failure: 'unauthorized' });
  });

  it('forbidden: a restricted key gets a token but 403 on purchase orders', async () => {
    expect(await run(sim.baseUrl, RESTRICTED)).toMatchObject({
      ok: false,
      failure: 'forbidden',
      status: 403,
    });
  });

  it('not_an_api: 404, HTML, 5xx and a malformed token body', async () => {
    const notFound = await plainServer((_, res) => res.writeHead(404).end('Not Found'));
    const html = await plainServer((_, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>'),
    );
    const broken = await plainServer((_, res) => res.writeHead(502).end('Bad Gateway'));
    const wrongJson = await plainServer((_, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"token":"nope"}'),
    );
    expect(await run(notFound)).toMatchObject({ ok: false, failure: 'not_an_api', status: 404 });
    expect(await run(html)).toMatchObject({ ok: false, failure: 'not_an_api' });
    expect(await run(broken)).toMatchObject({ ok: false, failure: 'not_an_api', status: 502 });
    expect(await run(wrongJson)).toMatchObject({ ok: false, failure: 'not_an_api' });
  });

  it('not_an_api: a redirect is answered, not followed (the key would travel with it)', async () => {
    let followed = false;
    const target = await plainServer(() => {
      followed = true;
    });
    const redirecting = await plainServer((_, res) => res.writeHead(302, { location: target }).end());
    expect(await run(redirecting)).toMatchObject({ ok: false, failure: 'not_an_api', status: 302 });
    expect(followed).toBe(false);
  });
});

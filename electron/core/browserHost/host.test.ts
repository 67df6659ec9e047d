import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startBrowserHost } from './host';
import {
  bridgeUrl,
  hostForTests,
  rawClient,
  rawRequest,
  SECRET_TEXT,
  tempRenderer,
  upgradeStatus,
} from './testing';

const host = hostForTests();

describe('startBrowserHost: HTTP', () => {
  it('gives a 127.0.0.1 URL carrying a fresh random token', () => {
    expect(host().origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host().url).toBe(`${host().origin}/#token=${host().token}`);
    expect(host().token).toMatch(/^[\w-]{43}$/);
  });

  it('serves index.html for / with the strict CSP, nosniff and no-store', async () => {
    const res = await rawRequest(host(), '/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<div id="app">');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ${host().origin.replace('http', 'ws')}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves assets with their content type', async () => {
    const res = await rawRequest(host(), '/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const head = await rawRequest(host(), '/assets/app.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers 404 for missing files and folders', async () => {
    expect((await rawRequest(host(), '/nope.js')).status).toBe(404);
    expect((await rawRequest(host(), '/assets')).status).toBe(404);
  });

  it.each([
    '/../secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '//secret.txt',
  ])('refuses path traversal: %s', async (path) => {
    const res = await rawRequest(host(), path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain(SECRET_TEXT);
  });

  it('refuses other methods and other host names', async () => {
    expect((await rawRequest(host(), '/', { method: 'POST' })).status).toBe(405);
    // DNS rebinding: a page on another name that resolves to 127.0.0.1.
    const rebound = await rawRequest(host(), '/', { headers: { host: 'evil.example:80' } });
    expect(rebound.status).toBe(421);
    expect(rebound.body).not.toContain('<div id="app">');
  });
});

describe('startBrowserHost: the bridge WebSocket', () => {
  it('refuses a missing or wrong token, and a wrong or missing Origin, with 403', async () => {
    expect(await upgradeStatus(bridgeUrl(host(), null), host().origin)).toBe(403);
    expect(await upgradeStatus(bridgeUrl(host(), 'wrong'), host().origin)).toBe(403);
    expect(await upgradeStatus(bridgeUrl(host(), `${host().token}x`), host().origin)).toBe(403);
    expect(await upgradeStatus(bridgeUrl(host()), 'http://evil.example')).toBe(403);
    expect(await upgradeStatus(bridgeUrl(host()), 'http://localhost:' + new URL(host().origin).port)).toBe(
      403,
    );
    expect(await upgradeStatus(bridgeUrl(host()))).toBe(403);
    expect(
      await upgradeStatus(
        `${host().origin.replace('http', 'ws')}/other?token=${host().token}`,
        host().origin,
      ),
    ).toBe(404);
    expect(await upgradeStatus(bridgeUrl(host()), host().origin)).toBe(101);
  });

  it('round-trips app.info with the right token and Origin', async () => {
    const client = await rawClient(bridgeUrl(host()), host().origin);
    expect(await client.invoke('app.info')).toEqual({
      ok: true,
      value: { name: 'Dockhand', version: expect.any(String), host: 'browser' },
    });
    await client.close();
  });

  it('answers malformed frames that carry an id, ignores the rest, and stays usable', async () => {
    const client = await rawClient(bridgeUrl(host()), host().origin);
    client.send('not json');
    client.send({ type: 'nonsense' });
    client.send(Buffer.from([1, 2, 3]));
    const bad = client.result(41);
    client.send({ type: 'bogus', id: 41 });
    expect(await bad).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const badEnvelope = client.result(42);
    client.send({ type: 'invoke', id: 42, envelope: 'app.info' });
    expect(await badEnvelope).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await client.invoke('connection.bogus')).toMatchObject({
      ok: false,
      error: { code: 'unknown_command' },
    });
    expect(await client.invoke('app.info')).toMatchObject({ ok: true });
    await client.close();
  });

  it('answers commands with their validation errors', async () => {
    const client = await rawClient(bridgeUrl(host()), host().origin);
    expect(await client.invoke('connection.get')).toMatchObject({ ok: true, value: { status: 'none' } });
    expect(await client.invoke('store.attach', { storeName: '' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    await client.close();
  });
});

describe('startBrowserHost: startup failures', () => {
  it('refuses to start without a built renderer, saying what to run', async () => {
    const { dataDir } = tempRenderer();
    await expect(startBrowserHost({ dataDir, rendererDir: dataDir })).rejects.toThrow('run "npm run build"');
  });

  it('says so when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    await expect(startBrowserHost({ port, ...tempRenderer() })).rejects.toThrow(
      `Port ${port} is already in use`,
    );
    await new Promise((resolve) => blocker.close(resolve));
  });

  it('stops idempotently and closes open connections', async () => {
    const other = await startBrowserHost(tempRenderer());
    const client = await rawClient(bridgeUrl(other), other.origin);
    const closed = new Promise((resolve) => client.ws.once('close', resolve));
    await Promise.all([other.stop(), other.stop()]);
    await closed;
    await expect(rawRequest(other, '/')).rejects.toThrow();
  });
});

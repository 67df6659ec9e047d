import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp';
import { APP_ENTRY_URL, APP_ORIGIN, isAppUrl } from './origin';
import { rendererProtocolHandler } from './rendererProtocol';
import { devicePermissionAllowed, navigationPolicy, permissionAllowed, PERMISSIONS_IN_USE } from './guards';
import {
  enforcePermissionPolicy,
  guardEveryWebContents,
  hardenWebContents,
  isTrustedSender,
  secureWebPreferences,
  type HardenableContents,
  type PermissionSession,
} from './windowSecurity';

/** A stand-in for WebContents that records what the hardening registers, so the test can fire events. */
function recordingContents() {
  const listeners = new Map<string, (...args: never[]) => void>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents: HardenableContents = {
    setWindowOpenHandler: (handler) => void (openHandler = handler),
    on: (event: string, listener: (...args: never[]) => void) => void listeners.set(event, listener),
  } as HardenableContents;
  const fire = (event: string, url = '') => {
    let prevented = false;
    const listener = listeners.get(event) as
      ((e: { preventDefault(): void }, url: string) => void) | undefined;
    listener?.({ preventDefault: () => void (prevented = true) }, url);
    return prevented;
  };
  return { contents, fire, open: (url: string) => openHandler?.({ url }), listeners };
}

describe('window security', () => {
  it('turns on isolation and the sandbox and turns off Node everywhere', () => {
    const preferences = secureWebPreferences('/app/preload.cjs', { devTools: false });
    expect(preferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('denies new windows and blocks navigation and redirects off the app origin', () => {
    const blocked: string[] = [];
    const { contents, fire, open, listeners } = recordingContents();
    hardenWebContents(contents, (what, url) => blocked.push(`${what} ${url}`));
    expect(open('https://example.com/')).toEqual({ action: 'deny' });
    expect(fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(fire('will-redirect', 'http://127.0.0.1:9/')).toBe(true);
    expect(fire('will-navigate', `${APP_ORIGIN}/index.html#/orders`)).toBe(false);
    expect(fire('will-attach-webview')).toBe(true);
    expect([...listeners.keys()].sort()).toEqual(['will-attach-webview', 'will-navigate', 'will-redirect']);
    expect(blocked).toEqual([
      'window-open https://example.com/',
      'navigation https://evil.example/',
      'navigation file:///etc/passwd',
      'redirect http://127.0.0.1:9/',
      'webview ',
    ]);
  });

  it('hardens every web contents as it is created, not only the window', () => {
    const blocked: string[] = [];
    let created: ((event: unknown, contents: HardenableContents) => void) | undefined;
    guardEveryWebContents(
      { on: (_event, listener) => void (created = listener) },
      (what, url) => blocked.push(`${what} ${url}`),
      navigationPolicy(),
    );
    // Two contents (the window and, say, a DevTools page): each gets the full set of guards.
    for (const name of ['window', 'devtools']) {
      const { contents, fire, open, listeners } = recordingContents();
      created?.({}, contents);
      expect([...listeners.keys()].sort()).toEqual(['will-attach-webview', 'will-navigate', 'will-redirect']);
      expect(open(`https://${name}.example/`)).toEqual({ action: 'deny' });
      expect(fire('will-navigate', 'https://evil.example/')).toBe(true);
      expect(fire('will-navigate', APP_ENTRY_URL)).toBe(false);
      expect(fire('will-attach-webview')).toBe(true);
    }
    expect(blocked).toEqual([
      'window-open https://window.example/',
      'navigation https://evil.example/',
      'webview ',
      'window-open https://devtools.example/',
      'navigation https://evil.example/',
      'webview ',
    ]);
  });

  it('lets a page go only to the app origin, and in development to the loopback dev server', () => {
    const packaged = navigationPolicy();
    expect(packaged(`${APP_ORIGIN}/index.html#/orders`)).toBe(true);
    for (const url of [
      'http://localhost:5173/',
      'https://backoffice.example/v2.1',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'dockhand://app.evil.example/',
      'not a url',
    ]) {
      expect(packaged(url)).toBe(false);
    }
    const dev = navigationPolicy('http://localhost:5173/');
    expect(dev('http://localhost:5173/#/orders')).toBe(true);
    expect(dev('http://localhost:5174/')).toBe(false);
    expect(dev(APP_ENTRY_URL)).toBe(true);
    // A dev server URL off this computer is never trusted.
    expect(navigationPolicy('http://dev.example:5173/')('http://dev.example:5173/')).toBe(false);
  });

  it('grants no browser permission or device: none is in use', () => {
    expect([...PERMISSIONS_IN_USE]).toEqual([]);
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'clipboard-sanitized-write',
      'hid',
    ]) {
      expect(permissionAllowed(permission, APP_ENTRY_URL)).toBe(false);
    }
    expect(devicePermissionAllowed()).toBe(false);
  });

  it('applies the permission policy to requests, checks and devices', () => {
    const answers: boolean[] = [];
    const denied: string[] = [];
    let check: ((contents: unknown, permission: string, origin: string) => boolean) | undefined;
    let device: ((details: unknown) => boolean) | undefined;
    const session: PermissionSession = {
      setPermissionRequestHandler: (handler) => {
        for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
          handler(null, permission, (granted) => answers.push(granted), { requestingUrl: APP_ENTRY_URL });
        }
      },
      setPermissionCheckHandler: (handler) => void (check = handler),
      setDevicePermissionHandler: (handler) => void (device = handler),
    };
    enforcePermissionPolicy(session, (permission) => denied.push(permission));
    expect(answers).toEqual([false, false, false, false]);
    expect(denied).toEqual(['media', 'geolocation', 'notifications', 'clipboard-read']);
    expect(check?.(null, 'media', APP_ORIGIN)).toBe(false);
    expect(device?.({ deviceType: 'hid', origin: APP_ORIGIN })).toBe(false);
  });

  it('trusts IPC only from the app origin top frame', () => {
    expect(isTrustedSender({ url: APP_ENTRY_URL })).toBe(true);
    expect(isTrustedSender({ url: APP_ENTRY_URL, parent: {} })).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.example/' })).toBe(false);
    expect(isTrustedSender({ url: 'dockhand://app.evil.example/' })).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });
});

describe('content security policy', () => {
  it('allows only the app origin, no inline scripts, no framing or plugins', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(contentSecurityPolicy({ connect: ['ws://127.0.0.1:4000'] })).toContain(
      "connect-src 'self' ws://127.0.0.1:4000",
    );
  });
});

describe('renderer protocol', () => {
  const root = mkdtempSync(join(tmpdir(), 'dockhand-renderer-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Dockhand</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(tmpdir(), 'dockhand-secret.txt'), 'secret');
  const handle = rendererProtocolHandler(root);

  it('serves index.html with the CSP and scripts with their type', async () => {
    const page = await handle({ url: `${APP_ORIGIN}/` });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(await page.text()).toContain('Dockhand');
    const script = await handle({ url: `${APP_ORIGIN}/assets/app.js` });
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never serves files outside the renderer folder', async () => {
    for (const path of [
      '/../dockhand-secret.txt',
      '/%2e%2e/dockhand-secret.txt',
      '/assets/../../dockhand-secret.txt',
    ]) {
      expect((await handle({ url: `${APP_ORIGIN}${path}` })).status).toBe(404);
    }
    expect((await handle({ url: `${APP_ORIGIN}/missing.js` })).status).toBe(404);
    expect((await handle({ url: `${APP_ORIGIN}/%E0%A4%A` })).status).toBe(400);
  });
});

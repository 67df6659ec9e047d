import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp';
import { APP_ENTRY_URL, APP_ORIGIN, isAppUrl } from './origin';
import { rendererProtocolHandler } from './rendererProtocol';
import {
  denyAllPermissions,
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

  it('denies every permission request and check', () => {
    const answers: boolean[] = [];
    let check: ((contents: unknown, permission: string) => boolean) | undefined;
    const session: PermissionSession = {
      setPermissionRequestHandler: (handler) => {
        for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
          handler(null, permission, (granted) => answers.push(granted));
        }
      },
      setPermissionCheckHandler: (handler) => void (check = handler),
    };
    denyAllPermissions(session);
    expect(answers).toEqual([false, false, false, false]);
    expect(check?.(null, 'media')).toBe(false);
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

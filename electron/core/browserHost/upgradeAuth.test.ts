import { describe, expect, it } from 'vitest';
import { checkUpgrade, createBridgeToken, tokenMatches } from './upgradeAuth';

const origin = 'http://127.0.0.1:5780';
const token = createBridgeToken();
/** `headerOrigin` null: no Origin header at all (a non-browser client). */
const check = (url: string, headerOrigin: string | null = origin) =>
  checkUpgrade({ url, headers: headerOrigin === null ? {} : { origin: headerOrigin } }, { origin, token });

describe('upgradeAuth', () => {
  it('makes 256-bit URL-safe tokens, different each run', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createBridgeToken()).not.toBe(token);
  });

  it('matches only the exact token', () => {
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token, token.slice(1))).toBe(false);
    expect(tokenMatches(token, `${token} `)).toBe(false);
    expect(tokenMatches(token, '')).toBe(false);
    expect(tokenMatches(token, null)).toBe(false);
  });

  it('needs the bridge path, the host origin and the token', () => {
    expect(check(`/bridge?token=${token}`)).toEqual({ ok: true });
    expect(check(`/bridge?token=${encodeURIComponent(token)}&x=1`)).toEqual({ ok: true });
    expect(check(`/other?token=${token}`)).toMatchObject({ ok: false, status: 404 });
    expect(check('/bridge')).toMatchObject({ ok: false, status: 403 });
    expect(check(`/bridge?token=${token}`, 'http://127.0.0.1:5781')).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(check(`/bridge?token=${token}`, 'null')).toMatchObject({ ok: false, status: 403 });
    expect(check(`/bridge?token=${token}`, null)).toMatchObject({ ok: false, status: 403 });
  });
});

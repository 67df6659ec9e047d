import { describe, expect, it, vi } from 'vitest';
import type { DockhandBridge } from '../../bridge/contract';
import { selectBridge, TOKEN_STORAGE_KEY, type BridgeWindow } from './select';

const fakeBridge = (): DockhandBridge => ({
  invoke: vi.fn(),
  onEvent: () => () => {},
  serveStore: () => () => {},
});

function fakeWindow(hash: string, stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const win: BridgeWindow & { replaced: string[] } = {
    replaced: [],
    location: { protocol: 'http:', host: '127.0.0.1:5780', pathname: '/', search: '', hash },
    history: { replaceState: (_data, _unused, url) => win.replaced.push(url ?? '') },
    sessionStorage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    },
  };
  return { win, storage };
}

describe('selectBridge', () => {
  it('prefers the preload bridge', () => {
    const preload = fakeBridge();
    const { win } = fakeWindow('#token=abc');
    const create = vi.fn();
    win.dockhand = preload;
    expect(selectBridge(win, create)).toBe(preload);
    expect(create).not.toHaveBeenCalled();
  });

  it('connects with the hash token, keeps it for reloads and strips it from the URL', () => {
    const { win, storage } = fakeWindow('#token=a%2Bb_c-');
    const created = fakeBridge();
    const create = vi.fn(() => created);
    expect(selectBridge(win, create)).toBe(created);
    expect(create).toHaveBeenCalledWith('ws://127.0.0.1:5780/bridge?token=a%2Bb_c-');
    expect(storage.get(TOKEN_STORAGE_KEY)).toBe('a+b_c-');
    expect(win.replaced).toEqual(['/']);
  });

  it('keeps other hash parameters when stripping the token', () => {
    const { win } = fakeWindow('#token=abc&view=orders');
    selectBridge(win, fakeBridge);
    expect(win.replaced).toEqual(['/#view=orders']);
  });

  it('uses the stored token after a reload without the hash', () => {
    const { win } = fakeWindow('', { [TOKEN_STORAGE_KEY]: 'kept' });
    const create = vi.fn(fakeBridge);
    selectBridge(win, create);
    expect(create).toHaveBeenCalledWith('ws://127.0.0.1:5780/bridge?token=kept');
    expect(win.replaced).toEqual([]);
  });

  it('is null without a preload or a token, and outside a browser', () => {
    expect(selectBridge(fakeWindow('').win, fakeBridge)).toBeNull();
    expect(selectBridge(undefined, fakeBridge)).toBeNull();
  });

  it('still connects when session storage refuses', () => {
    const { win } = fakeWindow('#token=abc');
    win.sessionStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const create = vi.fn(fakeBridge);
    selectBridge(win, create);
    expect(create).toHaveBeenCalledOnce();
  });
});

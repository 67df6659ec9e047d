/**
 * The link state the window shows (issue #26): a dropped host connection is "reconnecting" at once, not
 * "Online"; it reconnects by itself with backoff; and a host that answers at its address but never takes
 * the socket again (a restarted browser host, with a new token) is told apart from one that is gone. A
 * fake socket and fake timers: no network, no waiting on the clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createWebSocketBridge,
  hostOrigin,
  LOST_CONNECTION,
  type HostLink,
  type WebSocketConstructor,
  type WebSocketLike,
} from './webSocketBridge';

class FakeSocket implements WebSocketLike {
  static made: FakeSocket[] = [];
  sent: string[] = [];
  binaryType?: string;
  onopen: ((event: never) => void) | null = null;
  onclose: ((event: never) => void) | null = null;
  onerror: ((event: never) => void) | null = null;
  onmessage: ((event: never) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  opens() {
    this.onopen?.({} as never);
  }
  drops() {
    this.onclose?.({} as never);
  }
  answer(id: number, value: unknown) {
    this.onmessage?.({ data: JSON.stringify({ type: 'result', id, result: { ok: true, value } }) } as never);
  }
}

const latest = () => FakeSocket.made.at(-1)!;

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function openBridge(probeHost: () => Promise<boolean>) {
  const links: HostLink[] = [];
  const bridge = createWebSocketBridge('ws://127.0.0.1:5780/bridge?token=t', {
    WebSocket: FakeSocket as unknown as WebSocketConstructor,
    backoff: { initialMs: 1_000, maxMs: 4_000 },
    log: () => {},
    probeHost,
  });
  bridge.onLink((link) => links.push(link));
  return { bridge, links };
}

describe('the bridge’s link state', () => {
  it('says reconnecting when the host drops, retries with backoff, and is open again by itself', async () => {
    const probe = vi.fn(() => Promise.resolve(false));
    const { bridge, links } = openBridge(probe);
    expect(links).toEqual([{ state: 'connecting' }]);
    latest().opens();
    expect(links.at(-1)).toEqual({ state: 'open' });

    // An invoke in flight when the host goes is answered, not left hanging.
    const asked = bridge.invoke('app.info', {});
    latest().drops();
    expect(await asked).toEqual({ ok: false, error: { code: 'failed', message: LOST_CONNECTION } });
    expect(links.at(-1)).toEqual({ state: 'reconnecting', attempts: 1, refused: false });

    // Attempts at 1 s, then 2 s later: each fails, the second one asks whether the host is there.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    latest().drops();
    expect(links.at(-1)).toEqual({ state: 'reconnecting', attempts: 1, refused: false });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(FakeSocket.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.made).toHaveLength(3);
    latest().drops();
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(links.at(-1)).toEqual({ state: 'reconnecting', attempts: 2, refused: false });

    // The host is back (same run, same token): the next attempt opens and the link says so.
    await vi.advanceTimersByTimeAsync(4_000);
    latest().opens();
    expect(links.at(-1)).toEqual({ state: 'open' });
    const again = bridge.invoke('app.info', {});
    const frame = JSON.parse(latest().sent.at(-1)!) as { id: number };
    latest().answer(frame.id, { name: 'Dockhand', version: '1', host: 'browser' });
    expect(await again).toMatchObject({ ok: true });
    bridge.close();
  });

  it('tells a host that answers at its address but refuses the socket (restarted) from one that is gone', async () => {
    let answers = true;
    const { bridge, links } = openBridge(() => Promise.resolve(answers));
    latest().opens();
    latest().drops();
    await vi.advanceTimersByTimeAsync(1_000);
    latest().drops();
    await vi.advanceTimersByTimeAsync(0);
    expect(links.at(-1)).toEqual({ state: 'reconnecting', attempts: 1, refused: false });
    await vi.advanceTimersByTimeAsync(2_000);
    latest().drops();
    await vi.advanceTimersByTimeAsync(0);
    expect(links.at(-1)).toEqual({ state: 'reconnecting', attempts: 2, refused: true });

    // Then the host stops answering at all: no longer "restarted", just gone.
    answers = false;
    await vi.advanceTimersByTimeAsync(4_000);
    latest().drops();
    await vi.advanceTimersByTimeAsync(0);
    expect(links.at(-1)).toEqual({ state: 'reconnecting', attempts: 3, refused: false });
    bridge.close();
  });

  it('a listener added later hears the state at once', () => {
    const { bridge } = openBridge(() => Promise.resolve(false));
    latest().opens();
    const heard: HostLink[] = [];
    bridge.onLink((link) => heard.push(link));
    expect(heard).toEqual([{ state: 'open' }]);
    bridge.close();
  });

  it('finds the page origin behind the socket URL', () => {
    expect(hostOrigin('ws://127.0.0.1:5780/bridge?token=x')).toBe('http://127.0.0.1:5780');
    expect(hostOrigin('wss://dock.example:8443/bridge')).toBe('https://dock.example:8443');
  });
});

import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { encodeBulkFrames } from '../../bridge/bulkFrame';
import type { BridgeEvent, StoreReply } from '../../bridge/contract';
import {
  createWebSocketBridge,
  LOST_CONNECTION,
  type WebSocketBridge,
  type WebSocketConstructor,
  type WebSocketLike,
} from './webSocketBridge';

interface Frame {
  type: string;
  id?: number;
  envelope?: { command: string; payload: unknown };
  reply?: StoreReply;
}

/** A stand-in host: records every frame of every connection and answers as each test says. */
async function fakeHost(answer: (frame: Frame, socket: WebSocket) => void = () => {}) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const frames: Frame[] = [];
  const sockets: WebSocket[] = [];
  server.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      frames.push(frame);
      answer(frame, socket);
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/bridge?token=t`,
    frames,
    sockets,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const ok = (socket: WebSocket, id: number, value: unknown = {}) =>
  socket.send(JSON.stringify({ type: 'result', id, result: { ok: true, value } }));

/** Answers every invoke with `{}`, or app.info. */
const answerAll = (frame: Frame, socket: WebSocket) => {
  if (frame.type !== 'invoke') return;
  const value =
    frame.envelope?.command === 'app.info' ? { name: 'Dockhand', version: '1', host: 'browser' } : {};
  ok(socket, frame.id!, value);
};

const bridges: WebSocketBridge[] = [];
const hosts: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const bridge of bridges.splice(0)) bridge.close();
  for (const host of hosts.splice(0)) await host.close();
});

function open(url: string, log: (message: string) => void = () => {}) {
  const bridge = createWebSocketBridge(url, {
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    backoff: { initialMs: 20, maxMs: 80 },
    log,
  });
  bridges.push(bridge);
  return bridge;
}

async function started(answer?: Parameters<typeof fakeHost>[0]) {
  const host = await fakeHost(answer);
  hosts.push(host);
  return host;
}

describe('createWebSocketBridge', () => {
  it('queues invokes while connecting and resolves each with its own answer', async () => {
    const host = await started(answerAll);
    const bridge = open(host.url);
    const [info, attach] = await Promise.all([
      bridge.invoke('app.info', {}),
      bridge.invoke('store.attach', { storeName: 'db' }),
    ]);
    expect(info).toEqual({ ok: true, value: { name: 'Dockhand', version: '1', host: 'browser' } });
    expect(attach).toEqual({ ok: true, value: {} });
    expect(host.frames.map((f) => f.envelope?.command)).toEqual(['app.info', 'store.attach']);
  });

  it('answers a waiting invoke with a failed error when the socket drops', async () => {
    const host = await started((frame, socket) => socket.terminate());
    const bridge = open(host.url);
    expect(await bridge.invoke('sync.now', {})).toEqual({
      ok: false,
      error: { code: 'failed', message: LOST_CONNECTION },
    });
  });

  it('answers an invoke whose result came just before the socket closed with that result', async () => {
    // Messages are handled after the thread is given back (./inbox.ts): the close must not overtake them.
    const host = await started((frame, socket) => {
      if (frame.type !== 'invoke') return;
      const answer = { type: 'result', id: frame.id, result: { ok: true, value: { seen: true } } };
      socket.send(JSON.stringify(answer), () => socket.close());
    });
    expect(await open(host.url).invoke('sync.now', {})).toEqual({ ok: true, value: { seen: true } });
  });

  it('handles what a socket delivered before failing its invokes, even when the close comes in the same task', async () => {
    // A stand-in socket that answers an invoke and closes at once, with no task in between for the inbox
    // to run: only the drain on close can hand the answer over.
    class AnswerThenClose implements WebSocketLike {
      binaryType?: string;
      onopen: ((event: never) => void) | null = null;
      onclose: ((event: never) => void) | null = null;
      onerror: ((event: never) => void) | null = null;
      onmessage: ((event: never) => void) | null = null;
      constructor() {
        queueMicrotask(() => this.onopen?.(undefined as never));
      }
      send(data: string) {
        const { id } = JSON.parse(data) as { id: number };
        const answer = { type: 'result', id, result: { ok: true, value: { seen: true } } };
        this.onmessage?.({ data: JSON.stringify(answer) } as never);
        this.onclose?.(undefined as never);
      }
      close() {}
    }
    const bridge = createWebSocketBridge('ws://127.0.0.1:9/bridge', {
      WebSocket: AnswerThenClose,
      backoff: { initialMs: 60_000, maxMs: 60_000 },
      log: () => {},
    });
    bridges.push(bridge);
    expect(await bridge.invoke('sync.now', {})).toEqual({ ok: true, value: { seen: true } });
  });

  it('delivers events after the socket callback, in the order they came', async () => {
    const host = await started(answerAll);
    const bridge = open(host.url);
    const events: BridgeEvent[] = [];
    bridge.onEvent((event) => events.push(event));
    await bridge.invoke('app.info', {});
    for (const id of ['a', 'b', 'c'])
      host.sockets[0]!.send(
        JSON.stringify({ type: 'event', envelope: { event: 'ops.changed', payload: { ids: [id] } } }),
      );
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events.map((event) => (event.payload as { ids: string[] }).ids[0])).toEqual(['a', 'b', 'c']);
  });

  it('answers a malformed result with a failed error instead of passing it on', async () => {
    const host = await started((frame, socket) =>
      socket.send(JSON.stringify({ type: 'result', id: frame.id, result: { ok: 'yes' } })),
    );
    const result = await open(host.url).invoke('app.info', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'failed' } });
  });

  it('delivers valid events and drops malformed ones and frames that are not JSON', async () => {
    const host = await started(answerAll);
    const log = vi.fn();
    const bridge = open(host.url, log);
    const events: BridgeEvent[] = [];
    const stop = bridge.onEvent((event) => events.push(event));
    await bridge.invoke('app.info', {});
    const socket = host.sockets[0]!;
    socket.send('not json');
    socket.send(JSON.stringify({ type: 'event', envelope: { event: 'ops.changed', payload: { ids: 5 } } }));
    socket.send(JSON.stringify({ type: 'event', envelope: { event: 'nope', payload: {} } }));
    socket.send(
      JSON.stringify({ type: 'event', envelope: { event: 'ops.changed', payload: { ids: ['a'] } } }),
    );
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toEqual({ event: 'ops.changed', payload: { ids: ['a'] } });
    expect(log).toHaveBeenCalledTimes(3);
    stop();
    socket.send(
      JSON.stringify({ type: 'event', envelope: { event: 'ops.changed', payload: { ids: ['b'] } } }),
    );
    await bridge.invoke('app.info', {});
    expect(events).toHaveLength(1);
  });

  it('answers store requests with the served handler, and refuses them without one', async () => {
    const host = await started(answerAll);
    const bridge = open(host.url);
    await bridge.invoke('app.info', {});
    const socket = host.sockets[0]!;
    const request = (id: number) =>
      socket.send(JSON.stringify({ type: 'store.request', request: { id, method: 'listOps', request: {} } }));

    request(1);
    await vi.waitFor(() => expect(host.frames.filter((f) => f.type === 'store.reply')).toHaveLength(1));
    expect(host.frames.at(-1)!.reply).toMatchObject({ id: 1, result: { ok: false } });

    const stop = bridge.serveStore(async (r) => ({ id: r.id, result: { ok: true, value: [r.method] } }));
    request(2);
    await vi.waitFor(() => expect(host.frames.filter((f) => f.type === 'store.reply')).toHaveLength(2));
    expect(host.frames.at(-1)!.reply).toEqual({ id: 2, result: { ok: true, value: ['listOps'] } });

    stop();
    socket.send(JSON.stringify({ type: 'store.request', request: { id: 'x' } }));
    await vi.waitFor(() => expect(host.frames.filter((f) => f.type === 'store.reply')).toHaveLength(3));
    expect(host.frames.at(-1)!.reply).toEqual({
      id: 0,
      result: { ok: false, error: { message: 'Malformed store request' } },
    });
  });

  it('answers a pulled page sent in binary frames, its rows handed over as bytes, and drops a malformed frame', async () => {
    const host = await started(answerAll);
    const logged: string[] = [];
    const bridge = open(host.url, (message) => logged.push(message));
    await bridge.invoke('app.info', {});
    const handled: unknown[] = [];
    bridge.serveStore(async (r) => {
      handled.push(r.request);
      return { id: r.id, result: { ok: true, value: {} } };
    });
    const socket = host.sockets[0]!;
    const head = {
      type: 'store.request',
      request: { id: 5, method: 'applyPulledPage', request: { cursor: null } },
    };
    for (const frame of encodeBulkFrames(head, '[{"table":"products","put":[]}]', 8)) socket.send(frame);
    await vi.waitFor(() => expect(host.frames.filter((f) => f.type === 'store.reply')).toHaveLength(1));
    expect(handled).toHaveLength(1);
    const { writesBytes: parts, ...rest } = handled[0] as { writesBytes: Uint8Array[] };
    expect(rest).toEqual({ cursor: null });
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((part) => new TextDecoder().decode(part)).join('')).toBe(
      '[{"table":"products","put":[]}]',
    );

    socket.send(new Uint8Array([0, 0, 0, 200, 1, 2]));
    await vi.waitFor(() => expect(logged).toContain('dropped a malformed frame'));
    expect(handled).toHaveLength(1);
  });

  it('reconnects after a drop and re-sends the last store.attach before anything queued', async () => {
    const host = await started(answerAll);
    const bridge = open(host.url);
    bridge.serveStore(async (r) => ({ id: r.id, result: { ok: true, value: null } }));
    expect((await bridge.invoke('store.attach', { storeName: 'demo-db' })).ok).toBe(true);

    host.sockets[0]!.terminate();
    await vi.waitFor(() => expect(host.sockets).toHaveLength(2));
    const info = bridge.invoke('app.info', {});
    expect((await info).ok).toBe(true);
    const second = host.frames.slice(1).map((f) => f.envelope);
    expect(second).toEqual([
      { command: 'store.attach', payload: { storeName: 'demo-db' } },
      { command: 'app.info', payload: {} },
    ]);
  });

  it('does not re-attach after another renderer took the store over', async () => {
    const host = await started(answerAll);
    const bridge = open(host.url);
    bridge.serveStore(async (r) => ({ id: r.id, result: { ok: true, value: null } }));
    await bridge.invoke('store.attach', { storeName: 'demo-db' });
    const detached = new Promise((resolve) => bridge.onEvent(resolve));
    host.sockets[0]!.send(
      JSON.stringify({ type: 'event', envelope: { event: 'store.detached', payload: { reason: 'tab' } } }),
    );
    await detached;
    host.sockets[0]!.terminate();
    await vi.waitFor(() => expect(host.sockets).toHaveLength(2));
    await bridge.invoke('app.info', {});
    expect(host.frames.slice(1).map((f) => f.envelope?.command)).toEqual(['app.info']);
  });

  it('keeps retrying while the host is down, with failed answers meanwhile', async () => {
    const host = await started(answerAll);
    const url = host.url;
    await host.close();
    hosts.length = 0;
    const bridge = open(url);
    expect(await bridge.invoke('app.info', {})).toMatchObject({
      ok: false,
      error: { message: LOST_CONNECTION },
    });
  });

  it('close() answers waiting invokes and stops reconnecting', async () => {
    const host = await started();
    const bridge = open(host.url);
    const waiting = bridge.invoke('sync.now', {});
    await vi.waitFor(() => expect(host.frames).toHaveLength(1));
    bridge.close();
    expect((await waiting).ok).toBe(false);
    expect(await bridge.invoke('app.info', {})).toMatchObject({ ok: false });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(host.sockets).toHaveLength(1);
  });
});

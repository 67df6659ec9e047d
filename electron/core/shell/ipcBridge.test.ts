import { describe, expect, it } from 'vitest';
import {
  BRIDGE_CHANNEL,
  EVENT_CHANNEL,
  STORE_REPLY_CHANNEL,
  STORE_REQUEST_CHANNEL,
  type BridgeResult,
} from '../../../src/bridge/contract';
import type { RendererLink } from '../bridge/rendererLink';
import {
  mountIpcBridge,
  type IpcEvent,
  type IpcMainLike,
  type IpcSender,
  type IpcSenderFrame,
} from './ipcBridge';
import { APP_ENTRY_URL } from './origin';
import { isTrustedSender } from './windowSecurity';

type Listener = (event: IpcEvent, ...args: unknown[]) => unknown;

/** A stand-in for ipcMain that lets the test play the renderer's side of each channel. */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const listeners = new Map<string, Set<Listener>>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
    on: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
  };
  return {
    ipcMain,
    handlers,
    listeners,
    invoke: (event: IpcEvent, envelope: unknown) =>
      handlers.get(BRIDGE_CHANNEL)?.(event, envelope) as Promise<BridgeResult<unknown>>,
    reply: (event: IpcEvent, reply: unknown) =>
      [...(listeners.get(STORE_REPLY_CHANNEL) ?? [])].forEach((listener) => listener(event, reply)),
  };
}

/** A stand-in for a window's WebContents: records what is sent to it and can be destroyed. */
function fakeContents(id: number) {
  const sent: [string, unknown][] = [];
  const onDestroyed: (() => void)[] = [];
  let destroyed = false;
  let failSends = false;
  const sender: IpcSender = {
    id,
    send: (channel, payload) => {
      if (failSends) throw new Error('Object has been destroyed');
      sent.push([channel, payload]);
    },
    once: (_event, listener) => onDestroyed.push(listener),
    isDestroyed: () => destroyed,
  };
  const event = (frame: IpcSenderFrame | null = { url: APP_ENTRY_URL }): IpcEvent => ({
    sender,
    senderFrame: frame,
  });
  return {
    sender,
    sent,
    event,
    failSends: () => void (failSends = true),
    destroy: () => {
      destroyed = true;
      onDestroyed.splice(0).forEach((listener) => listener());
    },
  };
}

/** A MainBridge that records the links it was handed and answers with `answer`. */
function fakeBridge(answer: (link: RendererLink, envelope: unknown) => Promise<BridgeResult<unknown>>) {
  const handled: { link: RendererLink; envelope: unknown }[] = [];
  const detached: RendererLink[] = [];
  return {
    handled,
    detached,
    bridge: {
      handle: async (link: RendererLink, envelope: unknown) => {
        handled.push({ link, envelope });
        return answer(link, envelope);
      },
      detach: async (link: RendererLink) => void detached.push(link),
    },
  };
}

function recordingLogger() {
  const lines: string[] = [];
  const log = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return { lines, logger: { info: log('info'), warn: log('warn'), error: log('error') } };
}

function setup(answer = async (): Promise<BridgeResult<unknown>> => ({ ok: true, value: {} })) {
  const ipc = fakeIpcMain();
  const fake = fakeBridge(answer);
  const { lines, logger } = recordingLogger();
  const mounted = mountIpcBridge({ ipcMain: ipc.ipcMain, bridge: fake.bridge, isTrustedSender, logger });
  return { ...ipc, ...fake, lines, mounted };
}

const syncNow = { command: 'sync.now', payload: {} };

describe('mountIpcBridge', () => {
  it('dispatches commands from the app frame with one link per webContents', async () => {
    const { invoke, handled, handlers, listeners } = setup(async () => ({ ok: true, value: { pong: 1 } }));
    expect([...handlers.keys()]).toEqual([BRIDGE_CHANNEL]);
    expect([...listeners.keys()]).toEqual([STORE_REPLY_CHANNEL]);
    const first = fakeContents(1);
    const second = fakeContents(2);
    expect(await invoke(first.event(), syncNow)).toEqual({ ok: true, value: { pong: 1 } });
    await invoke(first.event(), { command: 'app.info', payload: {} });
    await invoke(second.event(), syncNow);
    expect(handled.map(({ envelope }) => envelope)).toEqual([
      syncNow,
      { command: 'app.info', payload: {} },
      syncNow,
    ]);
    const [a, b, c] = handled.map(({ link }) => link);
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect([a?.label, c?.label]).toEqual(['window 1', 'window 2']);
  });

  it('refuses commands from other origins, subframes and vanished frames without reaching the bridge', async () => {
    const { invoke, handled, lines } = setup();
    const contents = fakeContents(1);
    for (const frame of [{ url: 'https://evil.example/' }, { url: APP_ENTRY_URL, parent: {} }, null]) {
      expect(await invoke(contents.event(frame), syncNow)).toEqual({
        ok: false,
        error: { code: 'bad_request', message: 'Untrusted sender' },
      });
    }
    expect(handled).toEqual([]);
    expect(lines.filter((line) => line.startsWith('warn'))).toHaveLength(3);
  });

  it('sends events and store requests to the window, and routes its replies back to its link', async () => {
    const { invoke, reply, handled } = setup();
    const contents = fakeContents(1);
    const other = fakeContents(2);
    await invoke(contents.event(), syncNow);
    const link = handled[0]!.link;

    link.emit({ event: 'ops.changed', payload: { ids: ['op-1'] } });
    expect(contents.sent[0]).toEqual([EVENT_CHANNEL, { event: 'ops.changed', payload: { ids: ['op-1'] } }]);

    const answer = link.requestStore({ id: 7, method: 'listOps', request: {} });
    const [channel, request] = contents.sent[1] as [string, { id: number; method: string }];
    expect(channel).toBe(STORE_REQUEST_CHANNEL);
    expect(request.method).toBe('listOps');
    const wireReply = { id: request.id, result: { ok: true, value: [] } };
    // Neither another window nor a foreign frame in this one can answer it.
    reply(other.event(), wireReply);
    reply(contents.event({ url: 'https://evil.example/' }), wireReply);
    reply(contents.event(), wireReply);
    await expect(answer).resolves.toEqual({ id: 7, result: { ok: true, value: [] } });
  });

  it('closes the link and detaches it when the window is destroyed', async () => {
    const { invoke, handled, detached } = setup();
    const contents = fakeContents(1);
    await invoke(contents.event(), syncNow);
    const link = handled[0]!.link;
    const pending = link.requestStore({ id: 1, method: 'listOps', request: {} });
    contents.destroy();
    await expect(pending).rejects.toThrow(/window 1 closed: the window was closed/);
    expect(link.closed).toBe(true);
    await Promise.resolve();
    expect(detached).toEqual([link]);
  });

  it('fails store requests at once and drops events when the window cannot be reached', async () => {
    const { invoke, handled } = setup();
    const contents = fakeContents(1);
    await invoke(contents.event(), syncNow);
    const link = handled[0]!.link;
    contents.failSends();
    expect(() => link.emit({ event: 'store.detached', payload: { reason: 'x' } })).not.toThrow();
    await expect(link.requestStore({ id: 1, method: 'listOps', request: {} })).rejects.toThrow(/destroyed/);
  });

  it('turns a throwing bridge into a failed result', async () => {
    const { invoke, lines } = setup(async () => {
      throw new Error('boom');
    });
    expect(await invoke(fakeContents(1).event(), syncNow)).toEqual({
      ok: false,
      error: { code: 'failed', message: 'Unexpected failure' },
    });
    expect(lines).toContain('error bridge handle threw');
  });

  it('dispatchAs runs a command on the window’s own link (the menu’s Sync now)', async () => {
    const { invoke, mounted, handled } = setup();
    const contents = fakeContents(1);
    await invoke(contents.event(), { command: 'store.attach', payload: { storeName: 's' } });
    expect(await mounted.dispatchAs(contents.sender, syncNow)).toEqual({ ok: true, value: {} });
    expect(handled[1]?.link).toBe(handled[0]?.link);
    expect(handled[1]?.envelope).toEqual(syncNow);
  });

  it('dispose unregisters the channels, closes and detaches every link, and refuses later commands', async () => {
    const { invoke, mounted, handled, detached, handlers, listeners } = setup();
    const contents = fakeContents(1);
    await invoke(contents.event(), syncNow);
    const link = handled[0]!.link;
    await mounted.dispose();
    await mounted.dispose();
    expect(handlers.size).toBe(0);
    expect(listeners.get(STORE_REPLY_CHANNEL)?.size).toBe(0);
    expect(link.closed).toBe(true);
    expect(detached).toEqual([link]);
    expect(await mounted.dispatchAs(contents.sender, syncNow)).toMatchObject({ ok: false });
    contents.destroy();
    await Promise.resolve();
    expect(detached).toEqual([link]);
  });
});

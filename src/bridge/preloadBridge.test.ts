import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_CHANNEL,
  EVENT_CHANNEL,
  STORE_REPLY_CHANNEL,
  STORE_REQUEST_CHANNEL,
  type BridgeEvent,
  type StoreReply,
  type StoreRequest,
} from './contract';
import { createIpcBridge, type IpcRendererLike } from './preloadBridge';

/**
 * A stand-in for ipcRenderer: an EventEmitter (as Electron's is, so a throwing listener would stop the
 * others) plus a scripted `invoke` and a record of `send`.
 */
function fakeIpcRenderer(answer: (channel: string, message: unknown) => Promise<unknown> = async () => null) {
  const emitter = new EventEmitter();
  const invoked: [string, unknown][] = [];
  const sent: [string, unknown][] = [];
  let refuseClone = false;
  const ipc: IpcRendererLike = {
    invoke: (channel, message) => {
      invoked.push([channel, message]);
      return answer(channel, message);
    },
    send: (channel, message) => {
      if (refuseClone && JSON.stringify(message).includes('uncloneable')) {
        throw new Error('An object could not be cloned.');
      }
      sent.push([channel, message]);
    },
    on: (channel, listener) => emitter.on(channel, listener),
    removeListener: (channel, listener) => emitter.removeListener(channel, listener),
  };
  return {
    ipc,
    invoked,
    sent,
    /** Main sends on `channel` (the first listener argument is the IPC event, which the page must never see). */
    fromMain: (channel: string, message: unknown) => emitter.emit(channel, { sender: 'ipc-event' }, message),
    count: (channel: string) => emitter.listenerCount(channel),
    refuseClone: () => void (refuseClone = true),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const statusEvent = { event: 'ops.changed', payload: { ids: ['op-1'] } } as const;

describe('createIpcBridge', () => {
  it('invokes the bridge channel with { command, payload } and returns the result', async () => {
    const fake = fakeIpcRenderer(async () => ({
      ok: true,
      value: { name: 'Dockhand', version: '1', host: 'electron' },
    }));
    const bridge = createIpcBridge(fake.ipc);
    expect(await bridge.invoke('app.info', {})).toEqual({
      ok: true,
      value: { name: 'Dockhand', version: '1', host: 'electron' },
    });
    expect(fake.invoked).toEqual([[BRIDGE_CHANNEL, { command: 'app.info', payload: {} }]]);
  });

  it('passes failures through as data and turns a rejected or garbled invoke into a failed result', async () => {
    const error = { ok: false, error: { code: 'not_connected', message: 'Not connected' } };
    expect(await createIpcBridge(fakeIpcRenderer(async () => error).ipc).invoke('sync.now', {})).toEqual(
      error,
    );
    const rejecting = fakeIpcRenderer(async () => {
      throw new Error("No handler registered for 'dockhand:bridge'");
    });
    expect(await createIpcBridge(rejecting.ipc).invoke('sync.now', {})).toEqual({
      ok: false,
      error: { code: 'failed', message: "No handler registered for 'dockhand:bridge'" },
    });
    const garbled = fakeIpcRenderer(async () => ({ surprise: true }));
    expect(await createIpcBridge(garbled.ipc).invoke('sync.now', {})).toMatchObject({
      ok: false,
      error: { code: 'failed' },
    });
  });

  it('delivers valid events only, without the IPC event, and drops malformed ones', () => {
    const fake = fakeIpcRenderer();
    const invalid: unknown[] = [];
    const bridge = createIpcBridge(fake.ipc, { onInvalid: (_what, raw) => invalid.push(raw) });
    const heard: BridgeEvent[] = [];
    bridge.onEvent((event) => heard.push(event));
    fake.fromMain(EVENT_CHANNEL, statusEvent);
    fake.fromMain(EVENT_CHANNEL, { event: 'ops.changed', payload: { ids: 'not-a-list' } });
    fake.fromMain(EVENT_CHANNEL, { event: 'no.such.event', payload: {} });
    expect(heard).toEqual([statusEvent]);
    expect(invalid).toHaveLength(2);
  });

  it('unsubscribe removes exactly that listener, once', () => {
    const fake = fakeIpcRenderer();
    const bridge = createIpcBridge(fake.ipc);
    const first: unknown[] = [];
    const second: unknown[] = [];
    const stopFirst = bridge.onEvent((event) => first.push(event));
    bridge.onEvent((event) => second.push(event));
    expect(fake.count(EVENT_CHANNEL)).toBe(2);
    stopFirst();
    stopFirst();
    expect(fake.count(EVENT_CHANNEL)).toBe(1);
    fake.fromMain(EVENT_CHANNEL, statusEvent);
    expect(first).toEqual([]);
    expect(second).toEqual([statusEvent]);
  });

  it('keeps delivering to other listeners when one throws, and still reports the error', async () => {
    const fake = fakeIpcRenderer();
    const bridge = createIpcBridge(fake.ipc);
    const heard: unknown[] = [];
    bridge.onEvent(() => {
      throw new Error('listener broke');
    });
    bridge.onEvent((event) => heard.push(event));
    const reported = new Promise((resolve) => process.once('uncaughtException', resolve));
    fake.fromMain(EVENT_CHANNEL, statusEvent);
    expect(heard).toEqual([statusEvent]);
    expect(await reported).toMatchObject({ message: 'listener broke' });
  });

  it('serves store requests and sends each reply on the reply channel', async () => {
    const fake = fakeIpcRenderer();
    const bridge = createIpcBridge(fake.ipc);
    const seen: StoreRequest[] = [];
    bridge.serveStore(async (request) => {
      seen.push(request);
      return { id: request.id, result: { ok: true, value: ['row'] } };
    });
    fake.fromMain(STORE_REQUEST_CHANNEL, { id: 3, method: 'listOps', request: { limit: 1 } });
    await flush();
    expect(seen).toEqual([{ id: 3, method: 'listOps', request: { limit: 1 } }]);
    expect(fake.sent).toEqual([[STORE_REPLY_CHANNEL, { id: 3, result: { ok: true, value: ['row'] } }]]);
  });

  it('answers a throwing handler or an uncloneable answer with a failure of the same id', async () => {
    const fake = fakeIpcRenderer();
    const bridge = createIpcBridge(fake.ipc);
    bridge.serveStore((request): Promise<StoreReply> => {
      if (request.method === 'boom') throw new Error('store is closed');
      return Promise.resolve({ id: request.id, result: { ok: true, value: 'uncloneable' } });
    });
    fake.refuseClone();
    fake.fromMain(STORE_REQUEST_CHANNEL, { id: 1, method: 'boom', request: {} });
    fake.fromMain(STORE_REQUEST_CHANNEL, { id: 2, method: 'listOps', request: {} });
    await flush();
    expect(fake.sent).toEqual([
      [STORE_REPLY_CHANNEL, { id: 1, result: { ok: false, error: { message: 'store is closed' } } }],
      [
        STORE_REPLY_CHANNEL,
        { id: 2, result: { ok: false, error: { message: 'An object could not be cloned.' } } },
      ],
    ]);
  });

  it('drops malformed store requests without calling the handler', async () => {
    const fake = fakeIpcRenderer();
    const onInvalid = vi.fn();
    const handler = vi.fn();
    createIpcBridge(fake.ipc, { onInvalid }).serveStore(handler);
    fake.fromMain(STORE_REQUEST_CHANNEL, { id: -1, method: 'listOps', request: {} });
    fake.fromMain(STORE_REQUEST_CHANNEL, 'garbage');
    await flush();
    expect(handler).not.toHaveBeenCalled();
    expect(fake.sent).toEqual([]);
    expect(onInvalid).toHaveBeenCalledTimes(2);
  });

  it('serves one store at a time: a new server replaces the old, whose stop leaves the new one alone', async () => {
    const fake = fakeIpcRenderer();
    const bridge = createIpcBridge(fake.ipc);
    const answer = (tag: string) => async (request: StoreRequest) => ({
      id: request.id,
      result: { ok: true as const, value: tag },
    });
    const stopOld = bridge.serveStore(answer('old'));
    const stopNew = bridge.serveStore(answer('new'));
    stopOld();
    fake.fromMain(STORE_REQUEST_CHANNEL, { id: 5, method: 'listOps', request: {} });
    await flush();
    stopNew();
    stopNew();
    fake.fromMain(STORE_REQUEST_CHANNEL, { id: 6, method: 'listOps', request: {} });
    await flush();
    expect(fake.sent).toEqual([
      [STORE_REPLY_CHANNEL, { id: 5, result: { ok: true, value: 'new' } }],
      // Refused at once while nothing serves, so main does not wait for its timeout.
      [
        STORE_REPLY_CHANNEL,
        { id: 6, result: { ok: false, error: { message: 'This window does not serve a store' } } },
      ],
    ]);
    expect(fake.count(STORE_REQUEST_CHANNEL)).toBe(1);
  });
});

/**
 * The bridge over Electron IPC: commands arrive on BRIDGE_CHANNEL (invoke/handle), events and store requests
 * leave on EVENT_CHANNEL and STORE_REQUEST_CHANNEL, store replies come back on STORE_REPLY_CHANNEL. Each
 * webContents is one RendererLink for the main bridge; when it is destroyed its link closes (pending store
 * requests fail at once instead of timing out) and the bridge detaches it (sync stops if it served the store).
 * Every message from a frame that is not the app's own top-level document is refused or ignored.
 * The Electron objects are passed in, so tests drive it with fakes.
 */
import {
  BRIDGE_CHANNEL,
  EVENT_CHANNEL,
  STORE_REPLY_CHANNEL,
  STORE_REQUEST_CHANNEL,
  type BridgeResult,
} from '../../../src/bridge/contract';
import type { AppLogger } from '../bridge/logger';
import type { MainBridge } from '../bridge/mainBridge';
import { createRendererLink, type RendererLink } from '../bridge/rendererLink';
import { isPrintTarget } from '../print/target';

/** The members of a WebContents (`event.sender`) this module uses. */
export interface IpcSender {
  readonly id: number;
  send(channel: string, ...args: unknown[]): void;
  once(event: 'destroyed', listener: () => void): unknown;
  isDestroyed(): boolean;
}

/** A frame as `isTrustedSender` (electron/core/shell/windowSecurity.ts) judges it. */
export interface IpcSenderFrame {
  url: string;
  parent?: unknown;
}

/** The members of IpcMainEvent / IpcMainInvokeEvent this module uses. */
export interface IpcEvent {
  readonly sender: IpcSender;
  /** null when the frame navigated away or was destroyed before the message was handled. */
  readonly senderFrame: IpcSenderFrame | null;
}

/** The members of Electron's ipcMain this module uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEvent, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
  on(channel: string, listener: (event: IpcEvent, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: IpcEvent, ...args: unknown[]) => void): unknown;
}

export interface IpcBridgeOptions {
  ipcMain: IpcMainLike;
  bridge: Pick<MainBridge, 'handle' | 'detach'>;
  isTrustedSender: (frame: IpcSenderFrame | null) => boolean;
  logger: AppLogger;
  /** How long a store request waits for its reply (the link's default when omitted). */
  storeTimeoutMs?: number;
}

export interface MountedIpcBridge {
  /**
   * Runs a command as if `sender`'s page had sent it, e.g. the menu's "Sync now" on behalf of the focused
   * window. Main-side callers only: no frame check, because no renderer is involved.
   */
  dispatchAs(sender: IpcSender, envelope: unknown): Promise<BridgeResult<unknown>>;
  /** Unregisters the channels, closes every link and detaches each from the bridge. */
  dispose(): Promise<void>;
}

type Entry = ReturnType<typeof createRendererLink>;

const UNTRUSTED: BridgeResult<never> = {
  ok: false,
  error: { code: 'bad_request', message: 'Untrusted sender' },
};

export function mountIpcBridge(options: IpcBridgeOptions): MountedIpcBridge {
  const { ipcMain, bridge, isTrustedSender, logger } = options;
  /** By webContents id: Electron may hand out a different wrapper object for the same contents. */
  const entries = new Map<number, Entry>();
  let disposed = false;

  function release(id: number, entry: Entry, reason: string): Promise<void> {
    if (entries.get(id) === entry) entries.delete(id);
    // Once per link: a window destroyed after dispose() was already detached.
    if (entry.link.closed) return Promise.resolve();
    entry.close(reason);
    return bridge.detach(entry.link).catch((error: unknown) => {
      logger.warn('bridge detach failed', { link: entry.link.label, error });
    });
  }

  function linkFor(sender: IpcSender): RendererLink {
    const existing = entries.get(sender.id);
    if (existing && !existing.link.closed) return existing.link;
    const label = `window ${sender.id}`;
    const entry = createRendererLink({
      label,
      // Sending to a destroyed webContents throws; the link treats a throw as "not delivered".
      sendEvent: (envelope) => sender.send(EVENT_CHANNEL, envelope),
      sendStoreRequest: (request) => sender.send(STORE_REQUEST_CHANNEL, request),
      ...(options.storeTimeoutMs !== undefined ? { timeoutMs: options.storeTimeoutMs } : {}),
      // The sender's own WebContents prints it (`print.run`, electron/core/print); test fakes have none.
      ...(isPrintTarget(sender) ? { printTarget: sender } : {}),
    });
    entries.set(sender.id, entry);
    sender.once('destroyed', () => void release(sender.id, entry, 'the window was closed'));
    return entry.link;
  }

  const onInvoke = async (event: IpcEvent, envelope: unknown): Promise<BridgeResult<unknown>> => {
    if (!isTrustedSender(event.senderFrame)) {
      logger.warn('bridge command from an untrusted frame refused', { url: event.senderFrame?.url ?? null });
      return UNTRUSTED;
    }
    return dispatch(event.sender, envelope);
  };

  async function dispatch(sender: IpcSender, envelope: unknown): Promise<BridgeResult<unknown>> {
    if (disposed) return { ok: false, error: { code: 'failed', message: 'The app is shutting down.' } };
    if (sender.isDestroyed()) return { ok: false, error: { code: 'failed', message: 'The window is gone.' } };
    try {
      return await bridge.handle(linkFor(sender), envelope);
    } catch (error) {
      // The bridge answers failures as data; a throw here is a bug, and still must not reach the renderer raw.
      logger.error('bridge handle threw', { error });
      return { ok: false, error: { code: 'failed', message: 'Unexpected failure' } };
    }
  }

  const onStoreReply = (event: IpcEvent, reply: unknown) => {
    if (!isTrustedSender(event.senderFrame)) {
      logger.warn('store reply from an untrusted frame ignored', { url: event.senderFrame?.url ?? null });
      return;
    }
    // A reply from a window with no link answers nothing we asked; the link ignores unknown ids itself.
    entries.get(event.sender.id)?.receiveStoreReply(reply);
  };

  ipcMain.handle(BRIDGE_CHANNEL, (event, envelope) => onInvoke(event, envelope));
  ipcMain.on(STORE_REPLY_CHANNEL, onStoreReply);

  return {
    dispatchAs: (sender, envelope) => dispatch(sender, envelope),
    async dispose() {
      if (disposed) return;
      disposed = true;
      ipcMain.removeHandler(BRIDGE_CHANNEL);
      ipcMain.removeListener(STORE_REPLY_CHANNEL, onStoreReply);
      await Promise.all([...entries].map(([id, entry]) => release(id, entry, 'the app is quitting')));
    },
  };
}

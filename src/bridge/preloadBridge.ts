/**
 * The DockhandBridge over Electron's ipcRenderer, as a pure function of an ipcRenderer-like object, so the
 * preload stays a two-line file and this logic is tested without Electron. Runs in the preload's isolated
 * world: nothing Electron-specific (the IPC event object, ipcRenderer itself) is ever handed to the page;
 * the page gets validated events and plain results only.
 */
import { z } from 'zod';
import {
  BRIDGE_CHANNEL,
  BridgeErrorSchema,
  EVENT_CHANNEL,
  parseBridgeEvent,
  STORE_REPLY_CHANNEL,
  STORE_REQUEST_CHANNEL,
  StoreRequestSchema,
  type BridgeResult,
  type DockhandBridge,
  type StoreReply,
  type StoreRequest,
} from './contract';

type IpcListener = (event: unknown, ...args: unknown[]) => void;

/** The members of Electron's ipcRenderer the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  send(channel: string, ...args: unknown[]): void;
  on(channel: string, listener: IpcListener): unknown;
  removeListener(channel: string, listener: IpcListener): unknown;
}

export interface IpcBridgeOptions {
  /** An event or store request that failed validation (dropped); default: a console warning. */
  onInvalid?: (what: string, raw: unknown) => void;
}

const BridgeResultSchema = z.union([
  z.strictObject({ ok: z.literal(true), value: z.unknown() }),
  z.strictObject({ ok: z.literal(false), error: BridgeErrorSchema }),
]);

const failed = (message: string): BridgeResult<never> => ({ ok: false, error: { code: 'failed', message } });

/** A listener's exception is rethrown on its own, so it is still reported but other listeners still run. */
function isolate(run: () => void) {
  try {
    run();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

export function createIpcBridge(ipc: IpcRendererLike, options: IpcBridgeOptions = {}): DockhandBridge {
  const onInvalid = options.onInvalid ?? ((what) => console.warn(`dockhand: dropped a malformed ${what}`));
  /**
   * The one store server: a new serveStore replaces it, and a stale stop function leaves the new one alone (a
   * box per call, so even the same handler served twice is told apart).
   */
  let current: { handler: (request: StoreRequest) => Promise<StoreReply> } | undefined;

  // Always listening, so a request that arrives while nothing serves is refused at once instead of waiting
  // for main's timeout (the WebSocket bridge answers the same way).
  ipc.on(STORE_REQUEST_CHANNEL, (_event, raw) => {
    const parsed = StoreRequestSchema.safeParse(raw);
    if (!parsed.success) {
      // Without a valid id no reply can be matched; main's request times out and says so.
      onInvalid('store request', raw);
      return;
    }
    const { id } = parsed.data;
    const refuse = (message: string): StoreReply => ({ id, result: { ok: false, error: { message } } });
    const reply = (result: StoreReply) => {
      try {
        ipc.send(STORE_REPLY_CHANNEL, result);
      } catch (error) {
        // An answer IPC cannot clone (a function, a class instance) is still answered, as a failure.
        ipc.send(
          STORE_REPLY_CHANNEL,
          refuse(error instanceof Error ? error.message : 'The answer could not be sent'),
        );
      }
    };
    const handler = current?.handler;
    if (!handler) {
      reply(refuse('This window does not serve a store'));
      return;
    }
    // Through a promise, so a handler that throws synchronously is answered like one that rejects.
    Promise.resolve(parsed.data)
      .then(handler)
      .then(reply, (error: unknown) =>
        reply(refuse(error instanceof Error ? error.message : 'The store failed')),
      );
  });

  return {
    async invoke(command, payload) {
      try {
        const raw = await ipc.invoke(BRIDGE_CHANNEL, { command, payload });
        const result = BridgeResultSchema.safeParse(raw);
        // Errors cross as data: a missing handler or a garbled answer becomes a failed result, never a throw.
        // The value itself was checked against the command's response schema on the main side (dispatch.ts).
        return result.success
          ? (result.data as BridgeResult<never>)
          : failed('The app sent a malformed answer.');
      } catch (error) {
        return failed(error instanceof Error ? error.message : 'The app did not answer.');
      }
    },

    onEvent(listener) {
      const wrapped: IpcListener = (_event, envelope) => {
        const parsed = parseBridgeEvent(envelope);
        if (parsed) isolate(() => listener(parsed));
        else onInvalid('event', envelope);
      };
      ipc.on(EVENT_CHANNEL, wrapped);
      return () => void ipc.removeListener(EVENT_CHANNEL, wrapped);
    },

    serveStore(handler) {
      const server = { handler };
      current = server;
      return () => {
        if (current === server) current = undefined;
      };
    },
  };
}

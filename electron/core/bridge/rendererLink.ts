/**
 * One renderer as the main side sees it: where events go, and the store requests it answers (the sync
 * engine's store port, src/bridge/storeLink.ts). Transport-free: the Electron host sends over ipcMain to a
 * window, the browser host over a WebSocket; both feed the renderer's raw replies back through
 * `receiveStoreReply` and call `close` when the renderer is gone.
 *
 * Each request leaves with an id of this link's own, mapped back to the caller's id on the reply: two
 * engines (the one being stopped and its successor) may both number their requests from 0, and a reply must
 * never settle the other engine's request.
 */
import { StoreReplySchema, type BridgeEvent, type StoreRequest } from '../../../src/bridge/contract';
import type { PrintTarget } from '../print/target';

export interface RendererLink {
  /** For logs, e.g. 'window 1', 'ws client 3'. */
  readonly label: string;
  /** Best effort; never throws. */
  emit(event: BridgeEvent): void;
  /** Resolves with the raw reply; rejects when the link is closed or after timeoutMs. */
  requestStore(request: StoreRequest): Promise<unknown>;
  readonly closed: boolean;
  /** The renderer's window, to print (Electron only: electron/core/print); absent where the host has none. */
  readonly printTarget?: PrintTarget;
}

export interface RendererLinkTransport {
  label: string;
  sendEvent(envelope: { event: string; payload: unknown }): void;
  sendStoreRequest(request: StoreRequest): void;
  /** Default 30 000. */
  timeoutMs?: number;
  printTarget?: PrintTarget;
}

/** Why a store request did not get an answer. */
export class RendererLinkError extends Error {
  /**
   * No answer within the timeout: the renderer may still be working on it (busy, not gone), so the caller
   * may send it again (the pull does, electron/core/sync/pull/storeRetry.ts). False when the link closed.
   */
  readonly timedOut: boolean;
  constructor(message: string, options: { timedOut?: boolean } = {}) {
    super(message);
    this.name = 'RendererLinkError';
    this.timedOut = options.timedOut ?? false;
  }
}

interface Pending {
  callerId: number;
  resolve(reply: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function createRendererLink(transport: RendererLinkTransport): {
  link: RendererLink;
  /** Feed a raw store reply that arrived from the renderer (unvalidated; matched by id; unknown ids ignored). */
  receiveStoreReply(raw: unknown): void;
  /** The renderer is gone: reject every pending request, mark closed. */
  close(reason: string): void;
} {
  const timeoutMs = transport.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pending = new Map<number, Pending>();
  let nextWireId = 0;
  let closed = false;

  function settle(wireId: number): Pending | undefined {
    const entry = pending.get(wireId);
    if (!entry) return undefined;
    pending.delete(wireId);
    clearTimeout(entry.timer);
    return entry;
  }

  const link: RendererLink = {
    label: transport.label,
    ...(transport.printTarget ? { printTarget: transport.printTarget } : {}),
    get closed() {
      return closed;
    },
    emit(event) {
      if (closed) return;
      try {
        transport.sendEvent({ event: event.event, payload: event.payload });
      } catch {
        // Best effort by contract: a window closing mid-send must not break the caller (the engine).
      }
    },
    requestStore(request) {
      if (closed) {
        return Promise.reject(new RendererLinkError(`${transport.label} is closed`));
      }
      const wireId = nextWireId++;
      return new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => {
          settle(wireId)?.reject(
            new RendererLinkError(
              `${transport.label} did not answer ${request.method} within ${timeoutMs} ms`,
              { timedOut: true },
            ),
          );
        }, timeoutMs);
        // A pending request must not keep a host process alive on its own.
        timer.unref?.();
        pending.set(wireId, { callerId: request.id, resolve, reject, timer });
        try {
          transport.sendStoreRequest({ ...request, id: wireId });
        } catch (error) {
          const reason = error instanceof Error ? error.message : 'send failed';
          settle(wireId)?.reject(new RendererLinkError(`${transport.label}: ${reason}`));
        }
      });
    },
  };

  return {
    link,
    receiveStoreReply(raw) {
      // Unvalidated input from the renderer: a malformed reply settles nothing (the request times out).
      const parsed = StoreReplySchema.safeParse(raw);
      if (!parsed.success) return;
      const entry = settle(parsed.data.id);
      entry?.resolve({ ...parsed.data, id: entry.callerId });
    },
    close(reason) {
      if (closed) return;
      closed = true;
      for (const wireId of [...pending.keys()]) {
        settle(wireId)?.reject(new RendererLinkError(`${transport.label} closed: ${reason}`));
      }
    },
  };
}

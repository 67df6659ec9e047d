/**
 * The bridge contract carried over the browser host's WebSocket (electron/core/browserHost): the same
 * DockhandBridge the Electron preload gives, so nothing else in the renderer knows which host it is in.
 *
 * Frames are the contract's Wire* messages. Every frame from the host is validated: a malformed one is
 * dropped, never acted on. The socket reconnects with backoff after a drop; invokes waiting for an answer
 * when it drops are answered with a `failed` error (the host may or may not have run them, and the UI must
 * not hang). After a reconnect the host sees a new renderer that serves no store, so the bridge re-sends the
 * last successful `store.attach` itself, before anything queued meanwhile.
 *
 * The window is told how the link stands (`onLink`): open, or reconnecting, and then whether the host still
 * answers at its address while refusing this window's socket. That is what a restarted browser host does:
 * each run has a new token, so the old page can never get back in and must be opened again from the new
 * address (issue #26: the window said "Online · Idle" meanwhile, and "Sync now" failed with no advice).
 */
import { z } from 'zod';
import { bulkAssembler, decodeBulkFrame } from '../../bridge/bulkFrame';
import {
  BridgeErrorSchema,
  parseBridgeEvent,
  StoreRequestSchema,
  WireToRendererSchema,
  type BridgeCommand,
  type BridgeEvent,
  type BridgeRequest,
  type BridgeResponse,
  type BridgeResult,
  type DockhandBridge,
  type StoreReply,
  type StoreRequest,
  type WireFromRenderer,
} from '../../bridge/contract';
import { createInbox } from './inbox';

/**
 * The members of a WebSocket this client uses: the browser's, or the `ws` package's in Node tests. The
 * handlers take `never` so that both classes, whose event types differ, fit; the client assigns its own.
 */
export interface WebSocketLike {
  send(data: string): void;
  /** Binary frames (pulled pages, src/bridge/bulkFrame.ts) arrive as ArrayBuffers. */
  binaryType?: string;
  close(code?: number, reason?: string): void;
  onopen: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  onmessage: ((event: never) => void) | null;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface WebSocketBridgeOptions {
  /** Default: the global WebSocket (the browser's). */
  WebSocket?: WebSocketConstructor;
  /** Delay before the first reconnect, doubled per failed attempt up to `maxMs` (default 1 s → 10 s). */
  backoff?: { initialMs: number; maxMs: number };
  /** Dropped frames and listener failures (default console.warn). */
  log?: (message: string) => void;
  /**
   * Whether the host answers plain HTTP at its address (default: a HEAD request to the socket's origin).
   * Asked after `refusedAfter` attempts in a row that never opened (default 2).
   */
  probeHost?: () => Promise<boolean>;
  refusedAfter?: number;
}

/**
 * How the link to the host stands. `reconnecting` counts the attempts that failed in a row; `refused` is
 * set once the host answers at its address but will not take this window's socket (it was restarted).
 */
export type HostLink =
  { state: 'connecting' } | { state: 'open' } | { state: 'reconnecting'; attempts: number; refused: boolean };

export interface WebSocketBridge extends DockhandBridge {
  /** Closes the socket for good: no reconnect; waiting invokes are answered with `failed`. */
  close(): void;
  /** Calls `listener` with the link's state now and at each change; returns the unsubscribe. */
  onLink(listener: (link: HostLink) => void): () => void;
}

/** The host's page origin behind a bridge socket URL (ws → http, wss → https). */
export function hostOrigin(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol === 'wss:' ? 'https:' : 'http:'}//${parsed.host}`;
}

const headRequest = (url: string) => async (): Promise<boolean> => {
  try {
    // (No cache: a stale answer would say the host is there.)
    const response = await fetch(`${hostOrigin(url)}/`, { method: 'HEAD', cache: 'no-store' } as RequestInit);
    return response.status < 500;
  } catch {
    return false;
  }
};

export const LOST_CONNECTION = 'Lost the connection to the Dockhand host';

const BridgeResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: BridgeErrorSchema }),
]);

const lost = (): BridgeResult<never> => ({ ok: false, error: { code: 'failed', message: LOST_CONNECTION } });

interface Pending {
  frame: string;
  resolve(result: BridgeResult<unknown>): void;
  /** Set once the frame went out on the current socket; unsent frames wait for the next open socket. */
  sent: boolean;
}

type StoreHandler = (request: StoreRequest) => Promise<StoreReply>;

/** A message as it came: a binary frame, or a text frame's JSON (parsed on arrival, validated later). */
type Incoming = ArrayBuffer | { json: unknown };

const isStatus = (message: Incoming): boolean => {
  if (message instanceof ArrayBuffer) return false;
  const json = message.json as { type?: unknown; envelope?: { event?: unknown } } | null;
  return json?.type === 'event' && json.envelope?.event === 'sync.status';
};

export function createWebSocketBridge(url: string, options: WebSocketBridgeOptions = {}): WebSocketBridge {
  const Found = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor | undefined);
  if (!Found) throw new Error('This runtime has no WebSocket');
  const Socket: WebSocketConstructor = Found;
  const { initialMs, maxMs } = options.backoff ?? { initialMs: 1000, maxMs: 10_000 };
  const log = options.log ?? ((message: string) => console.warn(`dockhand bridge: ${message}`));
  const probeHost = options.probeHost ?? headRequest(url);
  const refusedAfter = options.refusedAfter ?? 2;
  const linkListeners = new Set<(link: HostLink) => void>();
  let link: HostLink = { state: 'connecting' };
  /** Attempts in a row that ended without the socket opening. */
  let failedAttempts = 0;
  const setLink = (next: HostLink) => {
    link = next;
    for (const listener of linkListeners) {
      try {
        listener(next);
      } catch (error) {
        log(`a link listener failed: ${String(error)}`);
      }
    }
  };

  const pending = new Map<number, Pending>();
  const listeners = new Set<(event: BridgeEvent) => void>();
  let storeHandler: StoreHandler | null = null;
  /** The payload of the last `store.attach` the host accepted; re-sent after a reconnect. */
  let attached: BridgeRequest<'store.attach'> | null = null;
  let nextId = 1;
  let socket: WebSocketLike | null = null;
  let bulk = bulkAssembler();
  let open = false;
  let closed = false;
  let delay = initialMs;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (frame: WireFromRenderer) => socket?.send(JSON.stringify(frame));
  // Messages are handled in tasks of their own (./inbox.ts); a status a newer one replaces is never drawn.
  const incoming = createInbox<Incoming>(receive, {
    supersedes: (later, message) => isStatus(later) && isStatus(message),
  });

  function flush(): void {
    for (const entry of pending.values()) {
      if (entry.sent) continue;
      entry.sent = true;
      socket?.send(entry.frame);
    }
  }

  /** Answers every waiting invoke: sent ones may or may not have run, queued ones never will on this socket. */
  function failPending(): void {
    for (const [id, entry] of pending) {
      pending.delete(id);
      entry.resolve(lost());
    }
  }

  function retryLater(): void {
    if (closed) return;
    timer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, maxMs);
  }

  /** An attempt ended: say so, and once it keeps failing, ask whether the host is there at all. */
  function attemptFailed(opened: boolean): void {
    failedAttempts = opened ? 0 : failedAttempts + 1;
    const attempts = Math.max(failedAttempts, 1);
    const refused = link.state === 'reconnecting' && link.refused;
    setLink({ state: 'reconnecting', attempts, refused });
    if (opened || failedAttempts < refusedAfter) return;
    void probeHost().then((answers) => {
      if (closed || link.state !== 'reconnecting' || link.refused === answers) return;
      setLink({ ...link, refused: answers });
    });
  }

  function connect(): void {
    let current: WebSocketLike;
    try {
      current = new Socket(url);
    } catch (error) {
      // A refused URL (e.g. a page policy) throws instead of closing: treat it like a failed attempt.
      log(`could not open the bridge socket: ${String(error)}`);
      failPending();
      attemptFailed(false);
      return retryLater();
    }
    socket = current;
    let opened = false;
    // A message cut in frames is whole on one socket or lost with it.
    bulk = bulkAssembler();
    current.binaryType = 'arraybuffer';
    current.onopen = () => {
      if (socket !== current) return;
      open = true;
      opened = true;
      delay = initialMs;
      failedAttempts = 0;
      if (attached && storeHandler) reattach(attached);
      flush();
      setLink({ state: 'open' });
    };
    current.onmessage = (event: { data: unknown }) => {
      if (socket !== current) return;
      if (event.data instanceof ArrayBuffer) return incoming.push(event.data);
      try {
        incoming.push({ json: JSON.parse(String(event.data)) });
      } catch {
        log('dropped a frame that is not JSON');
      }
    };
    current.onerror = () => {
      // Always followed by close, which does the work.
    };
    current.onclose = () => {
      if (socket !== current) return;
      // What the socket delivered is handled before its waiting invokes are failed.
      incoming.drain();
      socket = null;
      open = false;
      failPending();
      attemptFailed(opened);
      retryLater();
    };
  }

  function reattach(payload: BridgeRequest<'store.attach'>): void {
    void call('store.attach', payload).then((result) => {
      if (!result.ok) log(`re-attaching the store failed: ${result.error.message}`);
    });
  }

  function call<C extends BridgeCommand>(command: C, payload: BridgeRequest<C>) {
    const id = nextId++;
    const frame = JSON.stringify({
      type: 'invoke',
      id,
      envelope: { command, payload },
    } satisfies WireFromRenderer);
    return new Promise<BridgeResult<BridgeResponse<C>>>((resolve) => {
      if (closed) return resolve(lost());
      const entry: Pending = { frame, sent: false, resolve: resolve as Pending['resolve'] };
      pending.set(id, entry);
      if (open) {
        entry.sent = true;
        socket?.send(frame);
      }
    });
  }

  function receive(data: Incoming): void {
    if (data instanceof ArrayBuffer) return receiveBulk(data);
    const frame = WireToRendererSchema.safeParse(data.json);
    if (!frame.success) return log('dropped a malformed frame');
    const message = frame.data;
    if (message.type === 'result') {
      const entry = pending.get(message.id);
      if (!entry) return log(`dropped the answer to unknown request ${message.id}`);
      pending.delete(message.id);
      const result = BridgeResultSchema.safeParse(message.result);
      entry.resolve(
        result.success
          ? (result.data as BridgeResult<unknown>)
          : { ok: false, error: { code: 'failed', message: 'The host sent a malformed answer' } },
      );
    } else if (message.type === 'event') {
      const event = parseBridgeEvent(message.envelope);
      if (!event) return log('dropped an unknown or malformed event');
      // Another renderer took the store over: reconnecting must not take it back.
      if (event.event === 'store.detached') attached = null;
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          log(`an event listener failed: ${String(error)}`);
        }
      }
    } else {
      void answerStore(message.request);
    }
  }

  /** A pulled page: the first frame's header is the store request, the frames' bytes its rows' JSON. */
  function receiveBulk(buffer: ArrayBuffer): void {
    const frame = decodeBulkFrame(buffer);
    const assembled = frame ? bulk.push(frame) : 'unexpected';
    if (assembled === null) return;
    if (assembled === 'unexpected') return log('dropped a malformed frame');
    const message = WireToRendererSchema.safeParse(assembled.message);
    if (!message.success || message.data.type !== 'store.request') return log('dropped a malformed frame');
    const request = message.data.request as { request?: unknown } | null;
    if (!request || typeof request.request !== 'object' || request.request === null)
      return log('dropped a malformed frame');
    void answerStore({ ...request, request: { ...request.request, writesBytes: assembled.parts } });
  }

  async function answerStore(raw: unknown): Promise<void> {
    const request = StoreRequestSchema.safeParse(raw);
    const id = request.success ? request.data.id : 0;
    const refuse = (message: string): StoreReply => ({ id, result: { ok: false, error: { message } } });
    let reply: StoreReply;
    if (!request.success) reply = refuse('Malformed store request');
    else if (!storeHandler) reply = refuse('This window does not serve a store');
    else {
      try {
        reply = await storeHandler(request.data);
      } catch (error) {
        reply = refuse(error instanceof Error ? error.message : 'The store failed');
      }
    }
    // A reply for a socket that has since closed is dropped: the host failed that request already.
    if (open) send({ type: 'store.reply', reply });
  }

  connect();

  return {
    async invoke(command, payload) {
      const result = await call(command, payload);
      if (command === 'store.attach' && result.ok) attached = payload as BridgeRequest<'store.attach'>;
      return result;
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onLink(listener) {
      linkListeners.add(listener);
      listener(link);
      return () => linkListeners.delete(listener);
    },
    serveStore(handler) {
      storeHandler = handler;
      return () => {
        if (storeHandler === handler) storeHandler = null;
      };
    },
    close() {
      closed = true;
      clearTimeout(timer);
      const current = socket;
      socket = null;
      open = false;
      incoming.clear();
      failPending();
      current?.close(1000, 'closed');
    },
  };
}

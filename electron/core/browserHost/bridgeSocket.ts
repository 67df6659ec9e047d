/**
 * The bridge over a WebSocket: each connection is one renderer (a RendererLink) of the main-side bridge.
 * Upgrades are checked first: the Host header, as ./host.ts checks it for every HTTP request (a page on
 * another name that resolves to 127.0.0.1, DNS rebinding, gets 421), then ./upgradeAuth.ts; a refused one gets
 * a plain 421/403/404 and never reaches the bridge. Every frame is untrusted input: parsed in a guard, validated against the contract's wire schema,
 * and a malformed one is answered (when it names an id) or dropped, never allowed to crash the host.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { encodeBulkFrames } from '../../../src/bridge/bulkFrame';
import { WireFromRendererSchema, type BridgeResult, type WireToRenderer } from '../../../src/bridge/contract';
import type { AppLogger } from '../bridge/logger';
import type { MainBridge } from '../bridge/mainBridge';
import { createRendererLink } from '../bridge/rendererLink';
import { checkUpgrade } from './upgradeAuth';

/** Generous for a store reply carrying a page of cached rows, small enough to refuse a memory attack. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;

export interface BridgeSocketOptions {
  server: Server;
  bridge: MainBridge;
  origin: string;
  token: string;
  logger: AppLogger;
  /** Store requests unanswered after this are failed (RendererLinkTransport.timeoutMs). */
  storeTimeoutMs?: number;
}

export interface BridgeSocket {
  /** Closes every connection (each detached from the bridge) and stops accepting new ones. */
  close(): Promise<void>;
}

const malformed = (message: string): BridgeResult<never> => ({
  ok: false,
  error: { code: 'bad_request', message },
});

/** The id of a frame that failed validation, when it has a usable one, so the caller's invoke is answered. */
function frameId(json: unknown): number | undefined {
  const id = (json as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

export function attachBridgeSocket(options: BridgeSocketOptions): BridgeSocket {
  const { bridge, logger } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const detaching = new Set<Promise<void>>();
  let clients = 0;

  // The same exact name the HTTP requests must use (./host.ts): the origin's `127.0.0.1:PORT`.
  const expectedHost = new URL(options.origin).host;
  const STATUS_TEXT = { 403: 'Forbidden', 404: 'Not Found', 421: 'Misdirected Request' } as const;

  function refuse(socket: Duplex, status: 403 | 404 | 421): void {
    const text = STATUS_TEXT[status];
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (request.headers.host !== expectedHost) {
      logger.warn('bridge connection refused', { reason: 'wrong host', status: 421 });
      refuse(socket, 421);
      return;
    }
    const verdict = checkUpgrade(request, { origin: options.origin, token: options.token });
    if (!verdict.ok) {
      // The reason, never the URL: it would carry the (wrong or right) token.
      logger.warn('bridge connection refused', { reason: verdict.reason, status: verdict.status });
      refuse(socket, verdict.status);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws));
  }

  function serve(ws: WebSocket): void {
    const label = `ws client ${++clients}`;
    const send = (frame: WireToRenderer) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    const { link, receiveStoreReply, close } = createRendererLink({
      label,
      sendEvent: (envelope) => send({ type: 'event', envelope }),
      sendStoreRequest: (request) => {
        const packed = request.request as { writesJson?: unknown } | null;
        if (request.method !== 'applyPulledPage' || typeof packed?.writesJson !== 'string')
          return send({ type: 'store.request', request });
        // A pulled page's rows go as the bytes of binary frames (src/bridge/bulkFrame.ts), so the window
        // moves them to its pull worker without decoding or parsing megabytes on its main thread. The
        // frames are sent in one go: nothing else can come between them.
        const { writesJson, ...head } = packed as { writesJson: string };
        const frame: WireToRenderer = { type: 'store.request', request: { ...request, request: head } };
        if (ws.readyState !== ws.OPEN) return;
        for (const part of encodeBulkFrames(frame, writesJson)) ws.send(part);
      },
      ...(options.storeTimeoutMs !== undefined ? { timeoutMs: options.storeTimeoutMs } : {}),
    });
    logger.info('bridge connected', { client: label });

    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return logger.warn('bridge frame dropped: binary', { client: label });
      let json: unknown;
      try {
        json = JSON.parse(data.toString());
      } catch {
        return logger.warn('bridge frame dropped: not JSON', { client: label });
      }
      const frame = WireFromRendererSchema.safeParse(json);
      if (!frame.success) {
        const id = frameId(json);
        logger.warn('bridge frame malformed', { client: label, answered: id !== undefined });
        if (id !== undefined) send({ type: 'result', id, result: malformed('Malformed bridge frame') });
        return;
      }
      const message = frame.data;
      if (message.type === 'store.reply') return receiveStoreReply(message.reply);
      bridge.handle(link, message.envelope).then(
        (result) => send({ type: 'result', id: message.id, result }),
        (error: unknown) => {
          // handle() answers failures as data; this is a bug, reported without its details.
          logger.error('bridge handler threw', { client: label, error: String(error) });
          send({
            type: 'result',
            id: message.id,
            result: { ok: false, error: { code: 'failed', message: 'Unexpected failure' } },
          });
        },
      );
    });

    ws.on('error', (error) => logger.warn('bridge socket error', { client: label, error: error.message }));
    ws.once('close', (code) => {
      close(`socket closed (${code})`);
      logger.info('bridge disconnected', { client: label, code });
      const detached = bridge
        .detach(link)
        .catch((error: unknown) =>
          logger.error('bridge detach failed', { client: label, error: String(error) }),
        )
        .finally(() => detaching.delete(detached));
      detaching.add(detached);
    });
  }

  options.server.on('upgrade', onUpgrade);

  return {
    async close() {
      options.server.off('upgrade', onUpgrade);
      const closing = [...wss.clients].map(
        (ws) =>
          new Promise<void>((resolve) => {
            ws.once('close', () => resolve());
            ws.close(1001, 'Dockhand is stopping');
            // A client that does not complete the closing handshake is cut off.
            setTimeout(() => ws.terminate(), 1000).unref();
          }),
      );
      await Promise.all(closing);
      await Promise.all([...detaching]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/**
 * An HTTP server on 127.0.0.1 that can be taken offline and brought back on the same port. Offline means the
 * port is closed, so new connections are REFUSED (as when the back office is unreachable), and open
 * keep-alive connections are destroyed, so no request slips through on a pooled socket.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export const HOST = '127.0.0.1';

/**
 * Node's defaults close an idle keep-alive connection after 5 s. A busy client (a dock PC writing a pulled
 * page, its event loop blocked for seconds) then reuses a socket the server has just closed and sees "other
 * side closed": a failure the server chose. Idle connections are kept well past any gap of a working client;
 * the header timeout is above the keep-alive one (Node's advice, so a request arriving just as the idle
 * timer ends is not cut), and a whole request may take two minutes on a slow link.
 */
export const SERVER_TIMEOUTS = {
  keepAliveTimeout: 65_000,
  headersTimeout: 66_000,
  requestTimeout: 120_000,
} as const;

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Answers what Node's parser itself refuses (bad request line, header overflow, NUL bytes…) with a small
 * problem body instead of a bare close, so even those clients get a status to read.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, title] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout']
        : [400, 'Bad Request'];
  const body = JSON.stringify({
    type: 'about:blank',
    title,
    status,
    detail: 'The request could not be parsed',
  });
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\ncontent-type: application/problem+json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

export class SwitchableServer {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private boundPort = 0;
  private online = false;

  constructor(listener: RequestListener) {
    this.server = createServer(
      { headersTimeout: SERVER_TIMEOUTS.headersTimeout, requestTimeout: SERVER_TIMEOUTS.requestTimeout },
      listener,
    );
    this.server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('clientError', answerClientError);
  }

  get port(): number {
    return this.boundPort;
  }

  /** What the HTTP server was configured with (read back from it, for tests). */
  get timeouts(): Record<keyof typeof SERVER_TIMEOUTS, number> {
    const { keepAliveTimeout, headersTimeout, requestTimeout } = this.server;
    return { keepAliveTimeout, headersTimeout, requestTimeout };
  }

  get isOnline(): boolean {
    return this.online;
  }

  /** Listens on `port` (0: a free port the first time, then the same one on every later call). */
  async listen(port = this.boundPort): Promise<void> {
    if (this.online) return;
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.server.once('error', onError);
      this.server.listen(port, HOST, () => {
        this.server.off('error', onError);
        resolve();
      });
    });
    const address = this.server.address();
    if (address && typeof address === 'object') this.boundPort = address.port;
    this.online = true;
  }

  /** Stops listening and destroys every open connection, in-flight requests included. */
  async close(): Promise<void> {
    if (!this.online) return;
    this.online = false;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }
}

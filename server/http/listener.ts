/**
 * An HTTP server on 127.0.0.1 that can be taken offline and brought back on the same port. Offline means the
 * port is closed, so new connections are REFUSED (as when the back office is unreachable), and open
 * keep-alive connections are destroyed, so no request slips through on a pooled socket.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export const HOST = '127.0.0.1';

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
    this.server = createServer(listener);
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('clientError', answerClientError);
  }

  get port(): number {
    return this.boundPort;
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

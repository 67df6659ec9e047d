/**
 * The chaos worker talks to the simulator through this loopback proxy, in the harness's process, so the
 * harness knows which of the worker's requests are in flight (received, not yet answered) and can kill the
 * worker while one is, instead of hoping a timed kill lands on one: a kill is aimed (`aim`) and lands on the
 * next request that matches, either
 *   - before it reaches the server (`before-server`: the worker sent it and never hears; nothing happened), or
 *   - once the server has answered (`after-answer`: a write has committed, the answer is never delivered).
 * The simulator's own faults (resets, lost answers) reach the worker as they happened: a connection the server
 * cut is cut on the worker's side too. Nothing here touches bodies: they are piped through.
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export type KillPoint = 'before-server' | 'after-answer';

/** Which requests an aimed kill may land on: writes only, or any request (a pull page, a look-up). */
export type Aim = 'write' | 'any';

export interface Landing {
  method: string;
  path: string;
  point: KillPoint;
}

export interface InFlightProxy {
  /** The worker's base URL: the simulator's, through the proxy. */
  baseUrl: string;
  /** Requests received from the worker and not yet answered. */
  open(): number;
  /**
   * Kills (via `kill`) at the next request that matches `aim`; `landed` resolves with the request it landed
   * on, and `widen` makes a pending aim at writes take any request from then on (no write came: the worker
   * only pulls). One aim at a time: a new one replaces the last (whose `landed` then never resolves).
   */
  aim(aim: Aim, point: KillPoint, kill: () => void): { landed: Promise<Landing>; widen(): void };
  /** Drops a pending aim (the worker was killed another way). */
  disarm(): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

const isWrite = (req: IncomingMessage) => WRITES.has(req.method ?? '');

export async function startInFlightProxy(simBaseUrl: string): Promise<InFlightProxy> {
  const upstream = new URL(simBaseUrl);
  const agent = new Agent({ keepAlive: true });
  let open = 0;
  let armed: { aim: Aim; point: KillPoint; kill: () => void; landed: (landing: Landing) => void } | undefined;

  /** The armed kill, if this request is its target (taken: it lands once). */
  function take(req: IncomingMessage) {
    if (!armed || (armed.aim === 'write' && !isWrite(req))) return undefined;
    const shot = armed;
    armed = undefined;
    return shot;
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    open += 1;
    let answered = false;
    const settle = () => {
      if (answered) return;
      answered = true;
      open -= 1;
    };
    res.on('close', settle);
    req.on('error', () => {});
    res.on('error', () => {});
    const shot = take(req);
    const landing = (point: KillPoint): Landing => ({
      method: req.method ?? '?',
      path: req.url ?? '?',
      point,
    });
    if (shot?.point === 'before-server') {
      // Killed while the worker waits for this answer; the request goes no further.
      shot.kill();
      shot.landed(landing('before-server'));
      req.socket.destroy();
      return;
    }
    const forward = httpRequest({
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: endToEnd(req.headers),
      agent,
    });
    forward.on('response', (answer) => {
      if (shot) {
        // The server has answered (a write has committed); the worker dies before hearing it.
        shot.kill();
        shot.landed(landing('after-answer'));
        answer.resume();
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
      // The server cut the connection mid-answer: so is the worker's.
      answer.on('aborted', () => req.socket.destroy());
      answer.on('error', () => req.socket.destroy());
    });
    // The server reset the connection or dropped its answer: the worker's connection goes the same way.
    forward.on('error', () => req.socket.destroy());
    req.pipe(forward);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    open: () => open,
    aim(aim, point, kill) {
      let shot: NonNullable<typeof armed> | undefined;
      const landed = new Promise<Landing>((resolve) => {
        shot = { aim, point, kill, landed: resolve };
        armed = shot;
      });
      return {
        landed,
        widen: () => {
          if (armed && armed === shot) armed.aim = 'any';
        },
      };
    },
    disarm: () => (armed = undefined),
    async close() {
      armed = undefined;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

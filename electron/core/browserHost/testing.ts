/**
 * Test support for the browser host (imported only by *.test.ts): a temp renderer folder with a tiny
 * index.html (no real build needed), a temp data folder, a host on them for a test file, raw HTTP requests,
 * and a raw WebSocket client of the bridge that records every frame the host sends.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { WEB_BRIDGE_PATH, type WireToRenderer } from '../../../src/bridge/contract';
import { perFile } from '../sync/testing/perFile';
import { startBrowserHost, type BrowserHost } from './host';

export const SECRET_TEXT = 'outside the renderer folder';

/** `<tmp>/renderer/{index.html,assets/app.js}` and `<tmp>/secret.txt` next to it (for traversal tests). */
export function tempRenderer(): { rendererDir: string; dataDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'dockhand-web-'));
  const rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><title>Dockhand</title><div id="app"></div>',
  );
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("dockhand");');
  writeFileSync(join(root, 'secret.txt'), SECRET_TEXT);
  return { rendererDir, dataDir: join(root, 'data') };
}

/** A host on a temp renderer, started before the file's tests and stopped after them: read it in a test. */
export function hostForTests(): () => BrowserHost {
  return perFile(
    () => startBrowserHost({ port: 0, ...tempRenderer() }),
    (host) => host.stop(),
  );
}

export interface RawAnswer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * A raw request: the target and headers are sent exactly as given (fetch would normalise `..` away and
 * pick its own Host). The Host header is the host's own unless given; an accepted upgrade answers 101 with
 * its socket closed at once.
 */
export function rawRequest(
  host: BrowserHost,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const { port } = new URL(host.origin);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      method: options.method ?? 'GET',
      headers: { host: `127.0.0.1:${port}`, ...options.headers },
    });
    req.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: '' });
    });
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

export function bridgeUrl(host: BrowserHost, token: string | null = host.token): string {
  const base = host.origin.replace(/^http/, 'ws');
  return token === null ? `${base}${WEB_BRIDGE_PATH}` : `${base}${WEB_BRIDGE_PATH}?token=${token}`;
}

/** Resolves with the HTTP status of a refused upgrade, or 101 when the socket opened. */
export function upgradeStatus(url: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

export interface RawClient {
  ws: WebSocket;
  frames: WireToRenderer[];
  send(frame: unknown): void;
  /** Sends an invoke and resolves with its result frame's `result`. */
  invoke(command: string, payload?: unknown): Promise<unknown>;
  /** The next result frame with this id. */
  result(id: number): Promise<unknown>;
  close(): Promise<void>;
}

export async function rawClient(url: string, origin: string): Promise<RawClient> {
  const ws = new WebSocket(url, { origin });
  const frames: WireToRenderer[] = [];
  const waiting = new Map<number, (result: unknown) => void>();
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as WireToRenderer;
    frames.push(frame);
    if (frame.type === 'result') waiting.get(frame.id)?.(frame.result);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let nextId = 1;
  const send = (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  const result = (id: number) => new Promise<unknown>((resolve) => waiting.set(id, resolve));
  return {
    ws,
    frames,
    send,
    result,
    invoke(command, payload = {}) {
      const id = nextId++;
      const answer = result(id);
      send({ type: 'invoke', id, envelope: { command, payload } });
      return answer;
    },
    close: () =>
      new Promise((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
}

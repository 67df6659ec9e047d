/**
 * The browser host (docs/architecture.md, "Runtimes"): the main-side bridge in a plain Node process, the built
 * renderer served on 127.0.0.1, and the bridge carried over a WebSocket guarded by this run's token and the
 * page's Origin. Used by the CLI (./cli.ts) and in-process by the e2e specs. Never imports electron.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConnectionState, DemoDataset } from '../../../src/bridge/contract';
import { SILENT_APP_LOGGER, type AppLogger } from '../bridge/logger';
import { createMainBridge, type MainBridge, type MainBridgeOptions } from '../bridge/mainBridge';
import { createRendererLink } from '../bridge/rendererLink';
import { createRedactor, type Redactor } from '../log/redact';
import { RedactingSecretBox } from '../log/redactingSecretBox';
import { keyFileCipher } from '../secrets/cipher';
import { attachBridgeSocket } from './bridgeSocket';
import { startDemoSimulator, type Simulator } from './simulator';
import { staticFiles } from './staticFiles';
import { createBridgeToken } from './upgradeAuth';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DEFAULT_RENDERER_DIR = join(REPO_ROOT, 'out', 'renderer');

export interface BrowserHostOptions {
  /** On 127.0.0.1; 0 = any free port. Default 0. */
  port?: number;
  /** The encrypted connection (connection.enc + secret.key) and the demo's data; created if missing. */
  dataDir: string;
  /** Start straight into the demo when no connection is saved. */
  demo?: boolean;
  demoDataset?: DemoDataset;
  /** Pre-fills the connect form while not connected. */
  apiUrl?: string;
  /** The built renderer; default <repo>/out/renderer. */
  rendererDir?: string;
  /** Also serve the demo simulator's control API (e2e steers faults through it). */
  demoControl?: boolean;
  logger?: AppLogger;
  /** The logger's redactor: it learns the API key from the SecretBox and this run's token. */
  redactor?: Redactor;
  engine?: MainBridgeOptions['engine'];
  /** Default: the real simulator (./simulator.ts). */
  startSimulator?: NonNullable<MainBridgeOptions<Simulator>['demo']>['startSimulator'];
}

export interface BrowserHost {
  /** What to open: `http://127.0.0.1:PORT/#token=…`. */
  url: string;
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  token: string;
  bridge: MainBridge<Simulator>;
  /** Closes every connection, stops sync and the demo, and closes the port. Idempotent. */
  stop(): Promise<void>;
}

async function appVersion(): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use: pass --port with another number (0 = any free port).`)
          : error,
      );
    };
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', failed);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** `demo: true`: the demo starts now unless a connection (real or demo) is already saved. */
async function startDemoIfUnconnected(
  bridge: MainBridge<Simulator>,
  dataset: DemoDataset,
  logger: AppLogger,
) {
  // The host asks as a renderer would, through the same commands, over a link that hears nothing.
  const { link, close } = createRendererLink({
    label: 'browser host',
    sendEvent: () => {},
    sendStoreRequest: () => {
      throw new Error('The browser host does not serve a store');
    },
  });
  try {
    const current = await bridge.handle(link, { command: 'connection.get', payload: {} });
    if (!current.ok) throw new Error(current.error.message);
    if ((current.value as ConnectionState).status !== 'none') return;
    const started = await bridge.handle(link, { command: 'demo.start', payload: { dataset } });
    if (!started.ok) throw new Error(started.error.message);
    logger.info('demo mode', { dataset });
  } finally {
    close('done');
    await bridge.detach(link);
  }
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const logger = options.logger ?? SILENT_APP_LOGGER;
  const redactor = options.redactor ?? createRedactor();
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(`No built renderer at ${rendererDir}: run "npm run build" first.`);
  }
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });

  const version = await appVersion();
  const server = createServer();
  const port = await listen(server, options.port ?? 0);
  // Nothing below awaits until the request listener is on, so no request can arrive before it.
  const expectedHost = `127.0.0.1:${port}`;
  const origin = `http://${expectedHost}`;
  const token = createBridgeToken();
  redactor.addSecret(token);
  const bridge = createMainBridge<Simulator>({
    host: 'browser',
    name: 'Dockhand',
    version,
    secrets: new RedactingSecretBox(
      keyFileCipher(join(options.dataDir, 'secret.key')),
      join(options.dataDir, 'connection.enc'),
      redactor,
    ),
    dataDir: options.dataDir,
    logger,
    // A key only tried by "Test connection" and every issued token: the box never sees them.
    onSecret: (secret) => redactor.addSecret(secret),
    ...(options.apiUrl ? { suggestedBaseUrl: options.apiUrl } : {}),
    ...(options.engine ? { engine: options.engine } : {}),
    demo: {
      startSimulator: options.startSimulator ?? startDemoSimulator,
      control: options.demoControl ?? false,
    },
  });
  const socket = attachBridgeSocket({ server, bridge, origin, token, logger });
  const serveFile = staticFiles({ rendererDir, origin, connect: [`ws://${expectedHost}`] });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // Only this exact host name: a page on another name that resolves here (DNS rebinding) gets nothing.
    if (request.headers.host !== expectedHost) {
      response.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`Open http://${expectedHost}/ instead.`);
      return;
    }
    serveFile(request, response).catch((error: unknown) => {
      logger.error('serving a file failed', { error: String(error) });
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await socket.close();
      await bridge.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    })());

  try {
    if (options.demo) await startDemoIfUnconnected(bridge, options.demoDataset ?? 'small', logger);
  } catch (error) {
    await stop();
    throw error;
  }
  logger.info('browser host listening', { origin, rendererDir, dataDir: options.dataDir });
  return { url: `${origin}/#token=${token}`, origin, token, bridge, stop };
}

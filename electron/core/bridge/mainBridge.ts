/**
 * The main side of the bridge, shared by both hosts (Electron main over ipcMain, the browser host over its
 * WebSocket): every command of BRIDGE_COMMANDS, the saved connection (through the SecretBox only), the demo
 * simulator, and the one sync engine, which runs while a renderer serves the store.
 *
 * Lifecycle changes (connect, clear, demo, attach, detach, close) run one at a time on a promise chain, and
 * each stops the old engine (awaited) before it starts a new one, so concurrent commands can never leave two
 * engines writing to the store. The API key is read from the SecretBox at each use and never kept in a field,
 * logged, emitted or returned.
 */
import type { ConnectionState, DemoDataset } from '../../../src/bridge/contract';
import { BridgeFailure, type BridgeEvent, type BridgeResult } from '../../../src/bridge/contract';
import { dispatchBridge, type BridgeHandlers } from '../../../src/bridge/dispatch';
import type { FetchLike } from '../api/options';
import type { SecretBox } from '../secrets/secretBox';
import { unsupportedUpdates, BROWSER_HOST_REASON } from '../update/unsupported';
import type { UpdateService } from '../update/updateService';
import { unsupportedPrinting, type PrintService } from '../print/printService';
import { ALWAYS_ONLINE } from '../sync/connectivity';
import { createDemoNetworkSwitch, demoNetworkHandler } from '../demoNetwork/networkSwitch';
import type { OnlineSignal, SyncEngineOptions } from '../sync/types';
import { connectionState } from './connectionState';
import { normaliseBaseUrl, storeCarriedOver, testConnection } from './connectionTest';
import {
  createDemoRunner,
  DEMO_API_KEY,
  forgetDemoDataset,
  readDemoDataset,
  writeDemoDataset,
  type DemoOptions,
  type DemoSimulator,
} from './demo';
import { withPriorityOutlet } from '../sync/pull/puller';
import { startEngineSession, type EngineSession } from './engineSession';
import { SILENT_APP_LOGGER, type AppLogger } from './logger';
import { opHandlers } from './opHandlers';
import type { RendererLink } from './rendererLink';
import { statusView } from './statusForwarder';
import { readLoyaltyHistory } from './loyaltyHistory';
import { syncNowAnswer } from './syncNow';

export type { AppLogger } from './logger';

export interface MainBridgeOptions<S extends DemoSimulator = DemoSimulator> {
  host: 'electron' | 'browser';
  name?: string;
  version: string;
  secrets: SecretBox;
  /** The demo simulator's JSON snapshot (`demo-<dataset>.json`) and `demo.json` are kept here. */
  dataDir: string;
  /** Default ALWAYS_ONLINE. */
  online?: OnlineSignal;
  logger?: AppLogger;
  /** Shown in ConnectionState.suggestedBaseUrl while not connected (the browser host's --api-url). */
  suggestedBaseUrl?: string;
  /** Tests: fast backoff, fewer pull resources. */
  engine?: Partial<Omit<SyncEngineOptions, 'store' | 'client'>>;
  /** `startSimulator` must be passed for the demo to work (electron/core may not import server/). */
  demo?: DemoOptions<S>;
  /** Electron passes `net.fetch` (system proxy, PAC, OS certificates); the browser host keeps Node's. */
  fetch?: FetchLike;
  /**
   * Told every secret the SecretBox never sees: a key only tried by "Test connection", and access tokens as
   * they are issued. The hosts register them with the log redactor (electron/core/log/redact.ts).
   */
  onSecret?: (secret: string) => void;
  /**
   * App updates (../update/updateService.ts): Electron main passes the service around electron-updater when
   * packaged; without one every update command says, in words, that updates come with the desktop app.
   */
  updates?: UpdateService;
  /**
   * Printing to a chosen printer (../print/printService.ts): Electron main passes it; without one (the browser
   * host) the print commands say the browser's own print dialog is used.
   */
  printing?: PrintService;
}

export interface MainBridge<S extends DemoSimulator = DemoSimulator> {
  handle(link: RendererLink, envelope: unknown): Promise<BridgeResult<unknown>>;
  /** The renderer is gone: if it served the store, the engine stops. */
  detach(link: RendererLink): Promise<void>;
  /** Stops the engine and the demo simulator. */
  close(): Promise<void>;
  /** The running in-process demo simulator, if any. */
  demoSimulator(): S | undefined;
  /** Resolves once the engine, if one runs, has no request in flight and nothing it could send now. */
  idle(): Promise<void>;
  /** The engine, if one runs, takes no new op from now on; resolves once its requests in flight are answered. */
  drain(): Promise<void>;
}

export function createMainBridge<S extends DemoSimulator = DemoSimulator>(
  options: MainBridgeOptions<S>,
): MainBridge<S> {
  const { secrets, dataDir } = options;
  const logger = options.logger ?? SILENT_APP_LOGGER;
  const updates = options.updates ?? unsupportedUpdates(options.version, BROWSER_HOST_REASON);
  const printing = options.printing ?? unsupportedPrinting();
  const demo = createDemoRunner(dataDir, options.demo ?? {}, logger);
  /** The demo's "Simulate network down" switch: wraps a demo session's online signal and fetch. */
  const network = createDemoNetworkSwitch();
  /** Every renderer that has spoken to us and is not gone: they all hear `connection.changed`. */
  const links = new Set<RendererLink>();
  let attached: { link: RendererLink; storeName: string; priorityOutletId: number | null } | undefined;
  let session: EngineSession | undefined;
  let savedDataset: DemoDataset | undefined | null = null; // null: demo.json not read yet
  let closed = false;

  let chain: Promise<unknown> = Promise.resolve();
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  }

  async function demoDataset(): Promise<DemoDataset> {
    if (savedDataset === null) savedDataset = await readDemoDataset(dataDir);
    return savedDataset ?? 'small';
  }

  const state = () => connectionState(secrets, demoDataset, options.suggestedBaseUrl);

  function broadcast(event: BridgeEvent) {
    for (const link of links) {
      if (link.closed) links.delete(link);
      else link.emit(event);
    }
  }

  async function announce(): Promise<ConnectionState> {
    const current = await state();
    broadcast({ event: 'connection.changed', payload: current });
    return current;
  }

  async function stopSession() {
    const old = session;
    session = undefined;
    await old?.stop();
  }

  /** Starts a demo simulator of `dataset` and saves its connection like a real one. */
  async function startDemo(dataset: DemoDataset) {
    await stopSession();
    let simulator: S;
    try {
      simulator = await demo.start(dataset);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      logger.error('demo start failed', { dataset, error: reason });
      throw new BridgeFailure('failed', `The demo could not start: ${reason}`);
    }
    await secrets.save({ baseUrl: simulator.baseUrl, apiKey: DEMO_API_KEY, demo: true });
    await writeDemoDataset(dataDir, dataset);
    savedDataset = dataset;
  }

  /** A demo connection saved by an earlier run: its simulator is started again, on a new port. */
  async function ensureDemo() {
    const connection = await secrets.load();
    if (!connection?.demo || closed) return;
    const running = demo.current();
    const dataset = await demoDataset();
    if (running?.dataset === dataset && running.simulator.baseUrl === connection.baseUrl) return;
    await startDemo(dataset);
  }

  /** (Re)starts the engine when a live renderer serves the store of the saved connection. */
  async function restartSession() {
    await stopSession();
    if (closed || !attached || attached.link.closed) return;
    const connection = await secrets.load();
    const current = await state();
    if (!connection || current.storeName !== attached.storeName) return;
    const { baseUrl } = connection;
    session = startEngineSession({
      link: attached.link,
      storeName: attached.storeName,
      baseUrl,
      // The key of the saved connection, only while it is still the one this engine was started for.
      getApiKey: async () => {
        const saved = await secrets.load();
        if (!saved || saved.baseUrl !== baseUrl) throw new Error('The connection changed');
        return saved.apiKey;
      },
      ...network.forSession(connection.demo, {
        online: options.online ?? ALWAYS_ONLINE,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
      logger,
      engine: withPriorityOutlet(options.engine ?? {}, attached.priorityOutletId),
      ...(options.onSecret ? { onToken: options.onSecret } : {}),
    });
  }

  function requireEngine() {
    if (!session) throw new BridgeFailure('not_connected', 'Not connected: sync is not running.');
    return session.engine;
  }

  const testOptions = {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.onSecret ? { onSecret: options.onSecret } : {}),
  };

  // Every renderer hears where the updater is, as it hears connection changes.
  const unsubscribeUpdates = updates.subscribe((status) =>
    broadcast({ event: 'update.status', payload: status }),
  );

  const ops = opHandlers(requireEngine, (ids, requester) => {
    if (!ids.length) return;
    const event: BridgeEvent = { event: 'ops.changed', payload: { ids } };
    requester.emit(event);
    if (attached && attached.link !== requester) attached.link.emit(event);
  });

  const handlers: BridgeHandlers<RendererLink> = {
    ...ops,
    'app.info': () => ({ name: options.name ?? 'Dockhand', version: options.version, host: options.host }),

    'connection.get': () =>
      serial(async () => {
        try {
          await ensureDemo();
        } catch {
          // Logged by startDemo; the state still tells the renderer it is a demo connection.
        }
        return state();
      }),

    'connection.test': async (input) => {
      const result = await testConnection(input, testOptions);
      logger.info('connection tested', result.ok ? { ok: true } : { ok: false, failure: result.failure });
      return result;
    },

    'connection.set': async (input) => {
      // Outside the chain: a slow test must not hold up other lifecycle commands.
      const test = await testConnection(input, testOptions);
      const baseUrl = normaliseBaseUrl(input.baseUrl);
      if (!test.ok || !baseUrl) return { saved: false as const, test };
      return serial(async () => {
        await stopSession();
        await demo.stop();
        await forgetDemoDataset(dataDir);
        savedDataset = undefined;
        // The same API as a refused http:// connection keeps that one's database and queued edits.
        const storeName = storeCarriedOver((await secrets.describe()).insecureBaseUrl, baseUrl);
        const info = await secrets.save({
          baseUrl,
          apiKey: input.apiKey,
          demo: false,
          ...(storeName ? { storeName } : {}),
        });
        logger.info('connection saved', { baseUrl, persistent: info.persistent });
        await restartSession();
        return { saved: true as const, state: await announce() };
      });
    },

    'connection.clear': () =>
      serial(async () => {
        await stopSession();
        await demo.stop();
        await secrets.clear();
        await forgetDemoDataset(dataDir);
        savedDataset = undefined;
        logger.info('connection cleared');
        return announce();
      }),

    'demo.start': ({ dataset }) =>
      serial(async () => {
        const connection = await secrets.load();
        const running = demo.current();
        const same = running?.dataset === dataset && connection?.baseUrl === running.simulator.baseUrl;
        if (same && connection?.demo) return state();
        await startDemo(dataset);
        await restartSession();
        return announce();
      }),

    'demo.network': demoNetworkHandler(network, async () => (await secrets.load())?.demo === true),

    'store.attach': ({ storeName, priorityOutletId }, link) =>
      serial(async () => {
        await ensureDemo();
        const current = await state();
        if (current.storeName === null) {
          throw new BridgeFailure('not_connected', 'Not connected: there is no store to serve.');
        }
        if (storeName !== current.storeName) {
          throw new BridgeFailure(
            'bad_request',
            `The store "${storeName}" is not the current connection's ("${current.storeName}").`,
          );
        }
        // The old engine finishes its store requests with the old renderer before that one is told to stop.
        await stopSession();
        const previous = attached?.link;
        if (previous && previous !== link && !previous.closed) {
          previous.emit({
            event: 'store.detached',
            payload: { reason: 'Another window or tab took over sync.' },
          });
          logger.info('store detached', { link: previous.label, by: link.label });
        }
        attached = { link, storeName, priorityOutletId: priorityOutletId ?? null };
        await restartSession();
        return {};
      }),

    'sync.status': () => {
      const status = session?.status() ?? null;
      return status ? statusView(status) : null;
    },

    'sync.now': () => {
      requireEngine();
      return syncNowAnswer(session!, network.signal(options.online ?? ALWAYS_ONLINE), logger);
    },

    'customer.loyaltyHistory': ({ customerId, page }) => {
      requireEngine();
      return readLoyaltyHistory(session!.client, customerId, page);
    },

    'update.status': () => updates.status(),
    'update.check': () => updates.checkNow(),
    'update.setChannel': ({ channel }) => updates.setChannel(channel),
    'update.install': () => updates.installWhenSafe(),

    // The sender's own window prints: a link carries it where the host has one (Electron's IPC links).
    'print.status': (_request, link) => printing.status(link.printTarget),
    'print.setSettings': (settings, link) => printing.setSettings(link.printTarget, settings),
    'print.run': (job, link) => printing.print(link.printTarget, job),
  };

  return {
    async handle(link, envelope) {
      if (closed) return { ok: false, error: { code: 'failed', message: 'The app is shutting down.' } };
      if (!link.closed) links.add(link);
      const result = await dispatchBridge(handlers, envelope, link);
      if (!result.ok && result.error.code === 'failed') {
        logger.warn('bridge command failed', { link: link.label, message: result.error.message });
      }
      return result;
    },
    detach(link) {
      links.delete(link);
      return serial(async () => {
        if (attached?.link !== link) return;
        attached = undefined;
        await stopSession();
      });
    },
    close() {
      closed = true;
      unsubscribeUpdates();
      return serial(async () => {
        await stopSession();
        await demo.stop();
      });
    },
    demoSimulator: () => demo.current()?.simulator,
    idle: async () => {
      await session?.engine.idle();
    },
    drain: async () => {
      await session?.engine.drain();
    },
  };
}

/**
 * One running sync engine: the API client for the saved connection, the store port carried over the link
 * of the renderer that serves the store, and the status stream to that renderer. The bridge keeps at most
 * one session and replaces it as a whole (docs/architecture.md, "Bridge": one durable store, one engine writing to it).
 */
import { remoteStorePort } from '../../../src/bridge/storeLink';
import { createApiClient } from '../api/client';
import type { ApiClient } from '../api/types';
import type { FetchLike } from '../api/options';
import { tokenProbe } from '../sync/connectivity';
import { createSyncEngine, type SyncEngine } from '../sync/engine';
import type { OnlineSignal, SyncEngineOptions, SyncStatus } from '../sync/types';
import { apiLoggerFor, syncLoggerFor, type AppLogger } from './logger';
import type { RendererLink } from './rendererLink';
import { createStatusForwarder } from './statusForwarder';

export interface EngineSessionOptions {
  link: RendererLink;
  storeName: string;
  baseUrl: string;
  /** Reads the key from the SecretBox at each request, so no session field holds it. */
  getApiKey: () => Promise<string>;
  online: OnlineSignal;
  logger: AppLogger;
  engine?: Partial<Omit<SyncEngineOptions, 'store' | 'client'>>;
  fetch?: FetchLike;
  /** Told every access token as it is issued (the host registers it with the log redactor). */
  onToken?: (token: string) => void;
}

export interface EngineSession {
  readonly link: RendererLink;
  readonly storeName: string;
  readonly engine: SyncEngine;
  /** The session's API client (its tokens, its pacing), for what the renderer reads on demand. */
  readonly client: ApiClient;
  /** Asks the API whether it answers (any HTTP answer counts), as the engine's own probe does. */
  probe(): Promise<boolean>;
  /**
   * How many ops wait to reach the server (queued, sending, uncertain), read from the store now: the
   * status's counts are refreshed after transitions, fire and forget, so they can lag one behind.
   */
  countWaiting(): Promise<number>;
  /**
   * The engine's status once it says something true: null until its start has published (or failed). The
   * status hub begins with placeholders (online, first sync assumed) that a window opened while offline
   * showed as "Online · Syncing…" for a moment (issue #26); the window says "Connecting…" instead.
   */
  status(): SyncStatus | null;
  /** Waits for the start to settle, stops the engine, sends the final status. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts without waiting for the engine's start (which reads the store over the link): the bridge command
 * that asked for it answers at once, and a failed start is logged and shown by the status.
 */
export function startEngineSession(options: EngineSessionOptions): EngineSession {
  const { link, storeName, logger } = options;
  const client = createApiClient({
    baseUrl: options.baseUrl,
    getApiKey: options.getApiKey,
    logger: apiLoggerFor(logger),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.onToken ? { onToken: options.onToken } : {}),
  });
  const probe = options.engine?.probe ?? tokenProbe(client);
  const store = remoteStorePort((request) => link.requestStore(request));
  const engine = createSyncEngine({
    online: options.online,
    logger: syncLoggerFor(logger),
    ...options.engine,
    store,
    client,
  });
  const forwarder = createStatusForwarder(link, logger);
  const shown = statusOnceKnown(engine.status, (status) => forwarder.push(status));
  const unsubscribe = shown.stop;

  const started = engine.start().then(
    () => logger.info('engine started', { storeName, link: link.label }),
    (error: unknown) => logger.error('engine start failed', { storeName, error: String(error) }),
  );
  void started.then(shown.startSettled);

  let stopping: Promise<void> | undefined;
  return {
    link,
    storeName,
    engine,
    client,
    probe,
    status: shown.current,
    countWaiting: async () => {
      const { counts } = await store.countByState({});
      return counts.queued + counts.sending + counts.uncertain;
    },
    stop: () =>
      (stopping ??= (async () => {
        // Stopping mid-start would leave the start's timers behind: let it finish first.
        await started;
        try {
          await engine.stop();
        } catch (error) {
          logger.error('engine stop failed', { storeName, error: String(error) });
        }
        forwarder.flush();
        unsubscribe();
        forwarder.dispose();
        logger.info('engine stopped', { storeName, link: link.label });
      })()),
  };
}

/**
 * The engine's status from its first true one: statuses published before the engine runs (the hub's
 * placeholders, the pull describing its cursors during the start) are held back, and so is `current()`;
 * the first status of a running engine, or the end of the start (a start that failed says stopped), opens
 * the gate.
 */
export function statusOnceKnown(
  hub: { get(): SyncStatus; subscribe(listener: (status: SyncStatus) => void): () => void },
  push: (status: SyncStatus) => void,
): { current(): SyncStatus | null; startSettled(): void; stop(): void } {
  let known = false;
  let stopped = false;
  const unsubscribe = hub.subscribe((status) => {
    if (status.running) known = true;
    if (known) push(status);
  });
  return {
    current: () => (known ? hub.get() : null),
    startSettled: () => {
      if (known || stopped) return;
      known = true;
      push(hub.get());
    },
    stop: () => {
      stopped = true;
      unsubscribe();
    },
  };
}

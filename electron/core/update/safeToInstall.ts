/**
 * When installing an update is safe: once the sync engine has drained (it takes no new op from the moment the
 * install is asked for, and every request in flight has its answer recorded: SyncEngine.drain in
 * ../sync/engine.ts), then after the quit cleanup has stopped it. Stopping alone is not enough: a stop aborts
 * the requests in flight, whose ops then wait, uncertain, for a lookup after the restart. Waiting for idle
 * alone is not enough either: an op could start between idle and the stop (a scan at that very instant) and
 * be cut off on the wire. Draining closes that window: such an op stays queued and is sent after the restart.
 */
export interface DrainSource {
  drain(): Promise<void>;
}

export function safeToInstall(engine: DrainSource, quitCleanup: () => Promise<void>): () => Promise<void> {
  return async () => {
    await engine.drain();
    await quitCleanup();
  };
}

/**
 * When installing an update is safe: once the sync engine is idle (no request in flight, nothing it could
 * send now: SyncEngine.idle in ../sync/engine.ts), then after the quit cleanup has stopped it. Stopping alone
 * is not enough: a stop aborts the requests in flight, whose ops then wait, uncertain, for a lookup after the
 * restart. Waiting for idle first lets every op on the wire get its answer and be recorded as done.
 *
 * Between idle and the stop an op could still start (a scan at that very instant); the stop then makes it
 * uncertain, and the restarted engine looks it up before sending anything again, as after any quit.
 */
export interface IdleSource {
  idle(): Promise<void>;
}

export function safeToInstall(engine: IdleSource, quitCleanup: () => Promise<void>): () => Promise<void> {
  return async () => {
    await engine.idle();
    await quitCleanup();
  };
}

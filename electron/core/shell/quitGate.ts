/**
 * Holds the app's quit until an async cleanup has run (the bridge stops the sync engine, which finishes the op
 * in flight and its write-ahead record, and the demo simulator writes its data file). Electron's
 * `before-quit` cannot await, so the first one is cancelled, the cleanup runs, and the app quits again; a
 * cleanup that hangs is given up on after `timeoutMs`, because an app that cannot be quit is worse.
 */

/** The members of Electron's `app` the gate uses. */
export interface QuittableApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

export interface QuitGateOptions {
  /** Default 5 s. */
  timeoutMs?: number;
  /** The cleanup failed or timed out; the app quits anyway. */
  onError?: (error: unknown) => void;
}

export function holdQuitUntil(
  app: QuittableApp,
  cleanup: () => Promise<void>,
  options: QuitGateOptions = {},
) {
  let state: 'open' | 'cleaning' | 'done' = 'open';
  const timeoutMs = options.timeoutMs ?? 5_000;

  app.on('before-quit', (event) => {
    if (state === 'done') return;
    event.preventDefault();
    if (state === 'cleaning') return;
    state = 'cleaning';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`Cleanup took longer than ${timeoutMs} ms`)), timeoutMs);
    });
    void Promise.race([Promise.resolve().then(cleanup), timeout])
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        clearTimeout(timer);
        state = 'done';
        app.quit();
      });
  });
}

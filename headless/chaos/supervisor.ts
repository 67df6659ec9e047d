/**
 * Starting and killing the chaos worker (./worker.ts) as a real child process, so a SIGKILL is a real crash:
 * no finally blocks, no flushed buffers, sockets cut mid-request. Events come over the IPC channel (so
 * nothing the engine prints can garble them); stdout and stderr are appended to a log file in the run's
 * directory for post-mortems.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLOCK_SKEW_ENV } from './clock';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
/** The repository root, where `--import tsx` resolves. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface WorkerEvent {
  /** `progress`: one more op finished (done, failed or conflicted); `settled` counts them. */
  event: 'started' | 'idle' | 'progress';
  counts?: Record<string, number>;
  settled?: number;
}

export interface WorkerProcess {
  readonly pid: number | undefined;
  /** Resolves with the first event of this type the worker prints. */
  next(event: WorkerEvent['event']): Promise<WorkerEvent>;
  /** Resolves once the worker has finished `count` ops (done, failed or conflicted) since it started. */
  settled(count: number): Promise<void>;
  /** Resolves when the process has exited (and been reaped). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startWorker(options: {
  dir: string;
  baseUrl: string;
  apiKey: string;
  logFile: string;
  /** The worker's clock runs this far off the harness's (./clock.ts). */
  clockSkewMs?: number;
}): WorkerProcess {
  const log = openSync(options.logFile, 'a');
  // DOCKHAND_CHAOS_NODE_FLAGS adds Node flags for a post-mortem (e.g. `--cpu-prof --cpu-prof-dir=DIR`).
  const extra = process.env.DOCKHAND_CHAOS_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const args = [...extra, '--import', 'tsx', WORKER, '--data', options.dir, '--base-url', options.baseUrl];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DOCKHAND_API_KEY: options.apiKey,
      [CLOCK_SKEW_ENV]: String(options.clockSkewMs ?? 0),
    },
    stdio: ['ignore', log, log, 'ipc'],
  });
  closeSync(log);

  const waiting = new Map<string, ((event: WorkerEvent) => void)[]>();
  const seen = new Map<string, WorkerEvent>();
  let settled = 0;
  const settledWaiters: { count: number; resolve(): void }[] = [];
  child.on('message', (message) => {
    const event = message as WorkerEvent;
    if (event.event === 'progress') {
      settled = event.settled ?? settled;
      for (const waiter of settledWaiters.filter((w) => w.count <= settled)) {
        settledWaiters.splice(settledWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      return;
    }
    if (!seen.has(event.event)) seen.set(event.event, event);
    for (const resolve of waiting.get(event.event) ?? []) resolve(event);
    waiting.delete(event.event);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  return {
    pid: child.pid,
    exited,
    next(event) {
      const already = seen.get(event);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiting.set(event, [...(waiting.get(event) ?? []), resolve]));
    },
    settled(count) {
      if (settled >= count) return Promise.resolve();
      return new Promise((resolve) => settledWaiters.push({ count, resolve }));
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}

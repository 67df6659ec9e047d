/**
 * Starts the pull worker for one database and turns it into the store link's offload
 * (src/bridge/storeLink.ts): pulled pages are stored off the main thread (src/db/pulledPageWorker.ts).
 *
 * Where a worker cannot start (no Worker, a blocked script, IndexedDB refused to it) every page is stored by
 * `inThread` instead: slower, never lost. A worker that dies later fails the pages it held (the engine pulls
 * them again from its cursors) and the rest go in-thread.
 *
 * Either way the user comes first (./windowPace.ts): the window's input and its screens' pending first reads
 * are posted to the worker, and the in-thread path reads the same pace, so pages wait and take small slices
 * while someone is working (src/db/pullSlices.ts `UserPace`).
 */
import type { PackedPulledPage, PulledPageOffload } from '../bridge/storeLink';
import { unpackPulledPage } from '../bridge/storeLink';
import { FromPullWorkerSchema, type ToPullWorker } from '../db/pulledPageWorker';
import { useThreadPace } from '../db/pullSlices';
import type { PortResponse, StorePort } from '../db/storePort';
import { windowPace } from './windowPace';

type Answer = PortResponse<'applyPulledPage'>;

export interface PullWorker {
  offload: PulledPageOffload;
  stop(): void;
}

export function startPullWorker(dbName: string, inThread: StorePort['applyPulledPage']): PullWorker {
  const pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let worker: Worker | null = null;
  // Settles once: true when the worker has the database open, false when it never will.
  let settleReady: (ready: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => (settleReady = resolve));
  // The pages this window stores itself follow its pace; the worker is told it by message.
  useThreadPace(windowPace.pace);
  const stopWatching = typeof window === 'undefined' ? () => {} : windowPace.watch(window);
  let stopSignals = () => {};

  const fallBack = (reason: string) => {
    settleReady(false);
    stopSignals();
    worker?.terminate();
    worker = null;
    for (const { reject } of pending.values()) reject(new Error(`The pull worker stopped: ${reason}`));
    pending.clear();
  };

  try {
    worker = new Worker(new URL('../db/pullWorker.entry.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<unknown>) => {
      const message = FromPullWorkerSchema.safeParse(event.data);
      if (!message.success) return fallBack('it sent a malformed message');
      if (message.data.type === 'ready') return settleReady(true);
      if (message.data.type === 'failed') return fallBack(message.data.error);
      const entry = pending.get(message.data.id);
      if (!entry) return;
      pending.delete(message.data.id);
      if (message.data.result.ok) entry.resolve(message.data.result.value);
      else entry.reject(new Error(message.data.result.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fallBack(event.message || 'it failed to run');
    };
    worker.postMessage({ type: 'open', name: dbName } satisfies ToPullWorker);
    const started = worker;
    stopSignals = windowPace.subscribe((signal) => started.postMessage(signal satisfies ToPullWorker));
  } catch (error) {
    fallBack(error instanceof Error ? error.message : String(error));
  }

  const storeHere = async (packed: PackedPulledPage): Promise<Answer> => {
    const request = unpackPulledPage(packed);
    if (!request.ok) throw new Error(request.error);
    return inThread(request.value);
  };

  const store = async (packed: PackedPulledPage): Promise<Answer> => {
    if (!(await ready) || !worker) return storeHere(packed);
    const id = nextId++;
    const answer = new Promise<Answer>((resolve, reject) => pending.set(id, { resolve, reject }));
    // Bytes from the WebSocket are moved, not copied: the window has no further use for them.
    const transfer = 'writesBytes' in packed ? packed.writesBytes.map((part) => part.buffer) : [];
    worker.postMessage({ type: 'apply', id, page: packed } satisfies ToPullWorker, transfer);
    return answer;
  };

  return {
    async offload(packed) {
      // Heavy live queries re-run less often while pages are being stored (./coalescedQuery.ts).
      const stored = windowPace.writingPage();
      try {
        return await store(packed);
      } finally {
        stored();
      }
    },
    stop() {
      fallBack('the window closed its database');
      stopWatching();
      useThreadPace(null);
    },
  };
}

/**
 * Entry of the pull worker (a dedicated Web Worker; ./pulledPageWorker.ts does the work, src/lib/pullWorker.ts
 * starts it). Kept to the wiring so the logic runs in plain Node tests over fake-indexeddb.
 */
import { pulledPageServer } from './pulledPageWorker';

const scope = globalThis as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
};
const server = pulledPageServer((message) => scope.postMessage(message));
scope.onmessage = (event) => void server.receive(event.data);

/**
 * The JS heap of the page's dedicated workers (the pull worker, src/lib/pullWorker.ts), sampled over CDP:
 * Runtime.getHeapUsage on the page's own session measures the window's isolate only, and the worker parses
 * and stores every pulled page. The workers are attached to this bench's CDP session without flattening
 * (Playwright keeps its own flattened attachment) and asked through Target.sendMessageToTarget.
 */
import type { CDPSession } from '@playwright/test';

const ANSWER_MS = 2_000;

/** Attaches to the page's workers (present and future); the answer samples their heaps, in MB, summed. */
export async function watchWorkerHeaps(cdp: CDPSession): Promise<() => Promise<number>> {
  const sessions = new Set<string>();
  const waiting = new Map<number, (mb: number) => void>();
  let nextId = 1;
  cdp.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type === 'worker') sessions.add(event.sessionId);
  });
  cdp.on('Target.detachedFromTarget', (event) => sessions.delete(event.sessionId));
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: { usedSize: number } };
    const answer = message.id === undefined ? undefined : waiting.get(message.id);
    if (!answer) return;
    waiting.delete(message.id!);
    answer((message.result?.usedSize ?? 0) / 2 ** 20);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const heapOf = (sessionId: string) =>
    new Promise<number>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      const giveUp = () => waiting.delete(id) && resolve(0);
      setTimeout(giveUp, ANSWER_MS);
      const message = JSON.stringify({ id, method: 'Runtime.getHeapUsage' });
      cdp.send('Target.sendMessageToTarget', { sessionId, message }).catch(giveUp);
    });
  return async () => (await Promise.all([...sessions].map(heapOf))).reduce((sum, mb) => sum + mb, 0);
}

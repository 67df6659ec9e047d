/**
 * Test support for the bridge (imported only by *.test.ts): a renderer as the hosts see it, i.e. a
 * RendererLink whose store requests are answered, asynchronously and through structured clones like IPC,
 * by the renderer's real Dexie store over fake-indexeddb; every event it receives is checked against the
 * contract and recorded. Also a recording logger, so tests can scan everything the bridge said.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { parseBridgeEvent, type BridgeEvent } from '../../../../src/bridge/contract';
import { storeRequestHandler } from '../../../../src/bridge/storeLink';
import { createDexieStore } from '../../../../src/db/dexieStore';
import { DockhandDb } from '../../../../src/db/schema';
import type { AppLogger } from '../logger';
import type { MainBridge } from '../mainBridge';
import { createRendererLink, type RendererLink } from '../rendererLink';

/** fake-indexeddb's factory; one per simulated browser profile. */
export type IndexedDbFactory = InstanceType<typeof IDBFactory>;

export interface TestRenderer {
  link: RendererLink;
  /** Valid events in arrival order. */
  events: BridgeEvent[];
  /** Envelopes the contract refused (must stay empty). */
  invalidEvents: unknown[];
  /** The Dexie database serving `storeName`, opened on first use (like the renderer does after connecting). */
  db(storeName: string): DockhandDb;
  invoke(command: string, payload?: unknown): ReturnType<MainBridge['handle']>;
  /** The window closed: pending store requests reject. */
  close(): void;
  eventsNamed<E extends BridgeEvent['event']>(name: E): Extract<BridgeEvent, { event: E }>[];
}

/** `indexedDB`: share one between renderers to model tabs of one browser profile. */
export function testRenderer(
  bridge: Pick<MainBridge, 'handle'>,
  label: string,
  indexedDB: IndexedDbFactory = new IDBFactory(),
): TestRenderer {
  const events: BridgeEvent[] = [];
  const invalidEvents: unknown[] = [];
  const dbs = new Map<string, DockhandDb>();
  let serving: ((raw: unknown) => Promise<unknown>) | undefined;
  const db = (storeName: string) => {
    let found = dbs.get(storeName);
    if (!found) {
      found = new DockhandDb(storeName, { indexedDB, IDBKeyRange });
      dbs.set(storeName, found);
    }
    serving = storeRequestHandler(createDexieStore(found));
    return found;
  };
  const created = createRendererLink({
    label,
    sendEvent(envelope) {
      const cloned = structuredClone(envelope);
      const parsed = parseBridgeEvent(cloned);
      if (parsed) events.push(parsed);
      else invalidEvents.push(cloned);
    },
    sendStoreRequest(request) {
      const cloned = structuredClone(request);
      setImmediate(() => {
        void (async () => {
          if (!serving) return; // no database open: the request times out, as with a real renderer
          created.receiveStoreReply(structuredClone(await serving(cloned)));
        })();
      });
    },
  });
  return {
    link: created.link,
    events,
    invalidEvents,
    db,
    invoke: (command, payload = {}) => bridge.handle(created.link, { command, payload }),
    close: () => created.close('the window closed'),
    eventsNamed: <E extends BridgeEvent['event']>(name: E) =>
      events.filter((event): event is Extract<BridgeEvent, { event: E }> => event.event === name),
  };
}

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
}

export function recordingLogger(): AppLogger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (message: string, fields?: Record<string, unknown>) =>
    lines.push({ level, message, ...(fields ? { fields } : {}) });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The session's view of sync while the host link comes and goes (issue #26), and its status updates
 * (issue #24): a fake bridge with a link the test drives; no host, no socket, no clock.
 */
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import type {
  BridgeCommand,
  BridgeEvent,
  BridgeResult,
  DockhandBridge,
  SyncStatusView,
} from '../bridge/contract';
import { idleSyncStatus } from '../bridge/testing/syncStatus';
import type { HostLink } from './bridge/webSocketBridge';
import { Session } from './session.svelte';

const STATUS = idleSyncStatus();

function fakeBridge() {
  const asked: BridgeCommand[] = [];
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- listener lists, never rendered
  const events = new Set<(event: BridgeEvent) => void>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- listener lists, never rendered
  const links = new Set<(link: HostLink) => void>();
  let status: SyncStatusView | null = STATUS;
  let current: HostLink = { state: 'open' };
  const answers: Partial<Record<BridgeCommand, () => unknown>> = {
    'connection.get': () => ({ status: 'none', storeName: null, persistent: true }),
    'app.info': () => ({ name: 'Dockhand', version: '1', host: 'browser' }),
    'update.status': () => ({ supported: false }),
    'sync.status': () => status,
    'sync.now': () => ({ started: true }),
  };
  const bridge = {
    invoke(command: BridgeCommand) {
      asked.push(command);
      if (current.state !== 'open')
        return Promise.resolve({
          ok: false,
          error: { code: 'failed', message: 'Lost the connection to the Dockhand host' },
        } as BridgeResult<never>);
      const answer = answers[command];
      return Promise.resolve(
        (answer
          ? { ok: true, value: answer() }
          : { ok: false, error: { code: 'failed', message: 'not in this test' } }) as BridgeResult<never>,
      );
    },
    onEvent(listener: (event: BridgeEvent) => void) {
      events.add(listener);
      return () => events.delete(listener);
    },
    serveStore: () => () => {},
    onLink(listener: (link: HostLink) => void) {
      links.add(listener);
      listener(current);
      return () => links.delete(listener);
    },
  } as unknown as DockhandBridge;
  return {
    bridge,
    asked,
    setStatus: (next: SyncStatusView | null) => (status = next),
    emit: (event: BridgeEvent) => events.forEach((listener) => listener(event)),
    link: (link: HostLink) => {
      current = link;
      links.forEach((listener) => listener(link));
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A session over a fake bridge, started and past its first reads. */
async function started() {
  const fake = fakeBridge();
  const session = new Session(fake.bridge);
  const stop = session.start();
  await settle();
  return { fake, session, stop };
}

describe('Session', () => {
  it('keeps the same status object when the host says the same thing again', async () => {
    const { fake, session, stop } = await started();
    let seen = 0;
    const cleanup = $effect.root(() => {
      $effect(() => {
        void session.syncStatus;
        seen++;
      });
    });
    flushSync();
    fake.emit({ event: 'sync.status', payload: STATUS });
    flushSync();
    const first = session.syncStatus;
    fake.emit({ event: 'sync.status', payload: structuredClone(STATUS) });
    flushSync();
    expect(session.syncStatus).toBe(first);
    fake.emit({ event: 'sync.status', payload: { ...STATUS, activity: 'pulling' } });
    flushSync();
    expect(session.syncStatus?.activity).toBe('pulling');
    expect(seen).toBe(3);
    cleanup();
    stop();
  });

  it('a progress tick of one resource does not wake what derives another', async () => {
    const { fake, session, stop } = await started();
    const progress = (customers: number) => ({
      ...STATUS,
      activity: 'pulling' as const,
      pullProgress: {
        customers: { done: customers, total: 1_000, finished: false },
        purchaseOrders: { done: 300, total: 300, finished: true },
      },
      pull: { ...STATUS.pull, firstSync: true, done: 300 + customers, total: 1_300 },
    });
    fake.emit({ event: 'sync.status', payload: progress(100) });
    let orders = 0;
    let customers = 0;
    const cleanup = $effect.root(() => {
      // As a list screen derives its resource's progress.
      const ordersPull = $derived(session.syncStatus?.pullProgress['purchaseOrders']);
      const customersPull = $derived(session.syncStatus?.pullProgress['customers']);
      $effect(() => {
        void ordersPull;
        orders++;
      });
      $effect(() => {
        void customersPull;
        customers++;
      });
    });
    flushSync();
    for (const done of [200, 300, 400]) {
      fake.emit({ event: 'sync.status', payload: progress(done) });
      flushSync();
    }
    expect(customers).toBe(4);
    expect(orders).toBe(1);
    expect(session.syncStatus?.pull.done).toBe(700);
    cleanup();
    stop();
  });

  it('forgets the status while the host link is down, says so, and reads it again once back', async () => {
    const { fake, session, stop } = await started();
    fake.emit({ event: 'sync.status', payload: STATUS });
    expect(session.syncStatus?.online).toBe(true);
    expect(session.hostLinkText).toBeNull();

    fake.link({ state: 'reconnecting', attempts: 1, refused: false });
    // No "Online" from before the drop: the status is unknown until the host says it again.
    expect(session.syncStatus).toBeNull();
    expect(session.hostLinkText).toBe('Reconnecting to Dockhand…');
    const now = await session.syncNow();
    expect(now).toEqual({ ok: false, error: { code: 'failed', message: 'Reconnecting to Dockhand…' } });
    expect(fake.asked).not.toContain('sync.now');

    fake.link({ state: 'reconnecting', attempts: 2, refused: true });
    expect(session.hostLinkText).toMatch(/^Dockhand was restarted/);

    // Back: the connection and the status are read afresh from the (maybe new) host.
    fake.setStatus({ ...STATUS, online: false, activity: 'offline' });
    const before = fake.asked.length;
    fake.link({ state: 'open' });
    await settle();
    expect(fake.asked.slice(before)).toEqual(['connection.get', 'sync.status']);
    expect(session.syncStatus?.online).toBe(false);
    expect(session.hostLinkText).toBeNull();
    expect(await session.syncNow()).toEqual({ ok: true, value: { started: true } });
    stop();
  });

  it('a start that failed for want of the host link says what to do, and starts again once the link is up', async () => {
    const fake = fakeBridge();
    fake.link({ state: 'reconnecting', attempts: 1, refused: false });
    const session = new Session(fake.bridge);
    const stop = session.start();
    await settle();
    expect(session.phase).toBe('error');
    expect(session.error).toBe('Reconnecting to Dockhand…');
    fake.link({ state: 'reconnecting', attempts: 2, refused: true });
    expect(session.error).toMatch(/^Dockhand was restarted: open it again from the address it shows/);
    fake.link({ state: 'open' });
    await settle();
    expect(session.phase).toBe('connect');
    expect(session.error).toBeNull();
    stop();
  });
});
